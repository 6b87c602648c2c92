import type { ChapterWithLessons, Lesson } from '@common/courses';
import { CHAPTER_TITLE_MAX } from '@common/courses';
import { FolderPlusIcon, LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toastSuccess } from '@web/lib/notify';
import { useAddChapter } from '../api/add-chapter';
import { invalidateCourse } from '../api/course-keys';
import { useDeleteChapter } from '../api/delete-chapter';
import { useDeleteLesson } from '../api/delete-lesson';
import { useMoveChapter } from '../api/move-chapter';
import { useMoveLesson } from '../api/move-lesson';
import { toastFailure } from '@web/lib/notify';
import { plural } from '@web/lib/plural';
import { ChapterCard, type MoveDirection } from './chapter-card';

// The exercises' editor (forms, CodeMirror, the WebGL runner) downloads when a tutor first opens it.
const LessonExercisesDialog = lazy(() => import('@web/widgets/practice/components/lesson-exercises-dialog'));
const LessonQuizDialog = lazy(() => import('@web/widgets/quizzes/components/lesson-quiz-dialog'));

type DeleteTarget = { kind: 'chapter'; chapter: ChapterWithLessons } | { kind: 'lesson'; lesson: Lesson };

/**
 * After a move the list re-renders in its new order: put focus back on the moved item's button in
 * the same direction, or the other one when it has reached the end (a disabled button cannot hold focus).
 */
function refocus(moveKey: string, direction: MoveDirection) {
  requestAnimationFrame(() => {
    const find = (d: MoveDirection) => document.querySelector<HTMLButtonElement>(`[data-move="${moveKey}-${d}"]`);
    const same = find(direction);
    (same && !same.disabled ? same : find(direction === 'up' ? 'down' : 'up'))?.focus();
  });
}

function AddChapterBox({ courseId }: { courseId: string }) {
  const [title, setTitle] = useState('');
  const addChapter = useAddChapter(courseId);
  const inputId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    // An empty chapter title is ignored.
    if (!trimmed || addChapter.isPending) return;
    addChapter.mutate(trimmed, {
      onSuccess: () => {
        toastSuccess('Chapter added successfully');
        setTitle('');
      },
      onError: (err) => toastFailure(err, 'Failed to add chapter'),
    });
  };

  return (
    <Card className="border-dashed">
      <form onSubmit={onSubmit} className="grid gap-2 p-4 sm:p-5">
        <Label htmlFor={inputId}>New Chapter</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            data-new-chapter=""
            maxLength={CHAPTER_TITLE_MAX}
            placeholder="e.g. Getting Started"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <Button type="submit" disabled={!title.trim() || addChapter.isPending}>
            {addChapter.isPending ? (
              <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <PlusIcon aria-hidden="true" />
            )}
            Add Chapter
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">Press Enter to add. New chapters go at the end.</p>
      </form>
    </Card>
  );
}

export function CourseContentTab({ courseId, chapters }: { courseId: string; chapters: ChapterWithLessons[] }) {
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The lesson stays after closing, so the dialog can close (and return focus) before it unmounts.
  const [exercisesOf, setExercisesOf] = useState<Lesson | null>(null);
  const [exercisesOpen, setExercisesOpen] = useState(false);
  const [quizOf, setQuizOf] = useState<Lesson | null>(null);
  const [quizOpen, setQuizOpen] = useState(false);
  const queryClient = useQueryClient();
  const deleteChapter = useDeleteChapter(courseId);
  const deleteLesson = useDeleteLesson(courseId);
  const moveChapter = useMoveChapter();
  const moveLesson = useMoveLesson();
  const moving = moveChapter.isPending || moveLesson.isPending;
  const lessonCount = chapters.reduce((n, c) => n + c.lessons.length, 0);

  const onMoveChapter = (chapter: ChapterWithLessons, direction: MoveDirection) => {
    if (moving) return;
    const order = chapter.order + (direction === 'up' ? -1 : 1);
    moveChapter.mutate(
      { chapterId: chapter.id, order },
      {
        onSuccess: () => {
          setAnnouncement(`Chapter “${chapter.title}” moved to position ${order}.`);
          refocus(`chapter-${chapter.id}`, direction);
        },
        onError: (err) => toastFailure(err, 'Failed to update chapter'),
      },
    );
  };

  const onMoveLesson = (lesson: Lesson, direction: MoveDirection) => {
    if (moving) return;
    const order = lesson.order + (direction === 'up' ? -1 : 1);
    moveLesson.mutate(
      { lessonId: lesson.id, order },
      {
        onSuccess: () => {
          setAnnouncement(`Lesson “${lesson.title}” moved to position ${order}.`);
          refocus(`lesson-${lesson.id}`, direction);
        },
        onError: (err) => toastFailure(err, 'Failed to move lesson'),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    // The button that opened the dialog is gone with its item: focus where work goes on instead.
    const nextFocus =
      toDelete.kind === 'chapter'
        ? ['[data-new-chapter]']
        : [`[data-new-lesson="${toDelete.lesson.chapterId}"]`, `[data-chapter="${toDelete.lesson.chapterId}"]`];
    const done = () => {
      setToDelete(null);
      // After the dialog has closed and put focus back (Radix does that in a timeout after unmounting).
      requestAnimationFrame(() =>
        setTimeout(() => {
          for (const selector of nextFocus) {
            const target = document.querySelector<HTMLElement>(selector);
            if (target) return target.focus();
          }
        }, 0),
      );
    };
    if (toDelete.kind === 'chapter') {
      deleteChapter.mutate(toDelete.chapter.id, {
        onSuccess: () => {
          done();
          toastSuccess('Chapter deleted successfully');
        },
        onError: (err) => {
          setToDelete(null);
          toastFailure(err, 'Failed to delete chapter');
        },
      });
    } else {
      deleteLesson.mutate(toDelete.lesson.id, {
        onSuccess: () => {
          done();
          toastSuccess('Lesson deleted successfully');
        },
        onError: (err) => {
          setToDelete(null);
          toastFailure(err, 'Failed to delete lesson');
        },
      });
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div>
        <h2 className="text-lg font-semibold">Course Content</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {chapters.length === 0
            ? 'Organise the course in chapters, then add video, PDF or mixed lessons to each.'
            : `${plural(chapters.length, 'chapter')}, ${plural(lessonCount, 'lesson')}. Click a chapter title to rename it; use the arrows to change the order.`}
        </p>
      </div>

      {chapters.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-10 text-center">
          <FolderPlusIcon className="mb-3 size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No chapters yet</p>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">
            Add the first chapter below, then add lessons to it. To add many lessons at once, use Bulk Upload.
          </p>
        </div>
      ) : (
        chapters.map((chapter, i) => (
          <ChapterCard
            key={chapter.id}
            courseId={courseId}
            chapter={chapter}
            first={i === 0}
            last={i === chapters.length - 1}
            onMove={(d) => onMoveChapter(chapter, d)}
            onDelete={() => setToDelete({ kind: 'chapter', chapter })}
            onMoveLesson={onMoveLesson}
            onDeleteLesson={(lesson) => setToDelete({ kind: 'lesson', lesson })}
            onOpenExercises={(lesson) => {
              setExercisesOf(lesson);
              setExercisesOpen(true);
            }}
            onOpenQuiz={(lesson) => {
              setQuizOf(lesson);
              setQuizOpen(true);
            }}
          />
        ))
      )}

      <AddChapterBox courseId={courseId} />

      <p role="status" className="sr-only">
        {announcement}
      </p>

      {exercisesOf && (
        <Suspense fallback={null}>
          <LessonExercisesDialog
            key={exercisesOf.id}
            lesson={exercisesOf}
            open={exercisesOpen}
            onOpenChange={setExercisesOpen}
            onChanged={() => void invalidateCourse(queryClient, courseId)}
          />
        </Suspense>
      )}

      {quizOf && (
        <Suspense fallback={null}>
          <LessonQuizDialog
            key={quizOf.id}
            lesson={quizOf}
            open={quizOpen}
            onOpenChange={setQuizOpen}
            onChanged={() => void invalidateCourse(queryClient, courseId)}
          />
        </Suspense>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={
          toDelete?.kind === 'chapter'
            ? `Delete chapter “${toDelete.chapter.title}”?`
            : toDelete?.kind === 'lesson'
              ? `Delete lesson “${toDelete.lesson.title}”?`
              : 'Delete?'
        }
        description={
          toDelete?.kind === 'chapter'
            ? 'Are you sure you want to delete this chapter and all its lessons?'
            : 'Are you sure you want to delete this lesson?'
        }
        confirmLabel={toDelete?.kind === 'chapter' ? 'Delete Chapter' : 'Delete Lesson'}
        pendingLabel="Deleting..."
        destructive
        pending={deleteChapter.isPending || deleteLesson.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
