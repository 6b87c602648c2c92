import type { MeResponse } from '@common/auth';
import { QuestionMessages } from '@common/questions-texts';
import { paths } from '@web/lib/paths';

/** The role label of the shell header. */
export function roleLabel(session: MeResponse): string {
  if (session.user.role !== 'admin') return 'Student';
  return session.viewMode === 'student' ? 'Admin (Student View)' : 'Admin';
}

/** An administrator previewing the student experience. */
export const isStudentView = (session: MeResponse) => session.user.role === 'admin' && session.viewMode === 'student';

/** The header's display name: full name, else first name, else 'User'. */
export function displayName(session: MeResponse): string {
  const { fullName, firstName } = session.user;
  return fullName.trim() || firstName.trim() || 'User';
}

/** The mobile header's title, derived from the path (Dashboard, Students, Courses, Create Course, Course). */
export function mobileTitle(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path.includes('/course/')) return 'Course';
  if (path === paths.admin.courseNew || path === paths.admin.courseCreate) return 'Create Course';
  if (path === paths.admin.courses || path.startsWith(`${paths.admin.courses}/`)) return 'Courses';
  if (path === paths.admin.students || path.startsWith(`${paths.admin.students}/`)) return 'Students';
  // Beyond the five titles above (Dashboard, Students, Courses, Create Course, Course): 'Dashboard' here would mislead.
  if (path === paths.admin.analytics) return 'Analytics';
  if (path === paths.admin.databaseHelper) return 'Database Helper';
  if (path === paths.admin.invitations) return 'Invite Students';
  if (path === paths.admin.notifications) return 'Notifications';
  if (path === paths.admin.questions || path.startsWith(`${paths.admin.questions}/`)) return 'Questions';
  return 'Dashboard';
}

/** `badgeLabel`: what the badge means, for screen readers, when its text alone (a count) does not say. */
export type NavItem = { label: string; to: string; badge?: string; badgeLabel?: string };

/**
 * The shell's navigation: the admin's five entries (Questions with the count of unanswered ones), or the student's
 * two (with 'Demo' in the admin's student view).
 */
export function navItems(session: MeResponse, unansweredQuestions = 0): NavItem[] {
  if (session.user.role === 'admin' && session.viewMode === 'admin') {
    const questions: NavItem = { label: QuestionMessages.pageTitle, to: paths.admin.questions };
    if (unansweredQuestions > 0) {
      questions.badge = String(unansweredQuestions);
      questions.badgeLabel = QuestionMessages.unansweredCount(unansweredQuestions);
    }
    return [
      { label: 'Dashboard', to: paths.admin.dashboard },
      { label: 'Students', to: paths.admin.students },
      { label: 'Courses', to: paths.admin.courses },
      { label: 'Create Course', to: paths.admin.courseNew },
      questions,
    ];
  }
  const badge = isStudentView(session) ? 'Demo' : undefined;
  return [
    { label: 'Dashboard', to: paths.student.dashboard, badge },
    { label: 'My Courses', to: paths.student.dashboard, badge },
  ];
}
