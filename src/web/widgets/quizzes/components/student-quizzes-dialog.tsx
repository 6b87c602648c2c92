import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useStudentQuizzes } from '../api/quiz-standings';
import { attemptsUsedText } from '../quiz-attempts';
import { QuizAttemptActions } from './quiz-attempt-actions';
import { StandingBadge } from './quiz-students';

type Props = {
  student: { id: string; fullName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A student's quizzes in their enrolled courses (Student Management): where they are at each, and the tutor's help. */
export default function StudentQuizzesDialog({ student, open, onOpenChange }: Props) {
  const query = useStudentQuizzes(student.id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[92dvh] w-[calc(100%-1rem)] max-w-2xl flex-col gap-0 overflow-hidden p-0">
        <div className="border-b px-4 py-4 pr-12 sm:px-6">
          <DialogTitle className="break-words">Quiz attempts: {student.fullName}</DialogTitle>
          <DialogDescription className="mt-1">
            The quizzes of their courses. A student who used every attempt without passing can have one more, or their attempts reset; the
            attempts they made stay in the figures.
          </DialogDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">
          {query.isPending ? (
            <Spinner label="Loading quizzes…" showLabel className="py-10" />
          ) : query.isError ? (
            <p role="alert" className="text-sm text-muted-foreground">
              The quizzes could not be loaded.
            </p>
          ) : query.data.standings.length === 0 ? (
            <p className="text-sm text-muted-foreground">None of {student.fullName}'s courses has a quiz.</p>
          ) : (
            <ul className="grid gap-3" aria-label={`Quizzes of ${student.fullName}`}>
              {query.data.standings.map((s) => (
                <li key={s.quizId} data-quiz-id={s.quizId} className="grid gap-2 rounded-lg border p-3 text-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <p className="min-w-0 break-words">
                      <span className="font-medium">{s.lessonTitle}</span>
                      <span className="block text-xs text-muted-foreground">{s.courseTitle}</span>
                    </p>
                    <StandingBadge standing={s} />
                  </div>
                  <p className="text-muted-foreground">
                    {attemptsUsedText(s)}
                    {s.bestScore !== null && ` · best score ${s.bestScore}%`}
                  </p>
                  <QuizAttemptActions standing={s} about={`${student.fullName} at ${s.lessonTitle}`} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
