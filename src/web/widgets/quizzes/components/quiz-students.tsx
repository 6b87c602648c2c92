import type { QuizStanding } from '@common/quizzes';
import { Badge } from '@web/components/ui/badge';
import { Spinner } from '@web/components/ui/spinner';
import { useQuizStudents } from '../api/quiz-standings';
import { attemptsUsedText, standingText } from '../quiz-attempts';
import { QuizAttemptActions } from './quiz-attempt-actions';

export function StandingBadge({ standing }: { standing: QuizStanding }) {
  const text = standingText(standing);
  const variant = standing.passed ? 'green' : standing.attemptsLeft === 0 ? 'rose' : 'secondary';
  return <Badge variant={variant}>{text}</Badge>;
}

/** The quiz's figures per student: attempts, best score, where they are, and the tutor's help for those out of attempts. */
export function QuizStudents({ quizId }: { quizId: string }) {
  const query = useQuizStudents(quizId);
  if (query.isPending) return <Spinner label="Loading students…" showLabel className="py-6" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        The students' attempts could not be loaded.
      </p>
    );
  const { standings } = query.data;
  if (standings.length === 0) return null;
  return (
    <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label="Students' attempts">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Each student's attempts at this quiz</caption>
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Student
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Attempts
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Best score
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Help</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {standings.map((s) => (
            <tr key={s.studentId} data-student-id={s.studentId} className="align-top">
              <td className="px-3 py-2">
                <span className="block font-medium break-words">{s.name}</span>
                <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">{s.email}</span>
              </td>
              <td className="px-3 py-2 text-muted-foreground">{attemptsUsedText(s)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{s.bestScore === null ? '–' : `${s.bestScore}%`}</td>
              <td className="px-3 py-2">
                <StandingBadge standing={s} />
                {!s.enrolled && <span className="mt-1 block text-xs text-muted-foreground">Not enrolled</span>}
              </td>
              <td className="px-3 py-2">
                <QuizAttemptActions standing={s} about={s.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
