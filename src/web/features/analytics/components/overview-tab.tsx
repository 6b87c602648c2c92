import { AnalyticsRules, AnalyticsMessages, type AnalyticsResponse } from '@common/analytics';
import { BookOpenIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { distributionRows, formatNumber, formatPercent, plural, sampleSize } from '../view-model';
import { ProgressDistributionChart } from './charts';
import { EmptyPanel } from '@web/components/empty-panel';
import { TopCoursesTable } from './top-courses-table';

const ENGAGEMENT = [
  { key: 'active', label: 'Active', description: 'Activity in the last 14 days and on track', bar: '' },
  {
    key: 'struggling',
    label: 'Struggling',
    description: `Average progress below ${AnalyticsRules.strugglingBelowPercent}%`,
    bar: '[&>div]:bg-amber-600 dark:[&>div]:bg-amber-500',
  },
  {
    key: 'inactive',
    label: 'Inactive',
    description: `No activity for more than ${AnalyticsRules.inactiveAfterDays} days`,
    bar: '[&>div]:bg-rose-600 dark:[&>div]:bg-rose-500',
  },
] as const;

export function OverviewTab({ data }: { data: AnalyticsResponse }) {
  const top = data.topPerformingCourses.slice(0, AnalyticsRules.topCoursesOverview);
  const e = data.studentEngagement;
  const rows = distributionRows(data.progressDistribution);
  const total = data.totals.totalEnrollments;
  const finished = data.progressDistribution.find((b) => b.min === 100)?.enrollments ?? 0;
  const notStarted = data.progressDistribution.find((b) => b.max === 0)?.enrollments ?? 0;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle asChild>
            <h2>Top Performing Courses</h2>
          </CardTitle>
          <CardDescription>Published courses with the most enrollments.</CardDescription>
        </CardHeader>
        <CardContent>
          {top.length === 0 ? (
            <EmptyPanel icon={BookOpenIcon}>{AnalyticsMessages.topCoursesEmpty}</EmptyPanel>
          ) : (
            <TopCoursesTable courses={top} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Student Engagement</h2>
          </CardTitle>
          <CardDescription>
            {plural(e.total, 'approved student')}, as of today ({sampleSize(e.total)}).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-5">
            {ENGAGEMENT.map(({ key, label, description, bar }) => (
              <li key={key}>
                <div className="mb-1.5 flex items-baseline justify-between gap-3">
                  <div>
                    <p className="font-medium">{label}</p>
                    <p className="text-xs text-muted-foreground">{description}</p>
                  </div>
                  <p className="shrink-0 text-right tabular-nums">
                    <span className="font-semibold">{formatNumber(e[key].count)}</span>{' '}
                    <span className="text-sm text-muted-foreground">({e[key].percent}%)</span>
                  </p>
                </div>
                <Progress value={e[key].percent} label={`${label} students: ${e[key].percent}%`} className={bar} />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Progress Distribution</h2>
          </CardTitle>
          <CardDescription>
            {total === 0
              ? 'No enrollments yet.'
              : `${plural(total, 'enrollment')}; average progress ${formatPercent(data.totals.averageProgress)}.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ProgressDistributionChart
            rows={rows}
            summary={
              total === 0
                ? 'No enrollments to show yet.'
                : `${formatNumber(notStarted)} not started, ${formatNumber(finished)} finished, ${formatNumber(total - notStarted - finished)} in between.`
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
