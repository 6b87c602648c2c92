import type { LearnResponse } from '@common/learning';
import { CalendarMessages } from '@common/calendar-texts';
import { formatInZone } from '@common/calendar-time';
import { LearningMessages } from '@common/learning-rules';
import { ReviewMessages } from '@common/reviews-texts';
import { ChevronDownIcon, LockIcon, MessageSquareTextIcon } from 'lucide-react';
import { memo } from 'react';
import { useSession } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { useSchoolTimeZone } from '@web/lib/public-config';
import { useUnseenFeedback } from '@web/widgets/practice/api/reviews';
import { chapterLock, chapterProgress } from '../course-navigation';
import { LessonStatusIcon } from './lesson-status-icon';
import { LESSON_TYPE, lessonContents } from './lesson-type';

type Props = {
  chapters: LearnResponse['chapters'];
  currentLessonId: string | null;
  expanded: ReadonlySet<string>;
  onToggleChapter: (chapterId: string) => void;
  onSelectLesson: (lessonId: string) => void;
  /** Numbers each chapter's lessons done, as the phone's list does. */
  showChapterProgress?: boolean;
};

/**
 * Chapters that expand and collapse, each lesson with its check or circle (or lock) and what it
 * holds ("Video · 2 exercises · Quiz"). A chapter with locked lessons says why once, under its
 * title, whether open or not; each locked lesson repeats it only to screen readers, with its name.
 */
export const CourseOutline = memo(function CourseOutline({
  chapters,
  currentLessonId,
  expanded,
  onToggleChapter,
  onSelectLesson,
  showChapterProgress,
}: Props) {
  // Lessons with feedback from the tutor the student has not opened yet (a student's own; the tutor's preview has none).
  const { session } = useSession();
  const unseenFeedback = useUnseenFeedback(session?.user.role === 'student').data;
  const timeZone = useSchoolTimeZone();
  if (chapters.length === 0) return <p className="p-4 text-sm text-muted-foreground">This course has no lessons yet.</p>;
  return (
    <ol className="divide-y">
      {chapters.map((chapter, chapterIndex) => {
        const open = expanded.has(chapter.id);
        const { completed, total } = chapterProgress(chapter);
        const lock = chapterLock(chapter);
        const panelId = `chapter-panel-${chapter.id}`;
        return (
          <li key={chapter.id}>
            <h3>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggleChapter(chapter.id)}
                className="flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-xs font-medium uppercase tracking-wide text-muted-foreground">
                    Chapter {chapterIndex + 1}
                  </span>
                  <span className="block font-semibold leading-snug">{chapter.title}</span>
                  {showChapterProgress && (
                    <span className="mt-1 block text-xs text-muted-foreground">
                      {completed} of {total} completed
                    </span>
                  )}
                </span>
                {!showChapterProgress && (
                  <span
                    className="mt-4 shrink-0 text-xs tabular-nums text-muted-foreground"
                    aria-label={`${completed} of ${total} lessons completed`}
                  >
                    {completed}/{total}
                  </span>
                )}
                <ChevronDownIcon
                  aria-hidden="true"
                  className={cn('mt-3.5 size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')}
                />
              </button>
            </h3>
            {lock && (
              <p className="flex items-start gap-1.5 px-4 pt-1 pb-2 text-xs text-muted-foreground" data-testid="chapter-lock">
                <LockIcon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                {LearningMessages.chapterLocked(lock.count, lock.lockedBy)}
              </p>
            )}
            <ul id={panelId} hidden={!open} className="pb-2">
              {chapter.lessons.length === 0 && <li className="px-4 py-2 text-sm text-muted-foreground">No lessons in this chapter yet.</li>}
              {chapter.lessons.map((lesson) => {
                const current = lesson.id === currentLessonId;
                const type = LESSON_TYPE[lesson.lessonType];
                // A lesson of a chapter not open yet ('Release') says when it opens, in words anyone reads.
                const opens = lesson.opensAt === null ? null : CalendarMessages.opensOn(formatInZone(lesson.opensAt, timeZone));
                const locked = lesson.lockedBy !== null || opens !== null;
                return (
                  <li key={lesson.id}>
                    <button
                      type="button"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => onSelectLesson(lesson.id)}
                      className={cn(
                        'flex w-full items-start gap-3 border-l-4 px-4 py-2.5 text-left text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                        current ? 'border-primary bg-secondary text-secondary-foreground' : 'border-transparent hover:bg-muted',
                      )}
                    >
                      {locked ? (
                        <>
                          <LockIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                          <span className="sr-only">Locked:</span>
                        </>
                      ) : (
                        <LessonStatusIcon status={lesson.status} />
                      )}
                      <span className="min-w-0 flex-1">
                        <span className={cn('block leading-snug', current && 'font-semibold', locked && 'text-muted-foreground')}>
                          {lesson.title}
                        </span>
                        <span className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground" data-testid="lesson-contents">
                          <type.icon aria-hidden="true" className="size-3.5 shrink-0" />
                          {lessonContents(lesson)}
                        </span>
                        {unseenFeedback?.has(lesson.id) && (
                          <span
                            className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300"
                            data-testid="feedback-mark"
                          >
                            <MessageSquareTextIcon aria-hidden="true" className="size-3.5" />
                            {ReviewMessages.unseenMark}
                          </span>
                        )}
                        {opens !== null ? (
                          <span className="mt-0.5 block text-xs font-medium text-muted-foreground" data-testid="lesson-opens">
                            {opens}
                          </span>
                        ) : (
                          lesson.lockedBy && <span className="sr-only"> {LearningMessages.lockedBy(lesson.lockedBy)}</span>
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ol>
  );
});
