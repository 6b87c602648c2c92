import { describe, expect, it } from 'vitest';
import { fragmentLines } from './fragment-lines';

describe('the matching fragments in a program', () => {
  it('cuts each line into marked and unmarked pieces, and says where each fragment starts and ends', () => {
    const code = 'int a;\nint b = a + 1;\nreturn b;\n';
    const { pieces, marks } = fragmentLines(code, [
      { startRow: 0, startCol: 4, endRow: 1, endCol: 5 },
      { startRow: 1, startCol: 2, endRow: 2, endCol: 6 },
    ]);
    expect(pieces).toEqual([
      [
        { text: 'int ', fragment: null },
        { text: 'a;', fragment: 1 },
      ],
      [
        { text: 'int b', fragment: 1 },
        { text: ' = a + 1;', fragment: 2 },
      ],
      [
        { text: 'return', fragment: 2 },
        { text: ' b;', fragment: null },
      ],
    ]);
    expect(marks).toEqual([
      { starts: [1], ends: [], inside: [1] },
      { starts: [2], ends: [1], inside: [1, 2] },
      { starts: [], ends: [2], inside: [2] },
    ]);
  });

  it('lets the fragment chosen win where two overlap', () => {
    const regions = [
      { startRow: 0, startCol: 0, endRow: 0, endCol: 6 },
      { startRow: 0, startCol: 3, endRow: 0, endCol: 9 },
    ];
    expect(fragmentLines('abcdefghi', regions).pieces[0]).toEqual([
      { text: 'abcdef', fragment: 1 },
      { text: 'ghi', fragment: 2 },
    ]);
    expect(fragmentLines('abcdefghi', regions, 2).pieces[0]).toEqual([
      { text: 'abc', fragment: 1 },
      { text: 'defghi', fragment: 2 },
    ]);
  });

  it('ignores a region past the end of the code', () => {
    const { pieces, marks } = fragmentLines('x', [{ startRow: 3, startCol: 0, endRow: 4, endCol: 2 }]);
    expect(pieces).toEqual([[{ text: 'x', fragment: null }]]);
    expect(marks).toEqual([{ starts: [], ends: [], inside: [] }]);
  });
});
