import {
  ANALYTICS_RANGE_LABELS,
  ANALYTICS_RANGES,
  AnalyticsMessages,
  DEFAULT_ANALYTICS_RANGE,
  type AnalyticsResponse,
} from '@common/analytics';
import { ENGAGEMENT_TEXTS } from '@common/analytics-texts';
import { BookOpenIcon, GraduationCapIcon, TrendingUpIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@web/lib/paths';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toastFailure } from '@web/lib/notify';
import { useAnalytics } from './api/get-analytics';
import { ContentTab } from './components/content-tab';
import { DropoffTab } from './components/dropoff-tab';
import { LearningPathsTab } from './components/learning-paths-tab';
import { OverviewTab } from './components/overview-tab';
import { PredictionsTab } from './components/predictions-tab';
import { VelocityTab } from './components/velocity-tab';
import { WeeklyTab } from './components/weekly-tab';
import { formatNumber, formatPercent, parseRange, parseTab, periodSummary, plural, TABS, type AnalyticsTab } from './view-model';

// The range filters only part of the answer (ANALYTICS_RANGE_FILTERED): say so beside it.
const RANGE_NOTE = 'The range applies to this line and to Content Engagement; the rest is as of today.';

function SummaryCards({ data }: { data: AnalyticsResponse }) {
  const t = data.totals;
  const cards: { label: string; value: ReactNode; hint: string; icon: LucideIcon; tone: string }[] = [
    {
      label: 'Total Students',
      value: formatNumber(t.totalStudents),
      hint: `${formatNumber(t.activeStudents)} active: ${ENGAGEMENT_TEXTS.active.description.toLowerCase()}`,
      icon: UsersIcon,
      tone: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
    },
    {
      label: 'Course Performance',
      value: formatNumber(t.publishedCourses),
      hint: `published of ${plural(t.totalCourses, 'course')}`,
      icon: BookOpenIcon,
      tone: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200',
    },
    {
      label: 'Total Enrollments',
      value: formatNumber(t.totalEnrollments),
      hint: `${formatNumber(t.newEnrollmentsLast30Days)} new this month`,
      icon: GraduationCapIcon,
      tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
    },
    {
      label: 'Average Progress',
      value: formatPercent(t.averageProgress),
      hint: `${plural(t.completedLessons, 'lesson')} completed`,
      icon: TrendingUpIcon,
      tone: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
    },
  ];
  return (
    <section aria-labelledby="analytics-summary-title">
      <h2 id="analytics-summary-title" className="sr-only">
        Summary
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map((c) => (
          <li key={c.label}>
            <StatCard label={c.label} value={c.value} hint={c.hint} icon={c.icon} iconClassName={c.tone} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AnalyticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = parseRange(searchParams.get('range'));
  const tab = parseTab(searchParams.get('tab'));
  const analytics = useAnalytics(range);
  const rangeId = useId();

  // A failed load is told in a toast (once per failure), and the page offers a retry.
  useEffect(() => {
    if (analytics.isError) toastFailure(analytics.error, AnalyticsMessages.failedToast);
  }, [analytics.isError, analytics.errorUpdatedAt, analytics.error]);

  const setParam = (key: 'range' | 'tab', value: string, fallback: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const data = analytics.data;
  // While another range loads, the last answer stays on screen (placeholder data).
  const updating = analytics.isPlaceholderData && analytics.isFetching;

  return (
    <>
      <PageHeader
        title={AnalyticsMessages.title}
        subtitle="How your students learn, measured from what they do."
        back={{ to: paths.dashboard, label: 'Back to Dashboard' }}
        actions={
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={rangeId}>Time range</Label>
            <Select
              id={rangeId}
              value={range}
              onChange={(e) => setParam('range', e.target.value, DEFAULT_ANALYTICS_RANGE)}
              className="w-full sm:w-44"
            >
              {ANALYTICS_RANGES.map((r) => (
                <option key={r} value={r}>
                  {ANALYTICS_RANGE_LABELS[r]}
                </option>
              ))}
            </Select>
          </div>
        }
      />

      {!data && analytics.isPending && <Spinner showLabel label={AnalyticsMessages.loading} className="py-20" />}

      {!data && analytics.isError && (
        <LoadError message={AnalyticsMessages.failed} onRetry={() => void analytics.refetch()} retrying={analytics.isFetching} />
      )}

      {data && (
        <div aria-busy={updating} className="flex flex-col gap-6 break-words">
          <SummaryCards data={data} />

          <section
            aria-labelledby="analytics-period-title"
            className="flex flex-col gap-1 rounded-xl border bg-card px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <p>
              <span id="analytics-period-title" className="font-semibold">
                {ANALYTICS_RANGE_LABELS[data.range]}:
              </span>{' '}
              <span data-testid="analytics-period">{periodSummary(data.period)}</span>
            </p>
            {updating ? (
              <Spinner showLabel label="Updating..." className="justify-start" />
            ) : (
              <p className="text-xs text-muted-foreground">{RANGE_NOTE}</p>
            )}
          </section>

          <Tabs value={tab} onValueChange={(v) => setParam('tab', v, 'overview')}>
            {/* Phones: one row that scrolls sideways (the fading edge says there is more), never a tab alone on a row. */}
            <div className="-mx-4 overflow-x-auto px-4 max-sm:[mask-image:linear-gradient(to_right,black_85%,transparent)] sm:mx-0 sm:overflow-visible sm:px-0">
              <TabsList
                aria-label="Analytics"
                className="h-auto w-max justify-start sm:grid sm:w-full sm:grid-cols-4 lg:flex lg:w-auto lg:flex-wrap"
              >
                {TABS.map((t) => (
                  <TabsTrigger key={t.value} value={t.value} className="min-h-11 shrink-0 sm:min-h-9">
                    {t.label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
            <TabPanels data={data} />
          </Tabs>
        </div>
      )}
    </>
  );
}

/** The line under a tab that says how its figures are computed. */
function TabNote({ tab }: { tab: AnalyticsTab }) {
  const note = TABS.find((t) => t.value === tab)!.note;
  return (
    <p data-testid="tab-note" className="mb-4 text-sm text-muted-foreground">
      {note}
    </p>
  );
}

/** Radix mounts only the active panel: a tab's charts are drawn when it opens. */
function TabPanels({ data }: { data: AnalyticsResponse }) {
  return (
    <>
      <TabsContent value="overview">
        <TabNote tab="overview" />
        <OverviewTab data={data} />
      </TabsContent>
      <TabsContent value="learning-paths">
        <TabNote tab="learning-paths" />
        <LearningPathsTab paths={data.learningPathInsights} />
      </TabsContent>
      <TabsContent value="content">
        <TabNote tab="content" />
        <ContentTab content={data.contentEngagement} practice={data.practice} quizzes={data.quizzes} range={data.range} />
      </TabsContent>
      <TabsContent value="dropoff">
        <TabNote tab="dropoff" />
        <DropoffTab items={data.dropoffAnalysis} practice={data.practice} quizzes={data.quizzes} />
      </TabsContent>
      <TabsContent value="velocity">
        <TabNote tab="velocity" />
        <VelocityTab velocity={data.learningVelocity} />
      </TabsContent>
      <TabsContent value="predictions">
        <TabNote tab="predictions" />
        <PredictionsTab predictions={data.predictiveTrends} />
      </TabsContent>
      <TabsContent value="weekly">
        <TabNote tab="weekly" />
        <WeeklyTab data={data} />
      </TabsContent>
    </>
  );
}

export { AnalyticsPage as Component };
