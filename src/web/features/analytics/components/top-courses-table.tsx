import type { AnalyticsResponse } from '@common/analytics';
import { formatPercent, plural, sampleSize } from '../view-model';

type TopCourse = AnalyticsResponse['topPerformingCourses'][number];

/**
 * Ranked courses (by completion rate, then average progress: rankCourses on the server): a table on
 * wide screens, one card per course on phones (same DOM).
 */
export function TopCoursesTable({ courses }: { courses: TopCourse[] }) {
  return (
    <ol aria-label="Courses by completion rate" className="flex flex-col divide-y">
      {courses.map((c) => (
        <li key={c.course.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground">
              <span className="sr-only">Rank </span>
              {c.rank}
            </span>
            <div className="min-w-0">
              <p className="font-medium [overflow-wrap:anywhere]" title={c.course.title}>
                {c.course.title}
              </p>
              <p className="text-xs text-muted-foreground">
                {plural(c.enrollmentCount, 'enrollment')} · {plural(c.totalLessons, 'lesson')}
              </p>
            </div>
          </div>
          <dl className="grid shrink-0 grid-cols-2 gap-4 pl-11 text-sm sm:w-64 sm:pl-0">
            <div>
              <dt className="text-xs text-muted-foreground">Completion rate</dt>
              <dd className="font-semibold tabular-nums">
                {formatPercent(c.completionRate)}{' '}
                <span className="text-xs font-normal text-muted-foreground">{sampleSize(c.enrollmentCount)}</span>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Average progress</dt>
              <dd className="font-semibold tabular-nums">{formatPercent(c.averageProgress)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}
