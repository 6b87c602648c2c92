import type { DashboardResponse } from '@common/learning';
import { BookOpenIcon, CircleCheckIcon, ClockIcon, ListChecksIcon } from 'lucide-react';
import { StatCard } from '@web/components/ui/stat-card';

/** The four statistics; without data they show placeholders. */
export function DashboardStats({ stats }: { stats: DashboardResponse['stats'] | undefined }) {
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        Your learning statistics
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={!stats}>
        <li>
          <StatCard
            label="Total Courses"
            value={stats?.totalCourses}
            icon={BookOpenIcon}
            iconClassName="bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
          />
        </li>
        <li>
          <StatCard
            label="Completed"
            value={stats?.completed}
            icon={CircleCheckIcon}
            iconClassName="bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200"
          />
        </li>
        <li>
          <StatCard
            label="In Progress"
            value={stats?.inProgress}
            icon={ClockIcon}
            iconClassName="bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200"
          />
        </li>
        <li>
          <StatCard
            label="Lessons Done"
            value={
              stats && (
                <>
                  {stats.lessonsDone}
                  <span className="text-base font-medium text-muted-foreground"> of {stats.totalLessons}</span>
                </>
              )
            }
            icon={ListChecksIcon}
            iconClassName="bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200"
          />
        </li>
      </ul>
    </section>
  );
}
