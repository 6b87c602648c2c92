// Compares a program's output with the expected output, the same way in the browser (instant feedback) and on the server (the verdict).
export type OutputMatch = 'exact' | 'trailing_whitespace';

// Students rarely mean the spaces at a line's end or the blank lines at the end, and Windows editors send \r\n:
// under `trailing_whitespace` none of these decide a verdict.
function normalize(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

export function outputsMatch(expected: string, actual: string, match: OutputMatch): boolean {
  return match === 'exact' ? expected === actual : normalize(expected) === normalize(actual);
}

/** Where `actual` first departs from `expected`: 1-based line and column and 0-based index, all into `actual`; null when they match. */
export function firstDifference(
  expected: string,
  actual: string,
  match: OutputMatch,
): { line: number; column: number; index: number } | null {
  if (outputsMatch(expected, actual, match)) return null;
  if (match === 'exact') return positionOf(actual, commonPrefixLength(expected, actual));

  // Compare line by line so that the position found can be mapped back into the raw `actual` text.
  const expectedLines = normalize(expected).split('\n');
  const actualLines = actual.split('\n');
  let lineStart = 0;
  for (let i = 0; i < Math.max(expectedLines.length, actualLines.length); i++) {
    const rawLine = actualLines[i];
    if (rawLine === undefined) return positionOf(actual, actual.length);
    const line = rawLine.replace(/\r$/, '').replace(/[ \t]+$/, '');
    const wanted = expectedLines[i];
    if (wanted === undefined) {
      // Extra output after the expected end: only a difference if something other than blank lines follows.
      if (actual.slice(lineStart).replace(/[\s]+/g, '') === '') return null;
      return { line: i + 1, column: 1, index: lineStart };
    }
    if (line !== wanted) {
      const column = commonPrefixLength(wanted, line);
      return { line: i + 1, column: column + 1, index: lineStart + column };
    }
    lineStart += rawLine.length + 1;
  }
  return positionOf(actual, Math.min(lineStart, actual.length));
}

function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function positionOf(text: string, index: number): { line: number; column: number; index: number } {
  const before = text.slice(0, index);
  const lastNewline = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: index - lastNewline, index };
}
