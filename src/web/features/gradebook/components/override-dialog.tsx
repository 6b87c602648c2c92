import { GradebookMessages as M, formatScore, type GradebookCell, type GradebookItem } from '@common/gradebook';
import { LoaderCircleIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { toastSuccess } from '@web/lib/notify';
import { useOverride } from '../api/gradebook';
import { CellMarkList } from './grade-cell';

/**
 * 'Override Score' for one student's item: the tutor's score (0 to 100) and a reason, both required. The server's
 * refusal (a score out of range, no reason) is shown under the form; nothing is written then. An overridden score
 * can be removed, and the graded one counts again.
 */
export function OverrideDialog({
  courseId,
  studentId,
  studentName,
  item,
  cell,
  timeZone,
  onDone,
}: {
  courseId: string;
  studentId: string;
  studentName: string;
  item: GradebookItem;
  cell: GradebookCell;
  timeZone: string;
  onDone: () => void;
}) {
  const scoreId = useId();
  const reasonId = useId();
  const hintId = useId();
  const errorId = useId();
  const [score, setScore] = useState(cell.override ? String(cell.override.score) : '');
  const [reason, setReason] = useState(cell.override?.reason ?? '');
  const [error, setError] = useState<string | null>(null);
  const override = useOverride(courseId);
  const graded = cell.override ? cell.graded : cell.score;

  function send(body: { score: number; reason: string } | null) {
    setError(null);
    override.mutate(
      { studentId, itemId: item.id, body },
      {
        onSuccess: () => {
          toastSuccess(body ? M.overrideSaved : M.overrideRemoved);
          onDone();
        },
        onError: (err) => setError(isApiError(err) ? err.message : String(err)),
      },
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    // The server judges the score: an empty or a broken number goes as such, and its message comes back.
    send({ score: score.trim() === '' ? Number.NaN : Number(score), reason });
  }

  return (
    <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <DialogTitle>{M.overrideTitle}</DialogTitle>
      <DialogDescription>{M.overrideDescription(studentName, item.title)}</DialogDescription>
      <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
        <p className="text-sm font-medium">
          {M.gradedScore(graded === null || graded === undefined ? M.notSubmitted : formatScore(graded))}
        </p>
        <CellMarkList cell={cell} timeZone={timeZone} />
      </div>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <div className="grid gap-2">
          <Label htmlFor={scoreId}>{M.overrideScore}</Label>
          <Input
            id={scoreId}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={score}
            onChange={(e) => setScore(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="max-w-32"
            autoFocus
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={reasonId}>{M.overrideReason}</Label>
          <Textarea
            id={reasonId}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            {M.overrideReasonHint}
          </p>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {cell.override && (
            <Button type="button" variant="outline" disabled={override.isPending} onClick={() => send(null)}>
              {M.removeOverride}
            </Button>
          )}
          <Button type="submit" disabled={override.isPending}>
            {override.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {M.saveOverride}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
