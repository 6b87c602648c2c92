import type { QuizStanding } from '@common/quizzes';
import { StudentNameCell, StudentTable } from '@web/components/student-table';
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
    <StudentTable
      label="Students' attempts"
      caption="Each student's attempts at this quiz"
      columns={[
        { header: 'Student' },
        { header: 'Attempts' },
        { header: 'Best score', align: 'right' },
        { header: 'Status' },
        { header: 'Help', srOnly: true },
      ]}
    >
      {standings.map((s) => (
        <tr key={s.studentId} data-student-id={s.studentId} className="align-top">
          <StudentNameCell name={s.name} email={s.email} />
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
    </StudentTable>
  );
}
