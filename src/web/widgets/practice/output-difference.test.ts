import { describe, expect, it } from 'vitest';
import { markDifference } from './output-difference';

describe('markDifference', () => {
  it('marks nothing when the outputs match', () => {
    expect(markDifference('1\n2\n', '1\n2\n', 'exact')).toBeNull();
    expect(markDifference('1\n2', '1  \n2\n\n', 'trailing_whitespace')).toBeNull();
  });

  it('marks the first differing character and says where it is', () => {
    expect(markDifference('Hello\nWorld\n', 'Hello\nWoXld\n', 'exact')).toEqual({
      before: 'Hello\nWo',
      at: 'X',
      after: 'ld\n',
      description: 'First difference: line 2, column 3',
    });
  });

  it('says when the output stops short', () => {
    const marked = markDifference('1\n2\n3\n', '1\n2\n', 'trailing_whitespace');
    expect(marked?.at).toBe('');
    expect(marked?.description).toMatch(/^First difference: line 3, column 1 \(your output ends here/);
  });

  it('shows a newline where a character was expected as a visible mark', () => {
    const marked = markDifference('ab\n', 'a\nb\n', 'exact');
    expect(marked?.at).toBe('↵\n');
    expect(marked?.description).toBe('First difference: line 1, column 2 (your line ends here)');
  });
});
