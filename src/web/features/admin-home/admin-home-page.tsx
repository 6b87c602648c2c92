import type { PlatformStats } from '@common/admin';
import {
  ArchiveIcon,
  ArrowRightIcon,
  BarChart3Icon,
  BookOpenIcon,
  ClockIcon,
  DatabaseIcon,
  GraduationCapIcon,
  LayersIcon,
  MessageCircleQuestionIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { PageHeader } from '@web/components/page-header';
import { LoadError } from '@web/components/load-error';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSession } from '@web/lib/auth';
import { useAdminStats } from './api/get-admin-stats';
import { BackupNotice } from '@web/widgets/backup-status/backup-notice';

const statItems: { key: keyof PlatformStats; label: string; icon: LucideIcon; tone: string }[] = [
  {
    key: 'totalCourses',
    label: 'Total Courses',
    icon: BookOpenIcon,
    tone: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  },
  {
    key: 'activeStudents',
    label: 'Active Students',
    icon: GraduationCapIcon,
    tone: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200',
  },
  { key: 'totalLessons', label: 'Total Lessons', icon: LayersIcon, tone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200' },
  {
    key: 'pendingApprovals',
    label: 'Pending Approvals',
    icon: ClockIcon,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  },
  {
    key: 'unansweredQuestions',
    label: 'Unanswered Questions',
    icon: MessageCircleQuestionIcon,
    tone: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200',
  },
];

const destinations: { to: string; title: string; text: string; icon: LucideIcon }[] = [
  {
    to: paths.admin.courses,
    title: 'Manage Courses',
    text: 'Create courses, organise chapters and lessons, and publish when ready.',
    icon: BookOpenIcon,
  },
  {
    to: paths.admin.students,
    title: 'Manage Students',
    text: 'Approve new registrations and enroll students in your courses.',
    icon: UsersIcon,
  },
  { to: paths.admin.analytics, title: 'View Analytics', text: 'See how students progress and where they get stuck.', icon: BarChart3Icon },
  {
    to: paths.admin.questions,
    title: 'Answer Questions',
    text: 'Read what your students asked from their lessons, with their code attached, and reply.',
    icon: MessageCircleQuestionIcon,
  },
];

const tools: { to: string; label: string; icon: LucideIcon }[] = [
  { to: paths.admin.databaseHelper, label: 'Database Helper', icon: DatabaseIcon },
  { to: paths.admin.backups, label: 'Backups', icon: ArchiveIcon },
];

function Stats() {
  const stats = useAdminStats();
  if (stats.isError) {
    return (
      <LoadError message={`The platform statistics could not be loaded. ${stats.error.message}`} onRetry={() => void stats.refetch()} />
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" aria-busy={stats.isPending}>
      {statItems.map(({ key, label, icon: Icon, tone }) => (
        <li key={key}>
          <Card className="flex h-full flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
            <div className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-5" aria-hidden="true" />
            </div>
            <div className="flex flex-col-reverse">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-bold tabular-nums">
                {stats.data ? stats.data[key] : <Skeleton className="my-1 inline-block h-6 w-10 align-middle" />}
                {!stats.data && <span className="sr-only">Loading</span>}
              </p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function AdminHomePage() {
  const { session } = useSession();
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        subtitle={session ? `Welcome back, ${session.user.fullName}. Here is how your platform is doing.` : undefined}
      />
      <BackupNotice />
      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="sr-only">
          Platform statistics
        </h2>
        <Stats />
      </section>
      <section aria-labelledby="manage-title" className="mt-10">
        <h2 id="manage-title" className="mb-4 text-lg font-semibold">
          Manage your platform
        </h2>
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {destinations.map(({ to, title, text, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-primary/50 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring motion-reduce:transition-none motion-reduce:hover:translate-y-0"
              >
                <div className="mb-4 flex size-11 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1.5 flex-1 text-sm text-muted-foreground">{text}</p>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary">
                  Open
                  <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {/* Tools a tutor needs now and then, kept out of the top bar. */}
      <nav aria-label="Tools" className="mt-10 border-t pt-5 text-sm text-muted-foreground">
        <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
          {tools.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="inline-flex min-h-11 items-center gap-2 rounded-md font-medium underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

export { AdminHomePage as Component };
