import { AnalyticsRules, AnalyticsMessages, type AnalyticsResponse } from '@common/analytics';
import { ENGAGEMENT_TEXTS } from '@common/analytics-texts';
import { BookOpenIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { distributionRows, formatNumber, formatPercent, plural, sampleSize, TOP_COURSES_RANKING } from '../view-model';
import { ProgressDistributionChart } from './charts';
import { EmptyPanel } from '@web/components/empty-panel';
import { TopCoursesTable } from './top-courses-table';

const ENGAGEMENT = [
  { key: 'active', bar: '' },
  { key: 'new', bar: '[&>div]:bg-sky-600 dark:[&>div]:bg-sky-500' },
  { key: 'inactive', bar: '[&>div]:bg-rose-600 dark:[&>div]:bg-rose-500' },
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
          <CardDescription>{TOP_COURSES_RANKING}</CardDescription>
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
            {ENGAGEMENT.map(({ key, bar }) => {
              const { label, description } = ENGAGEMENT_TEXTS[key];
              return (
                <li key={key}>
                  <div className="mb-1.5 flex items-baseline justify-between gap-3">
                    <div>
                      <p className="font-medium">{label}</p>
                      <p className="text-xs text-muted-foreground">{description}</p>
                    </div>
                    <p className="shrink-0 text-right tabular-nums">
                      <span className="font-semibold" data-testid={`engagement-${key}-count`}>
                        {formatNumber(e[key].count)}
                      </span>{' '}
                      <span className="text-sm text-muted-foreground">({e[key].percent}%)</span>
                    </p>
                  </div>
                  <Progress value={e[key].percent} label={`${label} students: ${e[key].percent}%`} className={bar} />
                </li>
              );
            })}
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
