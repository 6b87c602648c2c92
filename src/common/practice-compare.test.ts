import { describe, expect, it } from 'vitest';
import { firstDifference, outputsMatch } from './practice-compare';

describe('outputsMatch', () => {
  it('exact compares every character', () => {
    expect(outputsMatch('5\n', '5\n', 'exact')).toBe(true);
    expect(outputsMatch('5\n', '5', 'exact')).toBe(false);
    expect(outputsMatch('5\n', '5 \n', 'exact')).toBe(false);
  });

  it('trailing_whitespace ignores spaces and tabs at line ends, trailing newlines and \\r\\n', () => {
    expect(outputsMatch('1 2\n3\n', '1 2  \r\n3\t\n\n\n', 'trailing_whitespace')).toBe(true);
    expect(outputsMatch('1 2\n3', '1 2\n3\n', 'trailing_whitespace')).toBe(true);
    expect(outputsMatch('1 2\n3', ' 1 2\n3', 'trailing_whitespace')).toBe(false);
    expect(outputsMatch('1\n\n2', '1\n2', 'trailing_whitespace')).toBe(false);
    expect(outputsMatch('', '\n\n', 'trailing_whitespace')).toBe(true);
  });
});

describe('firstDifference', () => {
  it('is null when the outputs match', () => {
    expect(firstDifference('a\nb', 'a\nb  \n', 'trailing_whitespace')).toBeNull();
    expect(firstDifference('a', 'a', 'exact')).toBeNull();
  });

  it('points into the actual output, 1-based', () => {
    expect(firstDifference('hello\nworld\n', 'hello\nwurld\n', 'exact')).toEqual({ line: 2, column: 2, index: 7 });
    expect(firstDifference('hello\nworld', 'hello \r\nwurld', 'trailing_whitespace')).toEqual({ line: 2, column: 2, index: 9 });
  });

  it('reports missing and extra lines', () => {
    expect(firstDifference('a\nb\n', 'a\n', 'trailing_whitespace')).toEqual({ line: 2, column: 1, index: 2 });
    expect(firstDifference('a\n', 'a\nextra\n', 'trailing_whitespace')).toEqual({ line: 2, column: 1, index: 2 });
    expect(firstDifference('abc', 'ab', 'exact')).toEqual({ line: 1, column: 3, index: 2 });
  });
});
