import { QuizMessages, type QuizStanding } from '@common/quizzes';
import { LoaderCircleIcon, PlusIcon, RotateCcwIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useChangeAttempts, type AttemptChange } from '../api/quiz-standings';
import { canChangeAttempts, standingText } from '../quiz-attempts';

/**
 * The tutor's help for one student at one quiz: one more attempt, or their attempts reset (the
 * attempts made stay in the figures). Only where the server would take it: enrolled, not passed, a
 * quiz with a limit.
 */
export function QuizAttemptActions({ standing, about }: { standing: QuizStanding; about: string }) {
  const change = useChangeAttempts();
  if (!canChangeAttempts(standing)) return null;
  const busy = change.isPending ? change.variables.change : null;
  const run = (kind: AttemptChange) =>
    change.mutate(
      { change: kind, quizId: standing.quizId, studentId: standing.studentId },
      {
        onSuccess: (next) =>
          toastSuccess(kind === 'grant' ? QuizMessages.granted(next.name) : QuizMessages.reset(next.name), `${standingText(next)}.`),
        onError: (error) => toastFailure(error, 'The attempts could not be changed. Please try again.'),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={busy !== null}
        onClick={() => run('grant')}
        aria-label={`One more attempt for ${about}`}
      >
        {busy === 'grant' ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        ) : (
          <PlusIcon aria-hidden="true" />
        )}
        One More Attempt
      </Button>
      {standing.attemptsUsed > 0 && (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy !== null}
          onClick={() => run('reset')}
          aria-label={`Reset the attempts of ${about}`}
        >
          {busy === 'reset' ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <RotateCcwIcon aria-hidden="true" />
          )}
          Reset Attempts
        </Button>
      )}
    </div>
  );
}
