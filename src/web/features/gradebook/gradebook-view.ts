import { formatInZone } from '@common/calendar';
import { formatScore, GradebookMessages as M, type GradebookCell, type GradebookRow } from '@common/gradebook';

/** Which students the table shows: all, those with a late cell, or those with an overridden one. */
export type RowFilter = 'all' | 'late' | 'overridden';
export type RowSort = 'name' | 'total-desc' | 'total-asc';

export const studentName = (r: Pick<GradebookRow, 'firstName' | 'lastName' | 'email'>) => `${r.firstName} ${r.lastName}`.trim() || r.email;

const byName = (a: GradebookRow, b: GradebookRow) =>
  a.lastName.localeCompare(b.lastName, undefined, { sensitivity: 'base' }) ||
  a.firstName.localeCompare(b.firstName, undefined, { sensitivity: 'base' }) ||
  a.email.localeCompare(b.email);

/** The rows to show: filtered by a part of the name or e-mail and by the marks, then sorted (no total goes last). */
export function visibleRows(
  rows: GradebookRow[],
  { name, filter, sort }: { name: string; filter: RowFilter; sort: RowSort },
): GradebookRow[] {
  const needle = name.trim().toLowerCase();
  const shown = rows.filter((r) => {
    if (needle && !`${r.firstName} ${r.lastName} ${r.email}`.toLowerCase().includes(needle)) return false;
    if (filter === 'late') return r.cells.some((c) => c.late);
    if (filter === 'overridden') return r.cells.some((c) => c.override);
    return true;
  });
  if (sort === 'name') return shown.sort(byName);
  const sign = sort === 'total-desc' ? -1 : 1;
  return shown.sort((a, b) => {
    if (a.total === null || b.total === null) return a.total === b.total ? byName(a, b) : a.total === null ? 1 : -1;
    return sign * (a.total - b.total) || byName(a, b);
  });
}

/** The marks of a cell: a short word each for the eye, and the whole sentence each for a screen reader and the dialog. */
export function cellMarks(
  cell: GradebookCell,
  timeZone: string,
): { kind: 'late' | 'extended' | 'overridden'; short: string; text: string }[] {
  const marks: { kind: 'late' | 'extended' | 'overridden'; short: string; text: string }[] = [];
  if (cell.late) marks.push({ kind: 'late', short: M.lateShort, text: M.late(cell.penalty ?? 0, cell.daysLate ?? 0) });
  if (cell.extended) {
    marks.push({
      kind: 'extended',
      short: M.extendedShort,
      text: M.extended(cell.extendedTo ? formatInZone(cell.extendedTo, timeZone) : null),
    });
  }
  if (cell.override) {
    marks.push({
      kind: 'overridden',
      short: M.overriddenShort,
      text: M.overridden(cell.override.by, formatInZone(cell.override.at, timeZone), cell.override.reason),
    });
  }
  return marks;
}

/** What a screen reader says of a cell: who, what, the score (or 'Not submitted') and every mark. */
export function cellLabel(student: string, item: string, cell: GradebookCell, timeZone: string): string {
  const score = cell.score === null ? M.notSubmitted : formatScore(cell.score);
  return [M.cellLabel(student, item, score), ...cellMarks(cell, timeZone).map((m) => m.text)].join('. ');
}

/** How many rows the table shows at first and adds with 'Show More': 50 rows of 100 cells stay quick to draw. */
export const ROWS_PER_PAGE = 50;
