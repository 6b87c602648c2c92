import type { ChapterWithLessons, Lesson, LessonType } from '@common/courses';
import { CHAPTER_TITLE_MAX } from '@common/courses';
import { CalendarMessages } from '@common/calendar';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CalendarClockIcon,
  CheckIcon,
  ClipboardCheckIcon,
  CodeIcon,
  FileTextIcon,
  LayersIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  VideoIcon,
  XIcon,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toastSuccess } from '@web/lib/notify';
import { useSchoolTimeZone } from '@web/lib/public-config';
import { useRenameChapter } from '../api/rename-chapter';
import { formatFileSize } from '../format';
import { toastFailure } from '@web/lib/notify';
import { plural } from '@web/lib/plural';
import { ChapterCalendarForm, ChapterDatesLine } from './chapter-calendar';
import { LessonForm } from './lesson-form';

const typeIcons: Record<LessonType, { icon: LucideIcon; tone: string }> = {
  VIDEO: { icon: VideoIcon, tone: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200' },
  PDF: { icon: FileTextIcon, tone: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200' },
  MIXED: { icon: LayersIcon, tone: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200' },
};

export type MoveDirection = 'up' | 'down';

const iconButton = 'size-8 text-muted-foreground hover:text-foreground';
const labelledButton = 'h-8 px-2 text-muted-foreground hover:text-foreground';
const dangerButton =
  'size-8 text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950/50 dark:hover:text-red-300';

/** Up and down buttons; `data-move` lets the content tab put focus back on them after the list re-renders. */
function MoveButtons({
  moveKey,
  what,
  first,
  last,
  onMove,
}: {
  moveKey: string;
  what: string;
  first: boolean;
  last: boolean;
  onMove: (d: MoveDirection) => void;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={iconButton}
        data-move={`${moveKey}-up`}
        disabled={first}
        aria-label={`Move ${what} up`}
        title="Move up"
        onClick={() => onMove('up')}
      >
        <ArrowUpIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={iconButton}
        data-move={`${moveKey}-down`}
        disabled={last}
        aria-label={`Move ${what} down`}
        title="Move down"
        onClick={() => onMove('down')}
      >
        <ArrowDownIcon aria-hidden="true" />
      </Button>
    </>
  );
}

function LessonRow({
  courseId,
  chapterTitle,
  lesson,
  first,
  last,
  onMove,
  onDelete,
  onOpenExercises,
  onOpenQuiz,
}: {
  courseId: string;
  chapterTitle: string;
  lesson: Lesson;
  first: boolean;
  last: boolean;
  onMove: (d: MoveDirection) => void;
  onDelete: () => void;
  onOpenExercises: () => void;
  onOpenQuiz: () => void;
}) {
  const { icon: Icon, tone } = typeIcons[lesson.lessonType];
  const what = `lesson “${lesson.title}”`;
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  // Focus goes back to 'Edit Lesson' once the row shows it again: after React has rendered the row, not at the next
  // frame, which on a busy machine could come first, while the form was still there.
  const focusEditOnClose = useRef(false);
  const closeEditor = () => {
    focusEditOnClose.current = true;
    setEditing(false);
  };
  useEffect(() => {
    if (editing || !focusEditOnClose.current) return;
    focusEditOnClose.current = false;
    editRef.current?.focus();
  }, [editing]);
  if (editing)
    return (
      <li className="px-3 py-3 sm:px-4" data-testid="lesson-row">
        <LessonForm
          courseId={courseId}
          chapterId={lesson.chapterId}
          chapterTitle={chapterTitle}
          lesson={lesson}
          onCancel={closeEditor}
          onSaved={closeEditor}
        />
      </li>
    );
  // Below lg the actions go under the title, which keeps the row's width and never breaks mid-word;
  // each action says what it does in words (the lesson's name is added for screen readers).
  return (
    <li className="flex flex-col gap-2 px-3 py-2.5 sm:px-4 lg:flex-row lg:items-center lg:gap-3" data-testid="lesson-row">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium break-words">
            <span className="min-w-0">{lesson.title}</span>
            {lesson.hasTutorial && <Badge variant="teal">Tutorial</Badge>}
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            <span>{lesson.lessonType}</span> · <span>Order {lesson.order}</span>
            {lesson.pdfFile && (
              <span className="break-all">
                {' '}
                · {lesson.pdfFile.name} ({formatFileSize(lesson.pdfFile.sizeBytes)})
              </span>
            )}
          </p>
        </div>
      </div>
      <div className="-ml-2 flex flex-wrap items-center gap-x-1 pl-11 lg:ml-0 lg:shrink-0 lg:justify-end lg:pl-0">
        <Button
          ref={editRef}
          variant="ghost"
          size="sm"
          className={labelledButton}
          onClick={() => setEditing(true)}
          aria-label={`Edit Lesson “${lesson.title}”`}
        >
          <PencilIcon aria-hidden="true" />
          Edit Lesson
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={labelledButton}
          onClick={onOpenExercises}
          data-exercises={lesson.id}
          // Named in full for screen readers, so the lesson's title is not a second text on the row.
          aria-label={`Exercises (${lesson.exerciseCount}) of lesson “${lesson.title}”`}
        >
          <CodeIcon aria-hidden="true" />
          Exercises ({lesson.exerciseCount})
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={labelledButton}
          onClick={onOpenQuiz}
          data-quiz={lesson.id}
          aria-label={`${lesson.hasQuiz ? 'Edit Quiz' : 'Add Quiz'} of lesson “${lesson.title}”`}
        >
          <ClipboardCheckIcon aria-hidden="true" />
          {lesson.hasQuiz ? 'Edit Quiz' : 'Add Quiz'}
        </Button>
        <span className="flex items-center">
          <MoveButtons moveKey={`lesson-${lesson.id}`} what={what} first={first} last={last} onMove={onMove} />
          <Button
            variant="ghost"
            size="icon"
            className={dangerButton}
            aria-label={`Delete ${what}`}
            title="Delete lesson"
            onClick={onDelete}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </span>
      </div>
    </li>
  );
}

function ChapterTitle({ courseId, chapter }: { courseId: string; chapter: ChapterWithLessons }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(chapter.title);
  const rename = useRenameChapter(courseId);
  const titleRef = useRef<HTMLButtonElement>(null);

  const start = () => {
    setDraft(chapter.title);
    setEditing(true);
  };
  const finish = () => {
    setEditing(false);
    requestAnimationFrame(() => titleRef.current?.focus());
  };
  const save = () => {
    const title = draft.trim();
    // An empty chapter title is ignored.
    if (!title || rename.isPending) return;
    if (title === chapter.title) return finish();
    rename.mutate(
      { chapterId: chapter.id, title },
      {
        onSuccess: () => {
          toastSuccess('Chapter updated successfully');
          finish();
        },
        onError: (err) => toastFailure(err, 'Failed to update chapter'),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish();
    }
  };

  if (editing) {
    return (
      <div className="flex min-w-0 flex-1 items-center gap-1">
        <Input
          autoFocus
          aria-label="Chapter title"
          className="h-9"
          maxLength={CHAPTER_TITLE_MAX}
          value={draft}
          disabled={rename.isPending}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          variant="ghost"
          size="icon"
          className={iconButton}
          aria-label="Save chapter title"
          onClick={save}
          disabled={rename.isPending || !draft.trim()}
        >
          <CheckIcon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className={iconButton}
          aria-label="Cancel renaming"
          onClick={finish}
          disabled={rename.isPending}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <h3 className="min-w-0 font-semibold">
        <button
          ref={titleRef}
          type="button"
          title="Click to rename"
          onClick={start}
          className="rounded-sm text-left break-words decoration-dotted underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {chapter.title}
        </button>
      </h3>
      <Button
        variant="ghost"
        size="icon"
        className={iconButton}
        aria-label={`Rename chapter “${chapter.title}”`}
        title="Rename chapter"
        onClick={start}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

export function ChapterCard({
  courseId,
  chapter,
  first,
  last,
  onMove,
  onDelete,
  onMoveLesson,
  onDeleteLesson,
  onOpenExercises,
  onOpenQuiz,
}: {
  courseId: string;
  chapter: ChapterWithLessons;
  first: boolean;
  last: boolean;
  onMove: (d: MoveDirection) => void;
  onDelete: () => void;
  onMoveLesson: (lesson: Lesson, d: MoveDirection) => void;
  onDeleteLesson: (lesson: Lesson) => void;
  onOpenExercises: (lesson: Lesson) => void;
  onOpenQuiz: (lesson: Lesson) => void;
}) {
  const [adding, setAdding] = useState(false);
  const [editingDates, setEditingDates] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const datesRef = useRef<HTMLButtonElement>(null);
  const timeZone = useSchoolTimeZone();
  const what = `chapter “${chapter.title}”`;

  return (
    <section
      aria-label={`Chapter ${chapter.order}: ${chapter.title}`}
      data-testid="chapter"
      data-chapter={chapter.id}
      tabIndex={-1}
      className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex items-center gap-2 border-b bg-muted/40 px-3 py-2.5 sm:gap-3 sm:px-4">
        <span
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground tabular-nums"
          aria-hidden="true"
        >
          {chapter.order}
        </span>
        <ChapterTitle courseId={courseId} chapter={chapter} />
        <div className="flex shrink-0 items-center">
          <Button
            ref={datesRef}
            variant="ghost"
            size="icon"
            className={iconButton}
            aria-label={`${CalendarMessages.chapterDates} of ${what}`}
            aria-expanded={editingDates}
            title={CalendarMessages.chapterDates}
            onClick={() => setEditingDates((open) => !open)}
          >
            <CalendarClockIcon aria-hidden="true" />
          </Button>
          <MoveButtons moveKey={`chapter-${chapter.id}`} what={what} first={first} last={last} onMove={onMove} />
          <Button
            variant="ghost"
            size="icon"
            className={dangerButton}
            aria-label={`Delete ${what}`}
            title="Delete chapter"
            onClick={onDelete}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="grid gap-3 border-b px-3 py-2 sm:px-4">
        <ChapterDatesLine chapter={chapter} timeZone={timeZone} />
        {editingDates && (
          <ChapterCalendarForm
            courseId={courseId}
            chapter={chapter}
            timeZone={timeZone}
            onClose={() => {
              setEditingDates(false);
              requestAnimationFrame(() => datesRef.current?.focus());
            }}
          />
        )}
      </div>

      {chapter.lessons.length > 0 && (
        <ol className="divide-y border-b" aria-label={`Lessons of ${chapter.title}`}>
          {chapter.lessons.map((lesson, i) => (
            <LessonRow
              key={lesson.id}
              courseId={courseId}
              chapterTitle={chapter.title}
              lesson={lesson}
              first={i === 0}
              last={i === chapter.lessons.length - 1}
              onMove={(d) => onMoveLesson(lesson, d)}
              onDelete={() => onDeleteLesson(lesson)}
              onOpenExercises={() => onOpenExercises(lesson)}
              onOpenQuiz={() => onOpenQuiz(lesson)}
            />
          ))}
        </ol>
      )}

      <div className="px-3 py-3 sm:px-4">
        {adding ? (
          <LessonForm
            courseId={courseId}
            chapterId={chapter.id}
            chapterTitle={chapter.title}
            onCancel={() => {
              setAdding(false);
              requestAnimationFrame(() => toggleRef.current?.focus());
            }}
          />
        ) : (
          <div className="flex items-center justify-between gap-3">
            <span className="text-sm text-muted-foreground">
              {chapter.lessons.length === 0 ? 'No lessons in this chapter yet.' : plural(chapter.lessons.length, 'lesson')}
            </span>
            <Button ref={toggleRef} variant="secondary" size="sm" data-new-lesson={chapter.id} onClick={() => setAdding(true)}>
              <PlusIcon aria-hidden="true" />
              New Lesson<span className="sr-only"> in {chapter.title}</span>
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
