import { describe, expect, it } from 'vitest';
import { tokenize } from './code-tokens';
import { ORIGINAL, PLANTED, UNRELATED } from '@test-support/fixtures/similar-programs';
import { comparePrograms, type CompareInput } from './similarity-engine';

const compare = (programs: Record<string, string>, options: Partial<CompareInput> = {}) =>
  comparePrograms({
    language: 'c',
    starterCode: '',
    threshold: 0,
    maxPairs: 100,
    ...options,
    programs: Object.entries(programs).map(([key, code]) => ({ key, code })),
  });

const share = (out: ReturnType<typeof compare>, a: string, b: string) =>
  out.pairs.find((p) => (p.left === a && p.right === b) || (p.left === b && p.right === a))?.similarity ?? 0;

describe('the similarity check', () => {
  it('finds a copy with renamed variables and reordered functions, and not an unrelated solution', () => {
    const out = compare({ ann: ORIGINAL, bob: PLANTED, cem: UNRELATED });
    expect(out.compared).toBe(3);
    expect(share(out, 'ann', 'bob')).toBeGreaterThanOrEqual(0.8);
    expect(share(out, 'ann', 'cem')).toBeLessThan(0.5);
    expect(share(out, 'bob', 'cem')).toBeLessThan(0.5);
    // At the default threshold only the planted pair is listed, with fragments in both programs.
    const listed = compare({ ann: ORIGINAL, bob: PLANTED, cem: UNRELATED }, { threshold: 0.5 });
    expect(listed.pairsAbove).toBe(1);
    const [pair] = listed.pairs;
    expect([pair!.left, pair!.right].sort()).toEqual(['ann', 'bob']);
    expect(pair!.fragments.length).toBeGreaterThan(0);
    const starts = pair!.fragments.map((f) => f.left.startRow);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // The swapped functions: a fragment in the first half of one program matches the second half of the other.
    const annLines = ORIGINAL.split('\n').length;
    const left = pair!.left === 'ann' ? 'left' : 'right';
    const right = left === 'left' ? 'right' : 'left';
    expect(pair!.fragments.some((f) => f[left].startRow < annLines / 3 && f[right].startRow > 8)).toBe(true);
  });

  it('does not count the starter code: two students who kept it and wrote their own code are not similar', () => {
    // A long skeleton the tutor gave: input parsing and printing helpers that every student keeps.
    const starter = `#include <stdio.h>
#include <stdlib.h>

static int read_count(void) {
  int count = 0;
  if (scanf("%d", &count) != 1 || count <= 0) { fprintf(stderr, "bad input\\n"); exit(1); }
  return count;
}

static int *read_values(int count) {
  int *values = malloc(sizeof(int) * count);
  for (int i = 0; i < count; i++) if (scanf("%d", &values[i]) != 1) exit(1);
  return values;
}

static void print_result(const char *label, double value) {
  printf("%s %.2f\\n", label, value);
}

int main(void) {
  int count = read_count();
  int *values = read_values(count);
  /* your code here */
  free(values);
  return 0;
}
`;
    const withStarter = (body: string) => starter.replace('  /* your code here */', body);
    const first = withStarter(`  long total = 0;
  for (int i = 0; i < count; i++) total += values[i];
  print_result("mean", (double)total / count);`);
    const second = withStarter(`  int best = values[0];
  int at = 0;
  while (++at < count) if (values[at] > best) best = values[at];
  print_result("max", best);`);
    expect(share(compare({ x: first, y: second }), 'x', 'y')).toBeGreaterThan(0.5);
    const out = compare({ x: first, y: second }, { starterCode: starter });
    expect(share(out, 'x', 'y')).toBeLessThan(0.3);
    // Their own code stays comparable: one who copied the other is still found.
    expect(share(compare({ x: first, y: first.replaceAll('total', 'sum') }, { starterCode: starter }), 'x', 'y')).toBeGreaterThan(0.9);
  });

  it('keeps only the most similar pairs and counts all those above the threshold', () => {
    const out = compare({ a: ORIGINAL, b: PLANTED, c: ORIGINAL.replaceAll('values', 'v') }, { threshold: 0.5, maxPairs: 2 });
    expect(out.pairsAbove).toBe(3);
    expect(out.pairs).toHaveLength(2);
    expect(out.pairs[0]!.similarity).toBeGreaterThanOrEqual(out.pairs[1]!.similarity);
  });

  it('compares nothing with fewer than two programs, and copes with programs too short for a fingerprint', () => {
    expect(compare({ a: ORIGINAL })).toEqual({ compared: 1, pairsAbove: 0, pairs: [] });
    expect(compare({ a: 'int main(){}', b: '' }, { threshold: 0 }).pairs).toEqual([]);
  });

  it('compares Java and JavaScript the same way', () => {
    const java = `public class Main {
  static int fib(int n) { int a = 0, b = 1; for (int i = 0; i < n; i++) { int t = a + b; a = b; b = t; } return a; }
  public static void main(String[] args) { java.util.Scanner in = new java.util.Scanner(System.in); int n = in.nextInt(); System.out.println(fib(n)); }
}`;
    const javaCopy = java.replaceAll('fib', 'f').replaceAll(' t ', ' tmp ').replaceAll('t;', 'tmp;').replaceAll('Main', 'Solution');
    const out = comparePrograms({
      language: 'java',
      starterCode: '',
      threshold: 0,
      maxPairs: 10,
      programs: [
        { key: 'a', code: java },
        { key: 'b', code: javaCopy },
      ],
    });
    expect(out.pairs[0]!.similarity).toBeGreaterThan(0.9);
    const js = 'function total(xs) { let s = 0; for (const x of xs) { s += x; } return s; }\nconsole.log(total([1, 2, 3]), `done ${1}`);';
    const jsCopy = js.replaceAll('total', 'sum').replaceAll('xs', 'list');
    const jsOut = comparePrograms({
      language: 'javascript',
      starterCode: '',
      threshold: 0,
      maxPairs: 10,
      programs: [
        { key: 'a', code: js },
        { key: 'b', code: jsCopy },
      ],
    });
    expect(jsOut.pairs[0]!.similarity).toBeGreaterThan(0.9);
  });
});

describe('the tokens compared', () => {
  it('hides names, literals, comments and layout, and keeps keywords and operators with their places', () => {
    const { tokens, regions } = tokenize('int total = 42; // the sum\n/* note */ total >>= 1;\nchar *s = "a\\"b";', 'c');
    expect(tokens).toEqual(['int', 'id', '=', 'num', ';', 'id', '>>=', 'num', ';', 'char', '*', 'id', '=', 'str', ';']);
    expect(regions[5]).toEqual({ startRow: 1, startCol: 11, endRow: 1, endCol: 16 });
    expect(tokenize("x = 'a'", 'c').tokens).toEqual(['id', '=', 'chr']);
    expect(tokenize("x = 'a'", 'javascript').tokens).toEqual(['id', '=', 'str']);
    expect(tokenize('#include <stdio.h>', 'c').tokens).toEqual(['#include', '<', 'id', '.', 'id', '>']);
  });
});
