import type { LearnResponse } from '@common/learning';
import { progressPercent } from '@common/learning-rules';
import { EyeIcon, MousePointerClickIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@web/app/paths';
import { Alert } from '@web/components/ui/alert';
import { Drawer, DrawerContent, DrawerDescription, DrawerTitle } from '@web/components/ui/drawer';
import { Progress } from '@web/components/ui/progress';
import { AiTutor } from '@web/features/ai-tutor/ai-tutor';
import { flattenLessons, neighbours, withCompleted } from '../course-navigation';
import { useLessonProgress } from '../use-lesson-completion';
import { useSwipe } from '../use-swipe';
import { CompletionDialog } from './completion-dialog';
import { CourseHeader } from './course-header';
import { CourseOutline } from './course-outline';
import { LessonPanel } from './lesson-panel';
import { MobileLessonBar } from './mobile-lesson-bar';

type Props = { outline: LearnResponse; studentName: string };

/** The loaded course: header, lesson panel, outline (a drawer on phones), navigation and completion (§2, §4). */
export function CoursePlayer({ outline, studentName }: Props) {
  const { course, preview } = outline;
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();

  // The administrator's preview keeps completions on the page only: nothing is saved (§4).
  const [previewCompleted, setPreviewCompleted] = useState<ReadonlySet<string>>(new Set());
  const view = useMemo(() => (preview ? withCompleted(outline, previewCompleted) : outline), [outline, preview, previewCompleted]);
  const lessons = useMemo(() => flattenLessons(view), [view]);
  const completedCount = lessons.filter((l) => l.status === 'completed').length;
  const progress = preview ? { completedLessons: completedCount, totalLessons: lessons.length, percent: progressPercent(completedCount, lessons.length) } : view.progress;

  const requested = searchParams.get('lesson');
  const currentId = requested && lessons.some((l) => l.id === requested) ? requested : requested ? null : outline.firstUnfinishedLessonId;
  const { current, previous, next } = neighbours(lessons, currentId);

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(current ? [current.chapterId] : []));
  const [contentsOpen, setContentsOpen] = useState(false);
  const [completionOpen, setCompletionOpen] = useState(false);
  const { recordOpened, complete, completing } = useLessonProgress(course.id);
  const titleFocus = useRef(false);

  // The current lesson's chapter is always open; opening a lesson records it as started (not in preview).
  useEffect(() => {
    if (!current) return;
    setExpanded((open) => (open.has(current.chapterId) ? open : new Set(open).add(current.chapterId)));
    if (!preview && current.status === 'not_started') recordOpened(current.id);
    if (titleFocus.current) {
      titleFocus.current = false;
      const heading = document.getElementById('lesson-title');
      heading?.scrollIntoView({ block: 'start', behavior: 'instant' });
      heading?.focus({ preventScroll: true });
    }
    // Only a change of lesson matters here, not a change of its status.
  }, [current?.id]);

  function select(lessonId: string) {
    titleFocus.current = true;
    setContentsOpen(false);
    setSearchParams((params) => {
      params.set('lesson', lessonId);
      return params;
    }, { replace: true });
  }

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

  function markComplete() {
    if (!current) return;
    if (preview) {
      const done = new Set(previewCompleted).add(current.id);
      setPreviewCompleted(done);
      toast.success('Lesson Completed (Preview Mode)', { description: 'Progress not saved in preview mode.' });
      afterCompletion(done.size === lessons.length && previewCompleted.size < lessons.length);
      return;
    }
    complete(current.id, ({ justCompleted }) => {
      if (!justCompleted) toast.success('Lesson Completed!', { description: next ? 'On to the next lesson.' : 'Well done!' });
      afterCompletion(justCompleted);
    });
  }

  function toggleChapter(chapterId: string) {
    setExpanded((open) => {
      const copy = new Set(open);
      if (!copy.delete(chapterId)) copy.add(chapterId);
      return copy;
    });
  }

  const outlineProps = { chapters: view.chapters, currentLessonId: current?.id ?? null, expanded, onToggleChapter: toggleChapter, onSelectLesson: select };

  return (
    <>
      <CourseHeader
        title={course.title}
        progress={progress}
        onOpenContents={() => setContentsOpen(true)}
        onShowCertificate={!preview && progress.percent === 100 ? () => setCompletionOpen(true) : undefined}
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
                onPrevious={() => previous && select(previous.id)}
                onNext={() => next && select(next.id)}
                onComplete={markComplete}
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

      <Drawer open={contentsOpen} onOpenChange={setContentsOpen}>
        <DrawerContent side="right" aria-describedby="course-content-summary">
          <div className="border-b p-5 pr-14">
            <DrawerTitle className="text-lg font-semibold">Course Content</DrawerTitle>
            <DrawerDescription id="course-content-summary" className="mt-1 text-sm text-muted-foreground">
              {progress.completedLessons} of {progress.totalLessons} completed · {progress.percent}%
            </DrawerDescription>
            <Progress value={progress.percent} label="Course progress" className="mt-3" />
          </div>
          <div className="flex-1 overflow-y-auto">
            <CourseOutline {...outlineProps} showChapterProgress />
          </div>
        </DrawerContent>
      </Drawer>

      {current && (
        <MobileLessonBar
          position={current.index + 1}
          total={lessons.length}
          completed={current.status === 'completed'}
          completing={completing}
          hasPrevious={!!previous}
          hasNext={!!next}
          onPrevious={() => previous && select(previous.id)}
          onNext={() => next && select(next.id)}
          onComplete={markComplete}
        />
      )}

      <AiTutor courseId={course.id} lesson={current ? { id: current.id, title: current.title } : null} preview={preview} />

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
    </>
  );
}
