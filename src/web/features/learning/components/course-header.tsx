import type { ProgressSummary } from '@common/learning';
import { ArrowLeftIcon, AwardIcon, GraduationCapIcon, ListIcon } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { DocumentTitle } from '@web/components/document-title';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';

type Props = {
  title: string;
  progress: ProgressSummary;
  onOpenContents: () => void;
  /** Shown once the course is complete (not in preview): reopens the completion dialog. */
  onShowCertificate?: () => void;
  /** 'My Grades' of this course (not in preview: the tutor has no grades of their own). */
  gradesHref?: string;
};

/** Back to the dashboard, the course title, lessons done, percent and the progress bar. */
export const CourseHeader = memo(function CourseHeader({ title, progress, onOpenContents, onShowCertificate, gradesHref }: Props) {
  const { completedLessons, totalLessons, percent } = progress;
  return (
    <header className="mb-5 flex flex-col gap-3 md:mb-6">
      <DocumentTitle title={title} />
      <Button asChild variant="ghost" size="sm" className="-ml-3 self-start text-muted-foreground hover:text-foreground">
        <Link to={paths.student.dashboard}>
          <ArrowLeftIcon aria-hidden="true" />
          Back to Dashboard
        </Link>
      </Button>
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {gradesHref && (
            <Button asChild variant="outline" size="sm">
              <Link to={gradesHref}>
                <GraduationCapIcon aria-hidden="true" />
                My Grades
              </Link>
            </Button>
          )}
          {onShowCertificate && (
            <Button variant="outline" size="sm" onClick={onShowCertificate}>
              <AwardIcon aria-hidden="true" />
              View Certificate
            </Button>
          )}
          <Button variant="outline" size="sm" className="md:hidden" onClick={onOpenContents}>
            <ListIcon aria-hidden="true" />
            Course Content
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between text-sm">
          <span className="text-muted-foreground">
            {completedLessons} of {totalLessons} lessons completed
          </span>
          <span className="font-semibold tabular-nums">{percent}% complete</span>
        </div>
        <Progress value={percent} label="Course progress" />
      </div>
    </header>
  );
});
