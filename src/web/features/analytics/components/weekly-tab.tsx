import { AnalyticsMessages, type AnalyticsResponse } from '@common/analytics';
import { BookOpenIcon, UserPlusIcon } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { formatDate } from '@web/lib/format-date';
import { TOP_COURSES_RANKING, weeklyRows, weeklySummary } from '../view-model';
import { WeeklyActivityChart, WeeklyEnrollmentsChart } from './charts';
import { EmptyPanel } from '@web/components/empty-panel';
import { TopCoursesTable } from './top-courses-table';

export function WeeklyTab({ data }: { data: AnalyticsResponse }) {
  const rows = weeklyRows(data.weeklyEngagement);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Top Performing Courses</h2>
          </CardTitle>
          <CardDescription>{TOP_COURSES_RANKING}</CardDescription>
        </CardHeader>
        <CardContent>
          {data.topPerformingCourses.length === 0 ? (
            <EmptyPanel icon={BookOpenIcon}>{AnalyticsMessages.topCoursesEmpty}</EmptyPanel>
          ) : (
            <TopCoursesTable courses={data.topPerformingCourses} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Weekly Enrollments</h2>
          </CardTitle>
          <CardDescription>The past 8 weeks, each ending on the day shown last.</CardDescription>
        </CardHeader>
        <CardContent>
          <WeeklyEnrollmentsChart rows={rows} summary={weeklySummary(rows, 'newEnrollments', 'new enrollments')} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Weekly Activity</h2>
          </CardTitle>
          <CardDescription>Lessons completed and students active each week.</CardDescription>
        </CardHeader>
        <CardContent>
          <WeeklyActivityChart
            rows={rows}
            summary={`${weeklySummary(rows, 'lessonsCompleted', 'lessons completed')} ${weeklySummary(rows, 'activeStudents', 'weekly active students')}`}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Recent Enrollments</h2>
          </CardTitle>
          <CardDescription>The 10 newest of the last 30 days.</CardDescription>
        </CardHeader>
        <CardContent>
          {data.recentEnrollments.length === 0 ? (
            <EmptyPanel icon={UserPlusIcon}>{AnalyticsMessages.recentEnrollmentsEmpty}</EmptyPanel>
          ) : (
            <ul className="flex flex-col divide-y">
              {data.recentEnrollments.map((r) => {
                const name = `${r.student.firstName} ${r.student.lastName}`;
                const course = r.course?.title ?? AnalyticsMessages.unknownCourse;
                return (
                  <li key={r.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-medium">{course}</p>
                        <p className="text-xs text-muted-foreground">
                          {name} · enrolled {formatDate(r.enrolledAt)}
                        </p>
                      </div>
                      <Badge variant="secondary" className="capitalize">
                        {r.status}
                      </Badge>
                    </div>
                    <div className="flex items-center gap-3">
                      <Progress value={r.progressPercent} label={`${name}'s progress in ${course}`} />
                      <span className="w-10 shrink-0 text-right text-sm tabular-nums">{r.progressPercent}%</span>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
