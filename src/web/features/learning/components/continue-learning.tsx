import type { DashboardCourse } from '@common/learning';
import { useId } from 'react';
import { formatDate, formatDaysAgo } from '@web/lib/format-date';
import { CourseActionButton } from './course-action-button';
import { CourseThumbnail } from './course-thumbnail';
import { ProgressBar } from './progress-bar';

function ContinueItem({ course, preview }: { course: DashboardCourse; preview: boolean }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:p-5"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <CourseThumbnail url={course.thumbnailUrl} title={course.title} small className="size-14 shrink-0 rounded-lg sm:size-16" />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="line-clamp-2 font-semibold break-words">
            {course.title}
          </h3>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {course.lastActivityAt ? (
              <>
                Last studied <time dateTime={course.lastActivityAt}>{formatDaysAgo(course.lastActivityAt)}</time>
              </>
            ) : (
              <>
                Enrolled <time dateTime={course.enrolledAt}>{formatDate(course.enrolledAt)}</time>
              </>
            )}
          </p>
          <div className="mt-2 flex items-center gap-3">
            <ProgressBar percent={course.percent} label={`Progress in ${course.title}`} className="flex-1" />
            <span className="text-sm font-semibold tabular-nums" aria-hidden="true">
              {course.percent}%
            </span>
          </div>
        </div>
      </div>
      <CourseActionButton course={course} preview={preview} className="w-full sm:w-auto" />
    </article>
  );
}

/** Up to two in-progress courses, to pick up where the student left off; or, before any, the first one to start. */
export function ContinueLearning({ title, courses, preview }: { title: string; courses: DashboardCourse[]; preview: boolean }) {
  return (
    <section aria-labelledby="continue-title" data-testid="continue-learning">
      <h2 id="continue-title" className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {courses.map((course) => (
          <li key={course.id}>
            <ContinueItem course={course} preview={preview} />
          </li>
        ))}
      </ul>
    </section>
  );
}
