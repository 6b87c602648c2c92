import { EyeIcon } from 'lucide-react';
import { paths } from '@web/app/paths';
import { PageHeader } from '@web/components/page-header';
import { Alert } from '@web/components/ui/alert';
import { useSession } from '@web/lib/auth';
import { ComingSoon } from './coming-soon';

// Screens that later work fills in: each has its real heading in the shell and says plainly that it is not ready.

export function AdminStudentsPage() {
  return (
    <>
      <PageHeader title="Student Management" subtitle="Approve registrations, revoke access and manage course enrollments." />
      <ComingSoon>Reviewing registrations, approving or revoking students and managing their enrollments will be available here soon.</ComingSoon>
    </>
  );
}

export function AdminCoursesPage() {
  return (
    <>
      <PageHeader title="Course Management" subtitle="Create, edit, publish and organise your courses." />
      <ComingSoon>Your course list, with publishing, editing and enrollment counts, will be available here soon.</ComingSoon>
    </>
  );
}

export function CreateCoursePage() {
  return (
    <>
      <PageHeader title="Create New Course" back={{ to: paths.admin.courses, label: 'Back to Courses' }} />
      <ComingSoon>The course editor, with chapters, lessons and bulk upload, will be available here soon.</ComingSoon>
    </>
  );
}

export function EditCoursePage() {
  return (
    <>
      <PageHeader title="Edit Course" back={{ to: paths.admin.courses, label: 'Back to Courses' }} />
      <ComingSoon>The course editor, with chapters, lessons and bulk upload, will be available here soon.</ComingSoon>
    </>
  );
}

export function AnalyticsPage() {
  return (
    <>
      <PageHeader title="Analytics Dashboard" subtitle="How your students learn, measured." back={{ to: paths.dashboard, label: 'Back to Dashboard' }} />
      <ComingSoon>Enrollment, progress and engagement analytics, computed from real activity, will be available here soon.</ComingSoon>
    </>
  );
}

export function DatabaseHelperPage() {
  return (
    <>
      <PageHeader title="Database Helper" back={{ to: paths.admin.students, label: 'Back to Students' }} />
      <ComingSoon>Searching users and courses, approving and enrolling from one place, will be available here soon.</ComingSoon>
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
