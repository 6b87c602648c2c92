import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useAdminQuiz } from '../api/get-admin-quiz';
import { useDeleteQuiz } from '../api/delete-quiz';
import { QuizForm } from './quiz-form';
import { QuizStatsView } from './quiz-stats';
import { QuizStudents } from './quiz-students';

type Props = {
  lesson: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the quiz was saved or deleted (the course editor marks lessons with a quiz). */
  onChanged?: () => void;
};

/** The tutor's quiz of one lesson: its figures and the whole quiz in one form. */
export default function LessonQuizDialog({ lesson, open, onOpenChange, onChanged }: Props) {
  const query = useAdminQuiz(lesson.id);
  const remove = useDeleteQuiz(lesson.id);
  const [confirming, setConfirming] = useState(false);
  const quiz = query.data?.quiz ?? null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[92dvh] w-[calc(100%-1rem)] max-w-3xl flex-col gap-0 overflow-hidden p-0">
        <div className="border-b px-4 py-4 pr-12 sm:px-6">
          <DialogTitle className="break-words">Quiz: {lesson.title}</DialogTitle>
          <DialogDescription className="mt-1">
            Students answer it in the lesson and complete the lesson by passing it. The right answers never reach their browser.
          </DialogDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">
          {query.isPending ? (
            <Spinner label="Loading the quiz…" showLabel className="py-10" />
          ) : query.isError ? (
            <p role="alert" className="text-sm text-muted-foreground">
              The quiz could not be loaded.
            </p>
          ) : (
            <div className="grid gap-5">
              {quiz && (
                <section aria-label="Figures" className="grid gap-3">
                  <QuizStatsView stats={quiz.stats} />
                  <QuizStudents quizId={quiz.id} />
                  <div>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50"
                      onClick={() => setConfirming(true)}
                    >
                      <Trash2Icon aria-hidden="true" />
                      Delete Quiz
                    </Button>
                  </div>
                </section>
              )}
              <QuizForm
                key={quiz?.updatedAt ?? 'new'}
                lessonId={lesson.id}
                quiz={quiz}
                onSaved={() => {
                  onChanged?.();
                  onOpenChange(false);
                }}
              />
            </div>
          )}
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this quiz?"
          description="Its questions and every student's attempts are deleted. Students who passed it keep the lesson completed."
          confirmLabel="Delete Quiz"
          destructive
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                toastSuccess('Quiz deleted');
                setConfirming(false);
                onChanged?.();
                onOpenChange(false);
              },
              onError: (err) => toastFailure(err, 'Failed to delete the quiz'),
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
