import type { LearnResponse, VideoProgressResponse } from '@common/learning';
import { progressPercent } from '@common/learning-rules';
import type { Submission } from '@common/practice';
import type { QuizAttemptResult } from '@common/quizzes';
import { useQueryClient } from '@tanstack/react-query';
import { EyeIcon, MousePointerClickIcon } from 'lucide-react';
import { lazy, memo, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@web/lib/paths';
import { Alert } from '@web/components/ui/alert';
import { afterLoadAndIdle } from '@web/lib/after-load';
import { learningKeys } from '../api/learning-keys';
import { useSettled } from '@web/lib/use-settled';
import { chaptersToOpen, flattenLessons, neighbours, previewCompletesCourse, withCompleted } from '../course-navigation';
import { LessonTutorSlot } from '../lesson-tutor-slot';
import { useLessonProgress } from '../use-lesson-completion';
import { useStableHandler } from '../use-stable-handler';
import { useSwipe } from '../use-swipe';
import { CourseHeader } from './course-header';
import { CourseOutline } from './course-outline';
import { LessonPanel } from './lesson-panel';
import { MobileLessonBar } from './mobile-lesson-bar';

// The phone's outline sheet and the completion dialog (Radix Dialog and all) are not part of the
// screen's first download: fetched once the page is idle, or when first opened if that is sooner.
const loadContentsDrawer = () => import('./course-contents-drawer');
const loadCompletionDialog = () => import('./completion-dialog');
const CourseContentsDrawer = lazy(loadContentsDrawer);
const CompletionDialog = lazy(() => loadCompletionDialog().then((m) => ({ default: m.CompletionDialog })));

type Props = { outline: LearnResponse; studentName: string };

/**
 * The loaded course: header, lesson panel, outline (a drawer on phones), navigation and completion.
 * Memoised, as are its parts: the page above renders again for every change of its queries, and
 * this screen only for a new outline, a new lesson or its own state.
 */
export const CoursePlayer = memo(function CoursePlayer({ outline, studentName }: Props) {
  const { course, preview } = outline;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();

  // The administrator's preview keeps completions on the page only: nothing is saved.
  const [previewCompleted, setPreviewCompleted] = useState<ReadonlySet<string>>(new Set());
  const view = useMemo(() => (preview ? withCompleted(outline, previewCompleted) : outline), [outline, preview, previewCompleted]);
  const lessons = useMemo(() => flattenLessons(view), [view]);
  const completedCount = lessons.filter((l) => l.status === 'completed').length;
  const progress = preview
    ? { completedLessons: completedCount, totalLessons: lessons.length, percent: progressPercent(completedCount, lessons.length) }
    : view.progress;

  const requested = searchParams.get('lesson');
  const currentId = requested && lessons.some((l) => l.id === requested) ? requested : requested ? null : outline.firstUnfinishedLessonId;
  const { current, previous, next } = neighbours(lessons, currentId);

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(chaptersToOpen(lessons, current?.id ?? null)));
  const [contentsOpen, setContentsOpen] = useState(false);
  const [completionOpen, setCompletionOpen] = useState(false);
  // Mounted from their first opening on (so they can animate closed), not before.
  const [contentsMounted, setContentsMounted] = useState(false);
  const [completionMounted, setCompletionMounted] = useState(false);
  if (contentsOpen && !contentsMounted) setContentsMounted(true);
  if (completionOpen && !completionMounted) setCompletionMounted(true);
  const { recordOpened, complete, completing } = useLessonProgress(course.id);
  const titleFocus = useRef(false);
  const firstLesson = useRef(true);

  useEffect(
    () =>
      afterLoadAndIdle(() => {
        void loadContentsDrawer().catch(() => undefined);
        void loadCompletionDialog().catch(() => undefined);
      }),
    [],
  );

  // The current lesson's chapter is always open; opening a lesson records it as started (not in preview).
  useEffect(() => {
    if (!current) return;
    setExpanded((open) => (open.has(current.chapterId) ? open : new Set(open).add(current.chapterId)));
    // A locked lesson records nothing: the server would refuse it (lessons in order, a chapter not open yet).
    if (!preview && current.status === 'not_started' && !current.lockedBy && !current.opensAt) {
      // The lesson the page opens with is recorded once the page has loaded and gone idle: the
      // write and the outline it updates never compete with the first paint. A lesson the student
      // then opens is recorded at once.
      const lessonId = current.id;
      if (firstLesson.current) afterLoadAndIdle(() => recordOpened(lessonId));
      else recordOpened(lessonId);
    }
    firstLesson.current = false;
    if (titleFocus.current) {
      titleFocus.current = false;
      const heading = document.getElementById('lesson-title');
      heading?.scrollIntoView({ block: 'start', behavior: 'instant' });
      heading?.focus({ preventScroll: true });
    }
    // Only a change of lesson matters here, not a change of its status.
  }, [current?.id]);

  const select = useStableHandler((lessonId: string) => {
    titleFocus.current = true;
    setContentsOpen(false);
    setSearchParams(
      (params) => {
        params.set('lesson', lessonId);
        return params;
      },
      { replace: true },
    );
  });

  const swipe = useSwipe((direction) => {
    const target = direction === 'next' ? next : previous;
    if (target) select(target.id);
  });

  function afterCompletion(justCompleted: boolean) {
    if (justCompleted) {
      setCompletionOpen(true);
      toast.success('Course Completed!', { description: `You have finished ${course.title}.` });
      return;
    }
    if (next) select(next.id);
  }

  const markComplete = useStableHandler(() => {
    if (!current) return;
    if (preview) {
      const done = new Set(previewCompleted).add(current.id);
      setPreviewCompleted(done);
      toast.success('Lesson Completed (Preview Mode)', { description: 'Progress not saved in preview mode.' });
      afterCompletion(previewCompletesCourse(lessons, current.id));
      return;
    }
    complete(current.id, ({ justCompleted }) => {
      if (!justCompleted) toast.success('Lesson Completed!', { description: next ? 'On to the next lesson.' : 'Well done!' });
      afterCompletion(justCompleted);
    });
  });

  // Passing a lesson's last check (an exercise or its quiz) completes it on the server: the outline
  // and the dashboard catch up, and a completed course (the server's courseJustCompleted, never
  // worked out here) opens the same dialog as Mark Complete. The student stays on the lesson,
  // looking at their result.
  const exercisesCompleted = useStableHandler((submission: Submission) =>
    checksCompleted(submission.courseJustCompleted, 'You passed every exercise in this lesson.'),
  );
  const quizCompleted = useStableHandler((result: QuizAttemptResult) =>
    checksCompleted(result.courseJustCompleted, current?.exerciseCount ? 'You passed every check in this lesson.' : 'You passed the quiz.'),
  );

  // The server's word on the video's watched share: Mark Complete follows it without a refetch.
  const videoReport = useStableHandler((lessonId: string, report: VideoProgressResponse) => {
    if (report.preview) return;
    queryClient.setQueryData<LearnResponse>(
      learningKeys.outline(course.id),
      (old) =>
        old && {
          ...old,
          chapters: old.chapters.map((ch) => ({
            ...ch,
            lessons: ch.lessons.map((l) =>
              l.id === lessonId ? { ...l, watchRequired: report.watchRequired, videoPositionSeconds: report.positionSeconds } : l,
            ),
          })),
        },
    );
  });

  // The way forward from a locked lesson: the first lesson not completed, which locks it.
  const openBlocker = useStableHandler(() => {
    const blocker = lessons.find((l) => l.status !== 'completed');
    if (blocker) select(blocker.id);
  });

  function checksCompleted(courseJustCompleted: boolean, description: string) {
    if (!current) return;
    if (preview) {
      const done = new Set(previewCompleted).add(current.id);
      setPreviewCompleted(done);
      const courseDone = previewCompletesCourse(lessons, current.id);
      if (courseDone) afterCompletion(true);
      else toast.success('Lesson Completed (Preview Mode)', { description: 'Progress not saved in preview mode.' });
      return;
    }
    // Without a lesson in the address the page shows the first unfinished one, which this very
    // completion changes: pin the lesson first, so the refreshed outline leaves the student here.
    if (!searchParams.get('lesson')) {
      const lessonId = current.id;
      setSearchParams(
        (params) => {
          params.set('lesson', lessonId);
          return params;
        },
        { replace: true },
      );
    }
    void queryClient.invalidateQueries({ queryKey: learningKeys.student });
    if (courseJustCompleted) afterCompletion(true);
    else toast.success('Lesson Completed!', { description });
  }

  const toggleChapter = useStableHandler((chapterId: string) => {
    setExpanded((open) => {
      const copy = new Set(open);
      if (!copy.delete(chapterId)) copy.add(chapterId);
      return copy;
    });
  });
  const goPrevious = useStableHandler(() => previous && select(previous.id));
  const goNext = useStableHandler(() => next && select(next.id));
  const openContents = useStableHandler(() => setContentsOpen(true));
  const showCertificate = useStableHandler(() => setCompletionOpen(true));

  // The AI tutor (its floating button, its conversation and media code; a lazy component the app
  // provides) is fetched once the page has settled, not with the lesson: the button appears a
  // moment after it (at once on a later visit).
  const Tutor = useContext(LessonTutorSlot);
  // On a phone the tutor's button sits in the lesson bar (this element), not over the lesson.
  const [tutorDock, setTutorDock] = useState<HTMLDivElement | null>(null);
  const settled = useSettled();
  const tutorLesson = useMemo(() => (current ? { id: current.id, title: current.title } : null), [current?.id, current?.title]);

  const outlineProps = {
    chapters: view.chapters,
    currentLessonId: current?.id ?? null,
    expanded,
    onToggleChapter: toggleChapter,
    onSelectLesson: select,
  };

  return (
    <>
      <CourseHeader
        title={course.title}
        progress={progress}
        onOpenContents={openContents}
        onShowCertificate={!preview && progress.percent === 100 ? showCertificate : undefined}
        gradesHref={preview ? undefined : paths.courseGrades.href(course.id)}
      />
      {preview && (
        <Alert variant="warning" className="mb-5">
          <EyeIcon aria-hidden="true" />
          <p>Admin Preview Mode - Testing student learning experience - progress not saved</p>
        </Alert>
      )}

      <div className="grid gap-6 pb-24 md:grid-cols-[minmax(0,1fr)_17rem] md:pb-0 lg:grid-cols-[minmax(0,1fr)_21rem]">
        <section aria-label="Lesson" className="min-w-0 touch-pan-y" {...swipe}>
          {current ? (
            <>
              <p className="mb-3 text-xs text-muted-foreground md:hidden">Swipe left/right to navigate lessons</p>
              <LessonPanel
                lesson={current}
                total={lessons.length}
                hasPrevious={!!previous}
                hasNext={!!next}
                completing={completing}
                onPrevious={goPrevious}
                onNext={goNext}
                onComplete={markComplete}
                onExercisesCompleted={exercisesCompleted}
                onQuizCompleted={quizCompleted}
                onOpenBlocker={openBlocker}
                onVideoReport={videoReport}
              />
            </>
          ) : (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
              <MousePointerClickIcon aria-hidden="true" className="size-8 text-muted-foreground" />
              <h2 className="text-lg font-semibold">Select a Lesson</h2>
              <p className="text-muted-foreground">
                {lessons.length > 0 ? 'Choose a lesson from the course outline to get started.' : 'This course has no lessons yet.'}
              </p>
            </div>
          )}
        </section>

        <aside aria-labelledby="course-outline-title" className="hidden md:block">
          <div className="sticky top-32 overflow-hidden rounded-xl border bg-card">
            <h2 id="course-outline-title" className="border-b px-4 py-3 font-semibold">
              Course Outline
            </h2>
            <div className="max-h-[calc(100dvh-12rem)] overflow-y-auto">
              <CourseOutline {...outlineProps} />
            </div>
          </div>
        </aside>
      </div>

      {contentsMounted && (
        <Suspense fallback={null}>
          <CourseContentsDrawer open={contentsOpen} onOpenChange={setContentsOpen} progress={progress} {...outlineProps} />
        </Suspense>
      )}

      {current && (
        <MobileLessonBar
          position={current.index + 1}
          total={lessons.length}
          completed={current.status === 'completed'}
          noCompleteButton={current.exerciseCount > 0 || current.hasQuiz || current.lockedBy !== null || current.opensAt !== null}
          completeDisabled={current.watchRequired !== null}
          completing={completing}
          hasPrevious={!!previous}
          hasNext={!!next}
          onPrevious={goPrevious}
          onNext={goNext}
          onComplete={markComplete}
          tutorDock={Tutor ? setTutorDock : undefined}
        />
      )}

      {settled && Tutor && (
        <Suspense fallback={null}>
          <Tutor courseId={course.id} lesson={tutorLesson} preview={preview} dock={tutorDock} />
        </Suspense>
      )}

      {completionMounted && (
        <Suspense fallback={null}>
          <CompletionDialog
            open={completionOpen}
            onOpenChange={setCompletionOpen}
            courseId={course.id}
            courseTitle={course.title}
            studentName={studentName}
            preview={preview}
            onContinue={() => {
              setCompletionOpen(false);
              navigate(paths.student.dashboard);
            }}
          />
        </Suspense>
      )}
    </>
  );
});
