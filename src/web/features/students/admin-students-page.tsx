import type { ApprovedStudent, StudentRow, StudentsOverviewResponse } from '@common/students';
import { ClockIcon, MailPlusIcon, GraduationCapIcon, UserCheckIcon, UserXIcon, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@web/lib/paths';
import { PageHeader } from '@web/components/page-header';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toastSuccess } from '@web/lib/notify';
import { useDeleteStudent } from './api/delete-student';
import { useEnrollStudent } from './api/enroll-student';
import { useStudentsOverview } from './api/get-students-overview';
import { useUnenrollStudent } from './api/unenroll-student';
import { useUpdateStudentStatus } from './api/update-student-status';
import { ApprovedTable } from './components/approved-table';
import { DownloadBeforeDelete } from './components/download-before-delete';
import { ApprovedBulkActions, PendingBulkActions, useSelection } from './components/bulk-actions';
import { ManageEnrollments } from './components/manage-enrollments';
import { PendingTable } from './components/pending-table';
import { toastFailure } from '@web/lib/notify';

// The tutor's look at a student's quiz attempts (grant one more, reset), fetched when first opened.
const StudentQuizzesDialog = lazy(() => import('@web/widgets/quizzes/components/student-quizzes-dialog'));

type Stats = StudentsOverviewResponse['stats'];
type Course = StudentsOverviewResponse['publishedCourses'][number];

const statItems: { key: keyof Stats; label: string; icon: LucideIcon; tone: string }[] = [
  {
    key: 'pendingApproval',
    label: 'Pending Approval',
    icon: ClockIcon,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  },
  {
    key: 'approvedStudents',
    label: 'Approved Students',
    icon: UserCheckIcon,
    tone: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  },
  { key: 'rejected', label: 'Rejected', icon: UserXIcon, tone: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200' },
  {
    key: 'totalEnrollments',
    label: 'Total Enrollments',
    icon: GraduationCapIcon,
    tone: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  },
];

const TABS = ['pending', 'approved', 'enrollments'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => TABS.includes(v as Tab);

/** What the confirmation dialog is asking about. */
type Pending =
  | { kind: 'reject'; student: StudentRow }
  | { kind: 'revoke'; student: ApprovedStudent }
  | { kind: 'unenroll'; student: ApprovedStudent; course: Course }
  | { kind: 'delete'; student: StudentRow };

function confirmCopy(p: Pending) {
  const name = p.student.fullName;
  switch (p.kind) {
    case 'reject':
      return {
        title: `Reject ${name}?`,
        description: `${name} (${p.student.email}) will not be able to sign in. Rejected registrations no longer appear on this page.`,
        confirmLabel: 'Reject',
        pendingLabel: 'Rejecting...',
      };
    case 'revoke':
      return {
        title: `Revoke access for ${name}?`,
        description: `${name} will be signed out on every device at once and will not be able to sign in again. Their enrollments are kept.`,
        confirmLabel: 'Revoke Access',
        pendingLabel: 'Revoking...',
      };
    case 'unenroll':
      return {
        title: `Unenroll ${name} from ${p.course.title}?`,
        description: `${name}'s progress in ${p.course.title} will be deleted. This cannot be undone, even if you enroll them again.`,
        confirmLabel: 'Unenroll',
        pendingLabel: 'Unenrolling...',
      };
    case 'delete':
      return {
        title: `Delete ${name}?`,
        description: `${name} (${p.student.email}) and everything stored about them will be deleted: their account, enrollments, progress, quiz answers, code, AI tutor conversations, certificates (which will no longer verify) and uploaded files. The analytics keep only counts that do not name them. This cannot be undone.`,
        confirmLabel: 'Delete Student',
        pendingLabel: 'Deleting...',
      };
  }
}

const NO_STUDENTS: StudentRow[] = [];
const NO_APPROVED: ApprovedStudent[] = [];

export function AdminStudentsPage() {
  const overview = useStudentsOverview();
  const status = useUpdateStudentStatus();
  const enroll = useEnrollStudent();
  const unenroll = useUnenrollStudent();
  const removeStudent = useDeleteStudent();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [quizzesOf, setQuizzesOf] = useState<ApprovedStudent | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'pending';
  const pendingSelection = useSelection(overview.data?.pending ?? NO_STUDENTS);
  const approvedSelection = useSelection(overview.data?.approved ?? NO_APPROVED);

  // A failed load is told in a toast (once per failure), and the page offers a retry.
  useEffect(() => {
    if (overview.isError) toastFailure(overview.error, 'Failed to load student data. Please try again.');
  }, [overview.isError, overview.errorUpdatedAt, overview.error]);

  const setTab = (value: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'pending') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const changeStatus = (student: StudentRow, to: 'approved' | 'rejected', after?: () => void) =>
    status.mutate(
      { studentId: student.id, status: to },
      {
        onSuccess: () => toastSuccess(to === 'approved' ? 'Student approved successfully.' : 'Student rejected successfully.'),
        onError: (error) => toastFailure(error, 'Failed to update student status. Please try again.'),
        onSettled: after,
      },
    );

  const doEnroll = (student: ApprovedStudent, course: Course) =>
    enroll.mutate(
      { studentId: student.id, courseId: course.id },
      {
        onSuccess: () => toastSuccess('Student enrolled in course successfully.'),
        onError: (error) => toastFailure(error, 'Failed to enroll student. Please try again.'),
      },
    );

  const confirm = () => {
    if (!confirming) return;
    const close = () => setConfirming(null);
    if (confirming.kind === 'delete') {
      const { fullName } = confirming.student;
      removeStudent.mutate(confirming.student.id, {
        onSuccess: () => toastSuccess(`${fullName} and their data were deleted.`),
        onError: (error) => toastFailure(error, 'Failed to delete the student. Nothing was deleted; please try again.'),
        onSettled: close,
      });
    } else if (confirming.kind === 'unenroll') {
      unenroll.mutate(
        { studentId: confirming.student.id, courseId: confirming.course.id },
        {
          onSuccess: () => toastSuccess('Student unenrolled from course successfully.'),
          onError: (error) => toastFailure(error, 'Failed to unenroll student. Please try again.'),
          onSettled: close,
        },
      );
    } else {
      changeStatus(confirming.student, 'rejected', close);
    }
  };

  const data = overview.data;
  const statusBusyId = status.isPending ? status.variables?.studentId : undefined;
  const enrollmentBusy = enroll.isPending ? enroll.variables : unenroll.isPending ? unenroll.variables : undefined;
  const copy = confirming ? confirmCopy(confirming) : null;

  return (
    <>
      <PageHeader
        title="Student Management"
        subtitle="Approve registrations, revoke access and manage course enrollments."
        actions={
          <>
            {/* Invitations and Notifications: the Students area's row above the title; the Database Helper: the admin home. */}
            <Button asChild>
              <Link to={paths.admin.invitations}>
                <MailPlusIcon aria-hidden="true" />
                Invite Students
              </Link>
            </Button>
          </>
        }
      />

      {!data && overview.isPending && <Spinner showLabel label="Loading student data..." className="py-20" />}

      {!data && overview.isError && (
        <LoadError
          message="Failed to load student data. Please try again."
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      )}

      {data && (
        <>
          <section aria-labelledby="student-stats-title">
            <h2 id="student-stats-title" className="sr-only">
              Student statistics
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {statItems.map(({ key, label, icon, tone }) => (
                <li key={key}>
                  <StatCard label={label} value={data.stats[key]} icon={icon} iconClassName={tone} />
                </li>
              ))}
            </ul>
          </section>

          <Tabs value={tab} onValueChange={setTab} className="mt-8">
            <TabsList aria-label="Students" className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-auto">
              <TabsTrigger value="pending" className="whitespace-normal max-sm:h-full max-sm:px-1.5">
                Pending ({data.pending.length})
              </TabsTrigger>
              <TabsTrigger value="approved" className="whitespace-normal max-sm:h-full max-sm:px-1.5">
                Approved ({data.approved.length})
              </TabsTrigger>
              <TabsTrigger value="enrollments" className="whitespace-normal max-sm:h-full max-sm:px-1.5">
                Manage Enrollments
              </TabsTrigger>
            </TabsList>
            <TabsContent value="pending">
              {data.pending.length > 0 && <PendingBulkActions selection={pendingSelection} count={data.pending.length} />}
              <PendingTable
                students={data.pending}
                busyId={statusBusyId}
                selection={pendingSelection}
                onApprove={(s) => changeStatus(s, 'approved')}
                onReject={(s) => setConfirming({ kind: 'reject', student: s })}
                onDelete={(s) => setConfirming({ kind: 'delete', student: s })}
              />
            </TabsContent>
            <TabsContent value="approved">
              {data.approved.length > 0 && (
                <ApprovedBulkActions selection={approvedSelection} count={data.approved.length} courses={data.publishedCourses} />
              )}
              <ApprovedTable
                students={data.approved}
                busyId={statusBusyId}
                selection={approvedSelection}
                onRevoke={(s) => setConfirming({ kind: 'revoke', student: s })}
                onDelete={(s) => setConfirming({ kind: 'delete', student: s })}
                onQuizzes={setQuizzesOf}
              />
            </TabsContent>
            <TabsContent value="enrollments">
              <ManageEnrollments
                students={data.approved}
                courses={data.publishedCourses}
                busy={enrollmentBusy}
                onEnroll={doEnroll}
                onUnenroll={(student, course) => setConfirming({ kind: 'unenroll', student, course })}
              />
            </TabsContent>
          </Tabs>
        </>
      )}

      {quizzesOf && (
        <Suspense fallback={null}>
          <StudentQuizzesDialog student={quizzesOf} open onOpenChange={(open) => !open && setQuizzesOf(null)} />
        </Suspense>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={copy?.title}
        description={copy?.description}
        confirmLabel={copy?.confirmLabel}
        pendingLabel={copy?.pendingLabel}
        destructive
        pending={status.isPending || unenroll.isPending || removeStudent.isPending}
        onConfirm={confirm}
      >
        {confirming?.kind === 'delete' && <DownloadBeforeDelete student={confirming.student} />}
      </ConfirmDialog>
    </>
  );
}

export { AdminStudentsPage as Component };
