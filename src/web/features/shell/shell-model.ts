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
  if (path.startsWith('/course/') && path.endsWith('/grades')) return 'My Grades';
  if (path.includes('/course/')) return 'Course';
  if (path === paths.admin.courseNew || path === paths.admin.courseCreate) return 'Create Course';
  if (path === paths.admin.courses || path.startsWith(`${paths.admin.courses}/`)) return 'Courses';
  if (path === paths.admin.students || path.startsWith(`${paths.admin.students}/`)) return 'Students';
  // Beyond the five titles above (Dashboard, Students, Courses, Create Course, Course): 'Dashboard' here would mislead.
  if (path === paths.admin.analytics) return 'Analytics';
  if (path === paths.admin.gradebook) return 'Gradebook';
  if (path === paths.admin.databaseHelper) return 'Database Helper';
  if (path === paths.admin.invitations) return 'Invite Students';
  if (path === paths.admin.notifications) return 'Notifications';
  if (path === paths.admin.questions || path.startsWith(`${paths.admin.questions}/`)) return 'Questions';
  if (path === paths.admin.backups) return 'Backups';
  return 'Dashboard';
}

/**
 * `badgeLabel`: what the badge means, for screen readers, when its text alone (a count) does not say.
 * `section`: other pages that belong to the entry (besides the pages under its own path), where it shows as the current area.
 */
export type NavItem = { label: string; to: string; badge?: string; badgeLabel?: string; section?: readonly string[] };

const trimmed = (path: string) => path.replace(/\/+$/, '') || '/';
const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/**
 * Where the entry stands to the page at `pathname`: 'page' when it is that page, 'true' when the
 * page lies in its area (a course being edited under Courses, Invitations under Students), else
 * undefined. The values of aria-current.
 */
export function navCurrent(item: NavItem, pathname: string): 'page' | 'true' | undefined {
  const path = trimmed(pathname);
  if (path === item.to) return 'page';
  if (within(path, item.to) || item.section?.some((base) => within(path, base))) return 'true';
  return undefined;
}

/** The Students area's own pages: the students themselves, the invitations, the notifications they get. */
const studentsArea: NavItem[] = [
  { label: 'Students', to: paths.admin.students },
  { label: 'Invitations', to: paths.admin.invitations },
  { label: 'Notifications', to: paths.admin.notifications },
];

/** The row of links under the header on the pages of an area with more than one page; null elsewhere. */
export function areaNav(pathname: string): { label: string; items: NavItem[] } | null {
  const path = trimmed(pathname);
  if (studentsArea.some((item) => item.to === path)) return { label: 'Students area', items: studentsArea };
  return null;
}

/**
 * The shell's navigation: the tutor's six areas (Questions with the count of unanswered ones; the
 * row has room for one more), or the student's two entries (with 'Demo' in the admin's
 * student view). Creating a course starts from Courses; the tools (Database Helper, Backups) are
 * linked from the admin home.
 */
export function navItems(session: MeResponse, unansweredQuestions = 0): NavItem[] {
  if (session.user.role === 'admin' && session.viewMode === 'admin') {
    const questions: NavItem = { label: QuestionMessages.pageTitle, to: paths.admin.questions };
    if (unansweredQuestions > 0) {
      questions.badge = String(unansweredQuestions);
      questions.badgeLabel = QuestionMessages.unansweredCount(unansweredQuestions);
    }
    return [
      { label: 'Dashboard', to: paths.admin.dashboard, section: [paths.admin.databaseHelper, paths.admin.backups] },
      { label: 'Students', to: paths.admin.students, section: [paths.admin.invitations, paths.admin.notifications] },
      { label: 'Courses', to: paths.admin.courses },
      { label: 'Gradebook', to: paths.admin.gradebook },
      { label: 'Analytics', to: paths.admin.analytics },
      questions,
    ];
  }
  const badge = isStudentView(session) ? 'Demo' : undefined;
  return [
    { label: 'Dashboard', to: paths.student.dashboard, badge },
    { label: 'My Courses', to: paths.student.dashboard, badge },
  ];
}
