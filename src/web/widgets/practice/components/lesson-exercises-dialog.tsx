import type { AdminExercise } from '@common/practice';
import { ArrowDownIcon, ArrowLeftIcon, ArrowUpIcon, PencilIcon, PlusIcon, ScanSearchIcon, Trash2Icon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useDeleteExercise } from '../api/delete-exercise';
import { useAdminExercises } from '../api/get-admin-exercises';
import { useReorderExercises } from '../api/reorder-exercises';
import { SimilarityPairView } from '../similarity/similarity-pair-view';
import { SimilarityView } from '../similarity/similarity-view';
import { ExerciseFigures } from './exercise-figures';
import { ExerciseForm } from './exercise-form';
import { ExerciseStudents } from './exercise-students';
import { LanguageBadge } from './language-badge';
import { StudentWorkView } from './student-work-view';

type View =
  | { kind: 'list' }
  | { kind: 'form'; exercise: AdminExercise | null }
  | { kind: 'students'; exercise: AdminExercise }
  | { kind: 'work'; exercise: AdminExercise; student: { id: string; name: string } }
  | { kind: 'similarity'; exercise: AdminExercise }
  | { kind: 'pair'; exercise: AdminExercise; pairId: string };

type Props = {
  lesson: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a change to the lesson's exercises (the course editor's counts may change). */
  onChanged?: () => void;
};

/** The tutor's exercises of one lesson: the list with figures, the form, and the students' work. */
export default function LessonExercisesDialog({ lesson, open, onOpenChange, onChanged }: Props) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const [toDelete, setToDelete] = useState<AdminExercise | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const exercises = useAdminExercises(lesson.id);
  const remove = useDeleteExercise(lesson.id);
  const reorder = useReorderExercises(lesson.id);
  const list = exercises.data?.exercises ?? [];

  const back = (to: View = { kind: 'list' }) => setView(to);

  const move = (exercise: AdminExercise, direction: -1 | 1) => {
    const ids = list.map((e) => e.id);
    const from = ids.indexOf(exercise.id);
    const to = from + direction;
    if (to < 0 || to >= ids.length || reorder.isPending) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    reorder.mutate(
      { lessonId: lesson.id, exerciseIds: ids },
      {
        onSuccess: () => {
          setAnnouncement(`Exercise “${exercise.title}” moved to position ${to + 1}.`);
          requestAnimationFrame(() => {
            const key = direction < 0 ? 'up' : 'down';
            const same = document.querySelector<HTMLButtonElement>(`[data-exercise-move="${exercise.id}-${key}"]`);
            const other = document.querySelector<HTMLButtonElement>(
              `[data-exercise-move="${exercise.id}-${key === 'up' ? 'down' : 'up'}"]`,
            );
            (same && !same.disabled ? same : other)?.focus();
          });
        },
        onError: (err) => toastFailure(err, 'Failed to move the exercise'),
      },
    );
  };

  const title =
    view.kind === 'form'
      ? view.exercise
        ? `Edit Exercise: ${view.exercise.title}`
        : 'Add Exercise'
      : view.kind === 'students'
        ? `Students: ${view.exercise.title}`
        : view.kind === 'work'
          ? `${view.student.name}: ${view.exercise.title}`
          : view.kind === 'similarity'
            ? `Similarity: ${view.exercise.title}`
            : view.kind === 'pair'
              ? `Similar Pair: ${view.exercise.title}`
              : `Exercises: ${lesson.title}`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setView({ kind: 'list' });
      }}
    >
      <DialogContent
        // Two programs side by side need the width.
        className={cn(
          'flex max-h-[92dvh] w-[calc(100%-1rem)] flex-col gap-0 overflow-hidden p-0',
          view.kind === 'pair' ? 'max-w-7xl' : 'max-w-4xl',
        )}
        // The form's title field takes focus itself; elsewhere Radix's default (the first control) is right.
        onOpenAutoFocus={view.kind === 'form' ? (e) => e.preventDefault() : undefined}
      >
        <div className="border-b px-4 py-4 pr-12 sm:px-6">
          <DialogTitle className="break-words">{title}</DialogTitle>
          <DialogDescription className="mt-1">
            {view.kind === 'list'
              ? 'Students write and run code for these exercises in the lesson; they complete it by passing them all.'
              : view.kind === 'form'
                ? 'Saving runs the reference solution against every test first: an exercise is saved only when it passes them all.'
                : view.kind === 'students'
                  ? 'Everyone who worked on this exercise, and how they did.'
                  : view.kind === 'similarity'
                    ? 'Pairs of students whose last submissions share much of their code.'
                    : view.kind === 'pair'
                      ? 'Their last submissions side by side, read only.'
                      : 'Their latest code and result, read only.'}
          </DialogDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">
          {view.kind !== 'list' && (
            <Button
              variant="link"
              className="mb-3 h-auto px-0"
              onClick={() =>
                back(
                  view.kind === 'work'
                    ? { kind: 'students', exercise: view.exercise }
                    : view.kind === 'pair'
                      ? { kind: 'similarity', exercise: view.exercise }
                      : { kind: 'list' },
                )
              }
            >
              <ArrowLeftIcon aria-hidden="true" />
              {view.kind === 'work' ? 'Back to the students' : view.kind === 'pair' ? 'Back to the pairs' : 'Back to the exercises'}
            </Button>
          )}

          {view.kind === 'form' && (
            <ExerciseForm
              lessonId={lesson.id}
              exercise={view.exercise}
              onDone={() => {
                onChanged?.();
                back();
              }}
              onCancel={() => back()}
            />
          )}
          {view.kind === 'students' && (
            <ExerciseStudents
              exercise={view.exercise}
              onViewWork={(student) => setView({ kind: 'work', exercise: view.exercise, student })}
            />
          )}
          {view.kind === 'work' && <StudentWorkView exercise={view.exercise} studentId={view.student.id} />}
          {view.kind === 'similarity' && (
            <SimilarityView exercise={view.exercise} onOpenPair={(pairId) => setView({ kind: 'pair', exercise: view.exercise, pairId })} />
          )}
          {view.kind === 'pair' && <SimilarityPairView exerciseId={view.exercise.id} pairId={view.pairId} />}

          {view.kind === 'list' && (
            <div className="grid gap-3">
              {exercises.isPending ? (
                <Spinner label="Loading exercises…" showLabel className="py-10" />
              ) : exercises.isError ? (
                <p role="alert" className="text-sm text-muted-foreground">
                  The exercises could not be loaded.
                </p>
              ) : list.length === 0 ? (
                <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
                  This lesson has no exercises yet.
                </p>
              ) : (
                <ol className="grid gap-2" aria-label={`Exercises of ${lesson.title}`}>
                  {list.map((exercise, i) => (
                    <li key={exercise.id} className="grid gap-2 rounded-lg border p-3" data-testid="admin-exercise">
                      <div className="flex flex-wrap items-center gap-2">
                        <p className="min-w-0 flex-1 font-medium break-words">
                          <span className="text-muted-foreground">{i + 1}. </span>
                          {exercise.title}
                        </p>
                        <LanguageBadge language={exercise.language} />
                        <span className="text-xs text-muted-foreground">
                          {exercise.tests.length} {exercise.tests.length === 1 ? 'test' : 'tests'}
                        </span>
                      </div>
                      <ExerciseFigures exerciseId={exercise.id} />
                      <div className="flex flex-wrap items-center gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-9"
                          data-exercise-move={`${exercise.id}-up`}
                          aria-label={`Move exercise “${exercise.title}” up`}
                          disabled={i === 0 || reorder.isPending}
                          onClick={() => move(exercise, -1)}
                        >
                          <ArrowUpIcon aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-9"
                          data-exercise-move={`${exercise.id}-down`}
                          aria-label={`Move exercise “${exercise.title}” down`}
                          disabled={i === list.length - 1 || reorder.isPending}
                          onClick={() => move(exercise, 1)}
                        >
                          <ArrowDownIcon aria-hidden="true" />
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setView({ kind: 'form', exercise })}>
                          <PencilIcon aria-hidden="true" />
                          Edit<span className="sr-only"> exercise “{exercise.title}”</span>
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setView({ kind: 'students', exercise })}>
                          <UsersIcon aria-hidden="true" />
                          Students<span className="sr-only"> of exercise “{exercise.title}”</span>
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setView({ kind: 'similarity', exercise })}>
                          <ScanSearchIcon aria-hidden="true" />
                          Similarity<span className="sr-only"> of exercise “{exercise.title}”</span>
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950/50"
                          onClick={() => setToDelete(exercise)}
                        >
                          <Trash2Icon aria-hidden="true" />
                          Delete<span className="sr-only"> exercise “{exercise.title}”</span>
                        </Button>
                      </div>
                    </li>
                  ))}
                </ol>
              )}
              <div>
                <Button onClick={() => setView({ kind: 'form', exercise: null })} disabled={exercises.isPending}>
                  <PlusIcon aria-hidden="true" />
                  Add Exercise
                </Button>
              </div>
              <p role="status" className="sr-only">
                {announcement}
              </p>
            </div>
          )}
        </div>

        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(next) => !next && setToDelete(null)}
          title={`Delete exercise “${toDelete?.title ?? ''}”?`}
          description="The exercise, its tests and every student's code and results for it are deleted."
          confirmLabel="Delete Exercise"
          pendingLabel="Deleting..."
          destructive
          pending={remove.isPending}
          onConfirm={() => {
            if (!toDelete) return;
            remove.mutate(toDelete.id, {
              onSuccess: () => {
                setToDelete(null);
                toastSuccess('Exercise deleted successfully');
                onChanged?.();
              },
              onError: (err) => {
                setToDelete(null);
                toastFailure(err, 'Failed to delete the exercise');
              },
            });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
