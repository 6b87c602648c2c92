import { describe, expect, it } from 'vitest';
import { blocksOf, codeLines, exactTime, lineDiff, pairsOf } from './submission-history';

const signs = (code: string, next: string) =>
  lineDiff(code, next).lines.map((l) => `${{ same: ' ', added: '+', removed: '-' }[l.kind]}${l.text}`);

describe('the line diff of two attempts', () => {
  it('reads lines as an editor does: CRLF is one line end, a last line end opens no line', () => {
    expect(codeLines('')).toEqual([]);
    expect(codeLines('a\r\nb\n')).toEqual(['a', 'b']);
    expect(codeLines('a\n\n')).toEqual(['a', '']);
  });

  it('marks removed and added lines, with their numbers in each attempt', () => {
    const { lines, exact } = lineDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(exact).toBe(true);
    expect(lines).toEqual([
      { kind: 'same', text: 'a', before: 1, after: 1 },
      { kind: 'removed', text: 'b', before: 2, after: null },
      { kind: 'added', text: 'B', before: null, after: 2 },
      { kind: 'same', text: 'c', before: 3, after: 3 },
      { kind: 'added', text: 'd', before: null, after: 4 },
    ]);
    expect(signs('x\n', 'x\r\n')).toEqual([' x']);
    expect(signs('', 'x')).toEqual(['+x']);
  });

  it('folds unchanged stretches away from the changes, keeping three lines around each', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const after = [...before];
    after[9] = 'changed';
    const blocks = blocksOf(lineDiff(before.join('\n'), after.join('\n')).lines);
    expect(blocks.map((b) => [b.kind, b.lines.length])).toEqual([
      ['fold', 6],
      ['lines', 8],
      ['fold', 7],
    ]);
    // Every line is in exactly one block, in order.
    expect(blocks.flatMap((b) => b.lines.map((l) => l.after ?? l.before))).toHaveLength(21);
    // No fold of two lines or fewer: they are shown.
    expect(blocksOf(lineDiff('a\nb\nc\nd\ne\n', 'a\nb\nc\nd\nE\n').lines).map((b) => b.kind)).toEqual(['lines']);
  });

  it('puts the removed lines of a change beside the lines added there', () => {
    const pairs = pairsOf(lineDiff('a\nb\nc\nz\n', 'a\nB\nz\n').lines);
    expect(pairs.map(([l, r]) => [l?.text ?? null, r?.text ?? null])).toEqual([
      ['a', 'a'],
      ['b', 'B'],
      ['c', null],
      ['z', 'z'],
    ]);
  });

  it('shows two codes too different to compare in time as one replacing the other', () => {
    const many = (seed: number) => Array.from({ length: 20_000 }, (_, i) => `${(i * seed) % 9973}`).join('\n');
    const started = Date.now();
    const { lines, exact } = lineDiff(many(7), many(13));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(exact).toBe(false);
    expect(lines.slice(0, 20_000).every((l) => l.kind === 'removed')).toBe(true);
    expect(lines.slice(20_000).every((l) => l.kind === 'added')).toBe(true);
    expect(lines).toHaveLength(40_000);
  });
});

describe('exactTime', () => {
  it('gives the time to the second, not rounded', () => {
    const iso = new Date(2026, 2, 7, 14, 5, 9, 999).toISOString();
    expect(exactTime(iso)).toBe('Mar 7, 2026, 14:05:09');
  });
});
