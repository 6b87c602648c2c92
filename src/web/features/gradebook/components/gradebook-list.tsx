import { formatScore, GradebookMessages as M } from '@common/gradebook';
import { ChevronDownIcon } from 'lucide-react';
import { cellLabel, studentName } from '../gradebook-view';
import { GradeCell } from './grade-cell';
import type { GradebookViewProps } from './gradebook-table';

/**
 * The gradebook on a phone: a card per student with their course total; opening it lists each item with its score
 * and marks (a button to 'Override Score'), then the chapters' totals. A wide grid would not fit 390 pixels.
 */
export function GradebookList({ gradebook, rows, timeZone, onOpen }: GradebookViewProps) {
  const { chapters, items } = gradebook;
  return (
    <ul className="grid gap-3" data-testid="gradebook-list">
      {rows.map((row) => {
        const name = studentName(row);
        return (
          <li key={row.studentId} className="rounded-xl border bg-card shadow-sm" data-testid="gradebook-row">
            <details className="group">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-xl p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                <span className="min-w-0">
                  <span className="block font-semibold break-words">{name}</span>
                  <span className="block text-xs break-all text-muted-foreground">{row.email}</span>
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  <span className="text-right">
                    <span className="block text-xs text-muted-foreground">{M.total}</span>
                    <span className="font-semibold tabular-nums">{formatScore(row.total)}</span>
                  </span>
                  <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
                </span>
              </summary>
              <div className="grid gap-3 border-t px-4 pb-4 pt-3">
                {chapters.map((ch, c) => (
                  <section key={ch.id} aria-label={ch.title} className="grid gap-1">
                    <h3 className="flex justify-between gap-2 text-sm font-semibold">
                      <span className="break-words">{ch.title}</span>
                      <span className="tabular-nums">{formatScore(row.chapterTotals[c])}</span>
                    </h3>
                    <ul className="grid gap-1">
                      {items.map((item, n) =>
                        item.chapterId === ch.id ? (
                          <li key={item.id}>
                            <button
                              type="button"
                              onClick={() => onOpen(row, n)}
                              aria-label={cellLabel(name, item.title, row.cells[n]!, timeZone)}
                              aria-haspopup="dialog"
                              className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-2 text-left text-sm hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                            >
                              <span aria-hidden="true" className="min-w-0 break-words text-muted-foreground">
                                {item.title}
                              </span>
                              <GradeCell cell={row.cells[n]!} timeZone={timeZone} className="shrink-0 justify-end" />
                            </button>
                          </li>
                        ) : null,
                      )}
                    </ul>
                  </section>
                ))}
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
