import { BellRingIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useNudgeStudents } from '../api/nudge-students';

type Student = { id: string; name: string };

/**
 * Analytics' one action on the students at risk: the reminder e-mail to each of them now. The
 * server skips whoever turned reminders off or had one in the last week, and says so per student.
 */
export function NudgeAtRiskButton({ students }: { students: Student[] }) {
  const [open, setOpen] = useState(false);
  const nudge = useNudgeStudents();
  if (students.length === 0) return null;
  const n = students.length;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <BellRingIcon aria-hidden="true" />
        Remind At-Risk Students
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !nudge.isPending && setOpen(next)}
        title={`Remind ${n} at-risk ${n === 1 ? 'student' : 'students'}?`}
        description="Each gets your reminder e-mail with their unfinished courses. Students who turned reminders off, or had one in the last 7 days, are skipped."
        confirmLabel="Send Reminders"
        pendingLabel="Sending..."
        pending={nudge.isPending}
        onConfirm={() =>
          nudge.mutate(
            students.map((s) => s.id),
            {
              onSuccess: ({ reminded, results }) => {
                const skipped = results.filter((r) => r.outcome === 'skipped');
                toastSuccess(
                  `${reminded} ${reminded === 1 ? 'reminder' : 'reminders'} queued`,
                  skipped.length ? `Skipped: ${skipped.map((s) => `${s.name} (${s.message.toLowerCase()})`).join('; ')}.` : undefined,
                );
                setOpen(false);
              },
              onError: (error) => {
                toastFailure(error, 'The reminders could not be sent. Please try again.');
                setOpen(false);
              },
            },
          )
        }
      >
        <ul className="max-h-40 overflow-y-auto text-sm" aria-label="Students to remind">
          {students.map((s) => (
            <li key={s.id} className="[overflow-wrap:anywhere]">
              {s.name}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}
