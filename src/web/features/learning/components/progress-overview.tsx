import type { DashboardResponse } from '@common/learning';
import { CalendarCheckIcon, FlameIcon, SparklesIcon, TrendingUpIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { plural } from '@web/lib/plural';
import { ProgressBar } from './progress-bar';

function CardHeading({ id, icon: Icon, tone, children }: { id: string; icon: LucideIcon; tone: string; children: ReactNode }) {
  return (
    <div className="mb-4 flex items-center gap-2.5">
      <span className={`flex size-8 items-center justify-center rounded-lg ${tone}`}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <h2 id={id} className="font-semibold">
        {children}
      </h2>
    </div>
  );
}

function Insight({ icon: Icon, tone, label, value, hint }: { icon: LucideIcon; tone: string; label: string; value: string; hint: string }) {
  return (
    <li className="flex items-start gap-3 rounded-lg bg-muted/60 p-3.5">
      <Icon className={`mt-0.5 size-5 shrink-0 ${tone}`} aria-hidden="true" />
      <div className="flex min-w-0 flex-col">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-xl font-bold tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
    </li>
  );
}

/** The Overall Progress and Learning Insights cards, shown once the student has courses. */
export function ProgressOverview({ data }: { data: DashboardResponse }) {
  const { stats, overallProgress, insights } = data;
  const notStarted = stats.totalCourses - stats.completed - stats.inProgress;
  const counts = [
    { label: 'completed', value: stats.completed, dot: 'bg-green-600 dark:bg-green-400' },
    { label: 'in progress', value: stats.inProgress, dot: 'bg-primary' },
    { label: 'not started', value: notStarted, dot: 'bg-slate-400 dark:bg-slate-500' },
  ];
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card className="p-5 sm:p-6" role="region" aria-labelledby="overall-title">
        <CardHeading id="overall-title" icon={TrendingUpIcon} tone="bg-secondary text-secondary-foreground">
          Overall Progress
        </CardHeading>
        <div className="flex items-baseline gap-2">
          <p className="text-4xl font-bold tracking-tight tabular-nums" data-testid="overall-percent">
            {overallProgress}%
          </p>
          <p className="text-sm text-muted-foreground">average across your courses</p>
        </div>
        <ProgressBar percent={overallProgress} label="Overall progress" className="mt-4 h-2.5" />
        <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {counts.map(({ label, value, dot }) => (
            <li key={label} className="flex items-center gap-2">
              <span className={`size-2.5 rounded-full ${dot}`} aria-hidden="true" />
              <span>
                <span className="font-semibold tabular-nums">{value}</span> <span className="text-muted-foreground">{label}</span>
              </span>
            </li>
          ))}
        </ul>
      </Card>

      <Card className="p-5 sm:p-6" role="region" aria-labelledby="insights-title">
        <CardHeading id="insights-title" icon={SparklesIcon} tone="bg-accent text-accent-foreground">
          Learning Insights
        </CardHeading>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Insight
            icon={FlameIcon}
            tone="text-orange-600 dark:text-orange-400"
            label="Learning streak"
            value={plural(insights.streakDays, 'day')}
            hint={insights.streakDays > 0 ? 'Days in a row with a completed lesson' : 'Complete a lesson to start a streak'}
          />
          <Insight
            icon={CalendarCheckIcon}
            tone="text-teal-700 dark:text-teal-300"
            label="This week"
            value={plural(insights.lessonsThisWeek, 'lesson')}
            hint="Completed in the last 7 days"
          />
        </ul>
      </Card>
    </div>
  );
}
