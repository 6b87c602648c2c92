import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { QuizStudents } from './quiz-students';

type Props = {
  quizId: string;
  lesson: { id: string; title: string };
  course: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The students' attempts at one quiz, opened from a figure about it (analytics): each student's
 * attempts, best score and standing, and the tutor's help for those out of attempts. The same
 * table as the course editor's quiz dialog.
 */
export default function QuizAttemptsDialog({ quizId, lesson, course, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[92dvh] w-[calc(100%-1rem)] max-w-3xl flex-col gap-0 overflow-hidden p-0">
        <div className="border-b px-4 py-4 pr-12 sm:px-6">
          <DialogTitle className="break-words">Students' attempts: {lesson.title}</DialogTitle>
          <DialogDescription className="mt-1">
            {course.title}. Each student's attempts at this quiz and where they are; a student out of attempts can be given another.
          </DialogDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">
          <QuizStudents quizId={quizId} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
