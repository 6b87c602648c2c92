import { EyeIcon } from 'lucide-react';
import { paths } from '@web/app/paths';
import { PageHeader } from '@web/components/page-header';
import { Alert } from '@web/components/ui/alert';
import { useSession } from '@web/lib/auth';
import { ComingSoon } from './coming-soon';

// Screens that later work fills in: each has its real heading in the shell and says plainly that it is not ready.

export function AnalyticsPage() {
  return (
    <>
      <PageHeader title="Analytics Dashboard" subtitle="How your students learn, measured." back={{ to: paths.dashboard, label: 'Back to Dashboard' }} />
      <ComingSoon>Enrollment, progress and engagement analytics, computed from real activity, will be available here soon.</ComingSoon>
    </>
  );
}

export function StudentDashboardPage() {
  const { session } = useSession();
  const preview = session?.user.role === 'admin';
  return (
    <>
      {preview && (
        <Alert variant="warning" className="mb-6">
          <EyeIcon aria-hidden="true" />
          <p>
            <strong className="font-semibold">Admin Student View Mode</strong>: you are previewing the student experience.
          </p>
        </Alert>
      )}
      <PageHeader title={preview ? 'Student Dashboard Preview' : 'My Learning Dashboard'} />
      <ComingSoon>Your enrolled courses, progress and learning insights will appear here soon.</ComingSoon>
    </>
  );
}

export function CourseLearningPage() {
  return (
    <>
      <PageHeader title="Course" back={{ to: paths.student.dashboard, label: 'Back to Dashboard' }} />
      <ComingSoon>Lessons, progress tracking and the AI tutor for this course will be available here soon.</ComingSoon>
    </>
  );
}
