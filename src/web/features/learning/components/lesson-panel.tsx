import { CalendarMessages } from '@common/calendar-texts';
import { formatInZone } from '@common/calendar-time';
import { LearningMessages } from '@common/learning-rules';
import type { VideoProgressResponse } from '@common/learning';
import type { Submission } from '@common/practice';
import type { QuizAttemptResult } from '@common/quizzes';
import { CalendarClockIcon, CheckIcon, ChevronLeftIcon, ChevronRightIcon, LoaderCircleIcon, LockIcon } from 'lucide-react';
import { lazy, memo, Suspense } from 'react';
import { Spinner } from '@web/components/ui/spinner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { whenSettled } from '@web/lib/after-load';
import { useSchoolTimeZone } from '@web/lib/public-config';
import { useLessonTracking } from '@web/widgets/learning-events/use-lesson-tracking';
import { ListenButton } from '@web/widgets/media-helpers/components/listen-button';
import type { FlatLesson } from '../course-navigation';
import { LessonPdf, LessonVideo, TutorialDownload } from './lesson-media';
import { LESSON_TYPE } from './lesson-type';

// The exercises (and, inside them, the code editor) download only for a lesson that has some.
const LessonExercises = lazy(() => import('@web/widgets/practice/components/lesson-exercises'));
// Likewise the quiz, for a lesson that has one.
const LessonQuiz = lazy(() => import('@web/widgets/quizzes/components/lesson-quiz'));
// The student's questions to the tutor (Markdown and all), after the lesson itself: fetched once the
// page has settled, so that it never holds up the lesson's first paint.
const LessonQuestions = lazy(() => whenSettled().then(() => import('@web/widgets/questions/lesson-questions')));

/** Lessons with exercises are completed by passing them, not by a button. */
export const EXERCISES_COMPLETE_TEXT = 'Pass every exercise in this lesson to complete it.';

/** What completes a lesson with checks, in words; null for a lesson Mark Complete completes. */
export function checksText(lesson: Pick<FlatLesson, 'exerciseCount' | 'hasQuiz'>): string | null {
  if (lesson.exerciseCount > 0 && lesson.hasQuiz) return LearningMessages.checksComplete;
  if (lesson.hasQuiz) return LearningMessages.quizComplete;
  if (lesson.exerciseCount > 0) return EXERCISES_COMPLETE_TEXT;
  return null;
}

type Props = {
  lesson: FlatLesson;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
  completing: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onComplete: () => void;
  /** A submission that passed the lesson's last exercise: the lesson (and perhaps the course) is complete. */
  onExercisesCompleted: (submission: Submission) => void;
  /** A quiz attempt that passed the lesson's last check. */
  onQuizCompleted: (result: QuizAttemptResult) => void;
  /** Opens the lesson to complete first (a locked lesson's way forward). */
  onOpenBlocker: () => void;
  /** The server's answer to a report of the video player (the watched share may now allow Mark Complete). */
  onVideoReport: (lessonId: string, report: VideoProgressResponse) => void;
};

/** The lesson in front of the student: title, chapter, type, video and/or PDF, summary, tutorial, navigation. */
export const LessonPanel = memo(function LessonPanel({
  lesson,
  total,
  hasPrevious,
  hasNext,
  completing,
  onPrevious,
  onNext,
  onComplete,
  onExercisesCompleted,
  onQuizCompleted,
  onOpenBlocker,
  onVideoReport,
}: Props) {
  const type = LESSON_TYPE[lesson.lessonType];
  const completed = lesson.status === 'completed';
  const hasExercises = lesson.exerciseCount > 0;
  const onVideoProgress = onVideoReport;
  const byChecks = checksText(lesson);
  // A chapter not open yet ('Release') says when it opens; the order of lessons, what to complete first.
  const timeZone = useSchoolTimeZone();
  const opensText = lesson.opensAt === null ? null : CalendarMessages.opensOn(formatInZone(lesson.opensAt, timeZone));
  const locked = lesson.lockedBy !== null || opensText !== null;
  const watchText = lesson.watchRequired !== null && !completed ? LearningMessages.watchFirst(lesson.watchRequired) : null;
  const track = useLessonTracking(lesson.id);
  return (
    <article aria-labelledby="lesson-title" className="flex min-w-0 flex-col gap-5">
      <header className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{lesson.chapterTitle}</span>
          <span aria-hidden="true"> · </span>
          <span className="whitespace-nowrap">
            Lesson {lesson.index + 1} of {total}
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="lesson-title" tabIndex={-1} className="scroll-mt-36 text-xl font-bold tracking-tight focus:outline-none sm:text-2xl">
            {lesson.title}
          </h2>
          <Badge variant="secondary">
            <type.icon aria-hidden="true" />
            {type.label}
          </Badge>
          {completed && (
            <Badge variant="green">
              <CheckIcon aria-hidden="true" />
              Completed
            </Badge>
          )}
        </div>
      </header>

      {opensText !== null ? (
        <div
          role="status"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
          data-testid="lesson-not-open"
        >
          <CalendarClockIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-semibold">This lesson is not open yet</p>
          <p className="text-muted-foreground">{CalendarMessages.notReleased(formatInZone(lesson.opensAt!, timeZone))}</p>
        </div>
      ) : locked ? (
        <div role="status" className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
          <LockIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-semibold">This lesson is locked</p>
          <p className="text-muted-foreground">{LearningMessages.lockedBy(lesson.lockedBy!)}</p>
          <Button variant="outline" onClick={onOpenBlocker}>
            Go to “{lesson.lockedBy}”
          </Button>
        </div>
      ) : (
        <>
          {lesson.videoUrl && (
            <LessonVideo
              url={lesson.videoUrl}
              title={lesson.title}
              onStart={track.videoStarted}
              lessonId={lesson.id}
              resumeAt={lesson.videoPositionSeconds}
              onProgress={onVideoProgress}
            />
          )}
          {lesson.pdfUrl && <LessonPdf url={lesson.pdfUrl} title={lesson.title} onView={track.pdfViewed} />}

          {(lesson.summary || lesson.tutorialPdfUrl) && (
            <section aria-labelledby="lesson-summary-title" className="rounded-xl border bg-card p-5">
              <div className="flex items-center justify-between gap-2">
                <h3 id="lesson-summary-title" className="font-semibold">
                  Lesson summary
                </h3>
                {lesson.summary && (
                  <ListenButton text={lesson.summary} lessonId={lesson.id} label="Listen to the lesson summary" className="-my-1.5 -mr-2" />
                )}
              </div>
              {lesson.summary ? (
                <p className="mt-2 whitespace-pre-line leading-relaxed text-muted-foreground">{lesson.summary}</p>
              ) : (
                <p className="mt-2 text-sm text-muted-foreground">This lesson has no summary.</p>
              )}
              {lesson.tutorialPdfUrl && (
                <div className="mt-4">
                  <TutorialDownload url={lesson.tutorialPdfUrl} onDownload={track.tutorialDownloaded} />
                </div>
              )}
            </section>
          )}

          {hasExercises && (
            <Suspense fallback={<Spinner label="Loading exercises…" showLabel className="rounded-xl border bg-card py-10" />}>
              <LessonExercises key={lesson.id} lessonId={lesson.id} onLessonCompleted={onExercisesCompleted} />
            </Suspense>
          )}

          {lesson.hasQuiz && (
            <Suspense fallback={<Spinner label="Loading the quiz…" showLabel className="rounded-xl border bg-card py-10" />}>
              <LessonQuiz key={lesson.id} lessonId={lesson.id} onLessonCompleted={onQuizCompleted} />
            </Suspense>
          )}

          <Suspense fallback={null}>
            <LessonQuestions key={lesson.id} lessonId={lesson.id} />
          </Suspense>

          {/* The bar at the bottom of a phone's screen has no room for the sentence: it is said here. */}
          {byChecks && !completed && <p className="text-sm text-muted-foreground md:hidden">{byChecks}</p>}
          {!byChecks && watchText && <p className="text-sm text-muted-foreground md:hidden">{watchText}</p>}
        </>
      )}

      {/* Phones navigate with the bar at the bottom of the screen instead. */}
      <nav aria-label="Lesson navigation" className="hidden items-center justify-between gap-3 border-t pt-5 md:flex">
        <Button variant="outline" onClick={onPrevious} disabled={!hasPrevious}>
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        {completed ? (
          <p className="flex items-center gap-2 text-sm font-medium text-green-700 dark:text-green-400">
            <CheckIcon aria-hidden="true" className="size-4" />
            Lesson completed
          </p>
        ) : locked ? (
          <p className="text-center text-sm text-muted-foreground">{opensText ?? LearningMessages.lockedBy(lesson.lockedBy!)}</p>
        ) : byChecks ? (
          <p className="text-center text-sm text-muted-foreground">{byChecks}</p>
        ) : (
          <div className="flex flex-col items-center gap-1">
            <Button
              onClick={onComplete}
              disabled={completing || watchText !== null}
              aria-describedby={watchText ? 'watch-required' : undefined}
            >
              {completing ? (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <CheckIcon aria-hidden="true" />
              )}
              Mark Complete
            </Button>
            {watchText && (
              <p id="watch-required" className="text-center text-xs text-muted-foreground">
                {watchText}
              </p>
            )}
          </div>
        )}
        <Button variant="outline" onClick={onNext} disabled={!hasNext}>
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </nav>
    </article>
  );
});
