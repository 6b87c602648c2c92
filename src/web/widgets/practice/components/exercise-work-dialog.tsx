import { ArrowLeftIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useAdminExercises } from '../api/get-admin-exercises';
import { ExerciseStudents } from './exercise-students';
import { StudentWorkView } from './student-work-view';

type Props = {
  exercise: { id: string; title: string };
  lesson: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The students' code on one exercise, opened from a figure about it (analytics): who worked on it
 * and how they did, then one student's latest code and results, read only. The same views as the
 * course editor's exercise dialog, without its authoring.
 */
export default function ExerciseWorkDialog({ exercise, lesson, open, onOpenChange }: Props) {
  const [student, setStudent] = useState<{ id: string; name: string } | null>(null);
  const exercises = useAdminExercises(lesson.id);
  const full = exercises.data?.exercises.find((x) => x.id === exercise.id);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setStudent(null);
      }}
    >
      <DialogContent className="flex max-h-[92dvh] w-[calc(100%-1rem)] max-w-4xl flex-col gap-0 overflow-hidden p-0">
        <div className="border-b px-4 py-4 pr-12 sm:px-6">
          <DialogTitle className="break-words">
            {student ? `${student.name}: ${exercise.title}` : `Students' code: ${exercise.title}`}
          </DialogTitle>
          <DialogDescription className="mt-1">
            {student
              ? 'Their latest code and result, read only.'
              : `${lesson.title}. Everyone who worked on this exercise, and how they did.`}
          </DialogDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">
          {student && (
            <Button variant="link" className="mb-3 h-auto px-0" onClick={() => setStudent(null)}>
              <ArrowLeftIcon aria-hidden="true" />
              Back to the students
            </Button>
          )}
          {exercises.isPending ? (
            <Spinner label="Loading the exercise…" showLabel className="py-10" />
          ) : !full ? (
            <p role="alert" className="text-sm text-muted-foreground">
              This exercise could not be loaded. It may have been deleted.
            </p>
          ) : student ? (
            <StudentWorkView exercise={full} studentId={student.id} />
          ) : (
            <ExerciseStudents exercise={full} onViewWork={setStudent} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
