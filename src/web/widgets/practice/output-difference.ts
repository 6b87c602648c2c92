import { firstDifference } from '@common/practice-compare';
import type { OutputMatch } from '@common/practice';

export type MarkedOutput = {
  before: string;
  /** The first differing character of the actual output ('' when the output stops short). */
  at: string;
  after: string;
  /** The same place in words, so the mark is not colour alone. */
  description: string;
} | null;

/**
 * Where the student's output first departs from the expected one, split for display: the text
 * before it, the differing character, the rest. A newline at that place is shown as a marked
 * '↵' so the mark stays visible.
 */
export function markDifference(expected: string, actual: string, match: OutputMatch): MarkedOutput {
  const difference = firstDifference(expected, actual, match);
  if (!difference) return null;
  const { line, column, index } = difference;
  const where = `First difference: line ${line}, column ${column}`;
  if (index >= actual.length) {
    return { before: actual, at: '', after: '', description: `${where} (your output ends here, more was expected)` };
  }
  const char = actual[index]!;
  return {
    before: actual.slice(0, index),
    at: char === '\n' ? '↵\n' : char,
    after: actual.slice(index + 1),
    description: char === '\n' ? `${where} (your line ends here)` : where,
  };
}
