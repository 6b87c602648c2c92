import type { CodeRegion } from '@common/similarity';

/** A piece of one line: its text, and the number of the matching fragment it belongs to (null for none). */
export type LinePiece = { text: string; fragment: number | null };

/** Where fragments start and end, for the numbers beside the lines. */
export type LineMarks = { starts: number[]; ends: number[]; inside: number[] };

/**
 * A program cut into lines, each cut into pieces by the matching fragments that cover it (fragments numbered from 1,
 * in the order given; where two overlap, the `preferred` one wins, else the first one listed), with the fragments
 * that start, end or continue on each line.
 */
export function fragmentLines(
  code: string,
  regions: CodeRegion[],
  preferred: number | null = null,
): { pieces: LinePiece[][]; marks: LineMarks[] } {
  const lines = code.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const owners = lines.map((l) => new Array<number | null>(l.length).fill(null));
  const marks: LineMarks[] = lines.map(() => ({ starts: [], ends: [], inside: [] }));
  regions.forEach((r, i) => {
    const n = i + 1;
    const last = Math.min(r.endRow, lines.length - 1);
    for (let row = Math.max(0, r.startRow); row <= last; row++) {
      const line = owners[row]!;
      const from = row === r.startRow ? r.startCol : 0;
      const to = row === r.endRow ? Math.min(r.endCol, line.length) : line.length;
      for (let c = from; c < to; c++) if (line[c] === null || n === preferred) line[c] = n;
      marks[row]!.inside.push(n);
    }
    if (r.startRow < 0 || r.startRow > last) return;
    marks[r.startRow]!.starts.push(n);
    marks[last]!.ends.push(n);
  });
  const pieces = lines.map((line, row) => {
    const out: LinePiece[] = [];
    const owner = owners[row]!;
    for (let c = 0; c < line.length;) {
      const fragment = owner[c]!;
      let end = c + 1;
      while (end < line.length && owner[end] === fragment) end++;
      out.push({ text: line.slice(c, end), fragment });
      c = end;
    }
    return out;
  });
  return { pieces, marks };
}
