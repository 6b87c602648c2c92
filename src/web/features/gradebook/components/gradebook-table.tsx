import { formatInZone } from '@common/calendar';
import { CalendarMessages } from '@common/calendar';
import { formatScore, GradebookMessages as M, type Gradebook, type GradebookRow } from '@common/gradebook';
import { cn } from '@web/lib/cn';
import { cellLabel, studentName } from '../gradebook-view';
import { GradeCell } from './grade-cell';

export type OpenCell = (row: GradebookRow, itemIndex: number) => void;

/** What both layouts of the gradebook show: the table on a wide screen, the list on a phone. */
export type GradebookViewProps = { gradebook: Gradebook; rows: GradebookRow[]; timeZone: string; onOpen: OpenCell };

const stickyCell = 'sticky left-0 z-10 border-r bg-card';

/**
 * The gradebook on a wide screen: a row per student (their name stays in view while the items scroll sideways), a
 * column per item in outline order under its chapter, then the chapters' totals and the course total. Each cell is a
 * button that opens 'Override Score' and says the cell in words.
 */
export function GradebookTable({ gradebook, rows, timeZone, onOpen }: GradebookViewProps) {
  const { chapters, items } = gradebook;
  const span = (chapterId: string) => items.filter((i) => i.chapterId === chapterId).length;
  return (
    <div className="overflow-x-auto rounded-xl border bg-card shadow-sm" data-testid="gradebook-table">
      <table className="w-max min-w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{`${M.pageTitle}: ${gradebook.course.title}`}</caption>
        <thead>
          <tr className="bg-muted">
            <th
              scope="col"
              rowSpan={2}
              className={cn(stickyCell, 'min-w-48 border-b bg-muted px-4 py-2 text-left align-bottom font-medium')}
            >
              {M.student}
            </th>
            {chapters.map((ch) => (
              <th key={ch.id} scope="colgroup" colSpan={span(ch.id)} className="border-b border-r px-3 py-2 text-left font-semibold">
                {ch.title}
              </th>
            ))}
            <th scope="colgroup" colSpan={chapters.length + 1} className="border-b px-3 py-2 text-left font-semibold">
              {M.totals}
            </th>
          </tr>
          <tr className="bg-muted">
            {items.map((item) => (
              <th key={item.id} scope="col" className="min-w-32 max-w-48 border-b px-3 py-2 text-left align-bottom font-medium">
                <span className="line-clamp-2 break-words">{item.title}</span>
                {item.dueAt && (
                  <span className="block text-xs font-normal text-muted-foreground">
                    {CalendarMessages.dueOn(formatInZone(item.dueAt, timeZone))}
                  </span>
                )}
              </th>
            ))}
            {chapters.map((ch) => (
              <th key={ch.id} scope="col" className="min-w-28 border-b px-3 py-2 text-left align-bottom font-medium">
                {M.chapterTotal(ch.title)}
              </th>
            ))}
            <th scope="col" className="min-w-24 border-b px-3 py-2 text-left align-bottom font-semibold">
              {M.total}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const name = studentName(row);
            return (
              <tr key={row.studentId} className="group" data-testid="gradebook-row">
                <th scope="row" className={cn(stickyCell, 'border-b px-4 py-2 text-left font-medium group-hover:bg-muted')}>
                  <span className="block">{name}</span>
                  <span className="block text-xs font-normal text-muted-foreground">{row.email}</span>
                </th>
                {row.cells.map((cell, n) => (
                  <td key={items[n]!.id} className="border-b p-1 group-hover:bg-muted/40">
                    <button
                      type="button"
                      onClick={() => onOpen(row, n)}
                      aria-label={cellLabel(name, items[n]!.title, cell, timeZone)}
                      aria-haspopup="dialog"
                      className="flex min-h-10 w-full items-center rounded-md px-2 text-left hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <GradeCell cell={cell} timeZone={timeZone} />
                    </button>
                  </td>
                ))}
                {row.chapterTotals.map((total, n) => (
                  <td key={chapters[n]!.id} className="border-b px-3 py-2 tabular-nums group-hover:bg-muted/40">
                    {formatScore(total)}
                  </td>
                ))}
                <td className="border-b px-3 py-2 font-semibold tabular-nums group-hover:bg-muted/40">{formatScore(row.total)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
