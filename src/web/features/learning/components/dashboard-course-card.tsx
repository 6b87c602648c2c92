import type { DashboardCourse } from '@common/learning';
import { CalendarIcon, LayersIcon } from 'lucide-react';
import { useId } from 'react';
import { formatDate } from '@web/lib/format-date';
import { plural } from '@web/lib/plural';
import { CourseActionButton } from './course-action-button';
import { CourseProgressBadge } from './course-progress-badge';
import { CourseThumbnail } from './course-thumbnail';
import { ProgressBar } from './progress-bar';
import { ProgressRing } from './progress-ring';

/** One course of the 'My Courses' grid. */
export function DashboardCourseCard({ course, preview }: { course: DashboardCourse; preview: boolean }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid="dashboard-course"
      className="flex h-full flex-col rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md motion-reduce:transition-none"
    >
      <div className="relative">
        <CourseThumbnail url={course.thumbnailUrl} title={course.title} className="aspect-[5/2] rounded-t-xl sm:aspect-[2/1]" />
        <div className="absolute right-4 -bottom-7 rounded-full bg-card p-1 shadow-md ring-1 ring-border">
          <ProgressRing percent={course.percent} size={52} label={`${course.title}: ${course.percent}% complete`} />
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-4 p-5 pt-4">
        <div className="flex flex-col items-start gap-2 pr-16">
          <CourseProgressBadge status={course.status} />
          <h3 id={titleId} className="text-lg font-semibold leading-snug break-words">
            {course.title}
          </h3>
        </div>

        {course.description && <p className="line-clamp-2 text-sm text-muted-foreground break-words">{course.description}</p>}

        <div className="space-y-2">
          <ProgressBar percent={course.percent} label={`Progress in ${course.title}`} />
          <p className="flex items-baseline justify-between gap-3 text-sm">
            <span className="text-muted-foreground">
              {course.completedLessons} of {course.totalLessons} lessons completed
            </span>
            <span className="font-semibold tabular-nums" aria-hidden="true">
              {course.percent}%
            </span>
          </p>
        </div>

        <dl className="flex flex-wrap gap-x-5 gap-y-1.5 text-xs text-muted-foreground">
          <div className="flex items-center gap-1.5">
            <dt className="flex items-center gap-1.5">
              <CalendarIcon className="size-3.5" aria-hidden="true" />
              Enrolled
            </dt>
            <dd>
              <time dateTime={course.enrolledAt}>{formatDate(course.enrolledAt)}</time>
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <LayersIcon className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Total lessons</span>
            </dt>
            <dd>{plural(course.totalLessons, 'lesson')}</dd>
          </div>
        </dl>

        <CourseActionButton course={course} preview={preview} className="mt-auto w-full" />
      </div>
    </article>
  );
}
