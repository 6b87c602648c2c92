import { formatScore, type GradebookCell } from '@common/gradebook';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { cellMarks } from '../gradebook-view';

const markVariant = { late: 'amber', extended: 'teal', overridden: 'secondary' } as const;

/**
 * A cell's score and its marks as the eye reads them: the score ('—' when nothing was submitted) and a short badge per
 * mark. The whole sentence of each mark is its element's label, said by the control that holds the cell.
 */
export function GradeCell({ cell, timeZone, className }: { cell: GradebookCell; timeZone: string; className?: string }) {
  const marks = cellMarks(cell, timeZone);
  return (
    <span aria-hidden="true" className={cn('flex flex-wrap items-center gap-1', className)}>
      <span className={cn('font-semibold tabular-nums', cell.score === null && 'text-muted-foreground')}>{formatScore(cell.score)}</span>
      {marks.map((m) => (
        <Badge key={m.kind} variant={markVariant[m.kind]} className="px-1.5 py-0 text-[0.7rem] font-medium">
          {m.kind === 'late' && cell.penalty ? `${m.short} −${cell.penalty}%` : m.short}
        </Badge>
      ))}
    </span>
  );
}

/** The marks of a cell in full sentences, for the override dialog and My Grades. */
export function CellMarkList({ cell, timeZone }: { cell: GradebookCell; timeZone: string }) {
  const marks = cellMarks(cell, timeZone);
  if (!marks.length) return null;
  return (
    <ul className="grid gap-1 text-sm">
      {marks.map((m) => (
        <li key={m.kind} className="flex items-start gap-2">
          <Badge variant={markVariant[m.kind]} className="mt-0.5 shrink-0" aria-hidden="true">
            {m.short}
          </Badge>
          <span className="break-words">{m.text}</span>
        </li>
      ))}
    </ul>
  );
}
