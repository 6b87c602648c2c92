import { DownloadIcon, EyeIcon } from 'lucide-react';
import type { DashboardResponse } from '@common/learning';
import { memo, useDeferredValue, useEffect } from 'react';
import { PageHeader } from '@web/components/page-header';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useSession } from '@web/lib/auth';
import { toastFailure } from '@web/lib/notify';
import { useDashboard } from './api/get-dashboard';
import { ContinueLearning } from './components/continue-learning';
import { DashboardCourseCard } from './components/dashboard-course-card';
import { CourseGridSkeleton, DashboardLoadError, NoCourses } from './components/dashboard-states';
import { DashboardStats } from './components/dashboard-stats';
import { DueThisWeekCard } from './components/due-this-week';
import { ProgressOverview } from './components/progress-overview';
import { isFirstVisit } from '@web/lib/first-visit';
import { leadingCourses } from './course-action';

function PreviewBanner() {
  return (
    <Alert variant="warning" className="mb-6" data-testid="student-view-banner">
      <EyeIcon aria-hidden="true" />
      <div>
        <p className="font-semibold">Admin Student View Mode</p>
        <p className="mt-0.5">
          You are seeing the student dashboard as your students do. Enrolments and progress here are simulated, and nothing you do in this
          view is saved.
        </p>
      </div>
    </Alert>
  );
}

/** /student/dashboard: the student's courses and progress; for the tutor, a simulated preview. */
export function StudentDashboardPage() {
  const { session } = useSession();
  const dashboard = useDashboard();
  // Each new answer renders the courses as a transition: React builds them in short slices
  // instead of one long task (the stat cards and skeleton stay until it is done).
  const data = useDeferredValue(dashboard.data);
  // The server decides (its answer says preview); until it answers, the role tells.
  const preview = data?.preview ?? session?.user.role === 'admin';

  // A toast on a failed load, once per failure (the page keeps its message and Try Again).
  const { isError, errorUpdatedAt, error } = dashboard;
  useEffect(() => {
    if (isError)
      toastFailure(
        error,
        preview ? 'Failed to load courses for admin student view' : 'Failed to load your courses. Please refresh the page.',
      );
    // `preview` is left out on purpose: it is settled before any failure, and must not toast again alone.
  }, [isError, errorUpdatedAt, error]);

  const firstName = session?.user.firstName.trim();
  const firstVisit = !!data && isFirstVisit(data.courses);
  const subtitle = preview
    ? 'Every published course, with simulated progress, as a student would see it.'
    : firstVisit
      ? `Welcome${firstName ? `, ${firstName}` : ''}.${data?.courses.length ? ' Your first lesson is ready: start below.' : ''}`
      : firstName
        ? `Welcome back, ${firstName}. Here is where your learning stands.`
        : 'Here is where your learning stands.';

  return (
    <>
      {preview && <PreviewBanner />}
      <PageHeader title={preview ? 'Student Dashboard Preview' : 'My Learning Dashboard'} subtitle={subtitle} />

      {dashboard.isError && !data ? (
        <DashboardLoadError onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
      ) : (
        <DashboardBody data={data} preview={preview} />
      )}
      {!preview && (
        // Everything stored about the student, as one JSON file (the server names it and sends it as a download):
        // at the end of the page, not before the courses a student comes for.
        <p className="mt-10 flex flex-wrap items-center gap-x-3 gap-y-2 border-t pt-6 text-sm text-muted-foreground">
          Everything stored about you, as one file.
          <Button asChild variant="outline" size="sm">
            <a href="/api/me/data" download>
              <DownloadIcon aria-hidden="true" />
              Download My Data
            </a>
          </Button>
        </p>
      )}
    </>
  );
}

/** Stats, progress and courses: rendered again only for a new answer, not for each change of the query's state. */
const DashboardBody = memo(function DashboardBody({ data, preview }: { data: DashboardResponse | undefined; preview: boolean }) {
  const lead = data ? leadingCourses(data.courses) : null;
  return (
    <div className="space-y-8 md:space-y-10">
      {/* First what to open next (a new student's first lesson), then the figures. */}
      {lead && lead.courses.length > 0 && <ContinueLearning title={lead.title} courses={lead.courses} preview={preview} />}
      {/* What is due soon (and overdue), beside what to open next; its own call, so the courses never wait for it. */}
      {data && data.courses.length > 0 && <DueThisWeekCard />}
      <DashboardStats stats={data?.stats} />
      {!data ? (
        <CourseGridSkeleton />
      ) : data.courses.length === 0 ? (
        <NoCourses preview={preview} />
      ) : (
        <>
          <ProgressOverview data={data} />
          <section aria-labelledby="my-courses-title">
            <div className="mb-3 flex items-baseline justify-between gap-3">
              <h2 id="my-courses-title" className="text-lg font-semibold">
                My Courses
              </h2>
              <p className="text-sm text-muted-foreground tabular-nums">
                {data.courses.length} {data.courses.length === 1 ? 'course' : 'courses'}
              </p>
            </div>
            {/* The server's order (in progress first, then the latest activity): not re-sorted here. */}
            <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {data.courses.map((course) => (
                <li key={course.id}>
                  <DashboardCourseCard course={course} preview={preview} />
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
});

export { StudentDashboardPage as Component };
