import type { LearnResponse, ProgressSummary } from '@common/learning';
import { Drawer, DrawerContent, DrawerDescription, DrawerTitle } from '@web/components/ui/drawer';
import { Progress } from '@web/components/ui/progress';
import { CourseOutline } from './course-outline';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  progress: ProgressSummary;
  chapters: LearnResponse['chapters'];
  currentLessonId: string | null;
  expanded: ReadonlySet<string>;
  onToggleChapter: (chapterId: string) => void;
  onSelectLesson: (lessonId: string) => void;
};

/** Below 768px, 'Course Content': the outline in a side sheet, each chapter with its lessons done. Loaded when first opened. */
export default function CourseContentsDrawer({ open, onOpenChange, progress, ...outline }: Props) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <DrawerContent side="right" aria-describedby="course-content-summary">
        <div className="border-b p-5 pr-14">
          <DrawerTitle className="text-lg font-semibold">Course Content</DrawerTitle>
          <DrawerDescription id="course-content-summary" className="mt-1 text-sm text-muted-foreground">
            {progress.completedLessons} of {progress.totalLessons} completed · {progress.percent}%
          </DrawerDescription>
          <Progress value={progress.percent} label="Course progress" className="mt-3" />
        </div>
        <div className="flex-1 overflow-y-auto">
          <CourseOutline {...outline} showChapterProgress />
        </div>
      </DrawerContent>
    </Drawer>
  );
}
