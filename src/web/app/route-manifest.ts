import { paths } from '../lib/paths';

/**
 * Every page of the app, declared once. The router (router.tsx) builds its routes from this list,
 * and the build (vite.config.ts) reads it for what the server preloads with each page and what the
 * service worker leaves out of its precache: renaming or moving a page changes all three together.
 * Plain data, no JSX: the build imports it in Node.
 */
export type PageAccess = 'public' | 'admin' | 'student' | 'enrolled';

export type PageRoute = {
  path: string;
  /** The page's module, from the repository's root; its default export or `Component` is the page. */
  page: string;
  /** Who may open it: 'enrolled' is an approved student enrolled in the course, or the admin's preview. */
  access: PageAccess;
  /** API answers the page waits for before it can show anything, fetched ahead for a signed-in visitor. */
  data?: string[];
  /**
   * The server renders the page's HTML with those answers (src/web/prerender.tsx) for a visitor its
   * guard lets in, so the phone paints it before the app's scripts have arrived; the app then takes
   * it over. Only a page whose first screen is all in its answers: any other would paint a skeleton.
   */
  renderedByServer?: boolean;
};

const SHELL = 'src/web/features/shell/shell-layout.tsx';
// The administrator's view switch, loaded apart from the shell (a student never sees it): the admin pages preload it.
const VIEW_SWITCH = 'src/web/features/shell/view-mode-switch.tsx';
const signedIn = ['/api/session'];

export const pageRoutes: PageRoute[] = [
  { path: paths.home, page: 'src/web/features/landing/landing-page.tsx', access: 'public' },
  { path: paths.contact, page: 'src/web/features/contact/contact-page.tsx', access: 'public', data: signedIn },
  { path: paths.login, page: 'src/web/features/auth/login-page.tsx', access: 'public' },
  { path: paths.register, page: 'src/web/features/auth/register-page.tsx', access: 'public' },
  // Anyone holding a certificate's link may check it.
  { path: paths.certificate.pattern, page: 'src/web/features/certificates/certificate-verify-page.tsx', access: 'public' },
  { path: paths.invitation.pattern, page: 'src/web/features/auth/accept-invitation-page.tsx', access: 'public' },
  { path: paths.unsubscribe.pattern, page: 'src/web/features/notifications/unsubscribe-page.tsx', access: 'public' },
  { path: paths.admin.dashboard, page: 'src/web/features/admin-home/admin-home-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.students, page: 'src/web/features/students/admin-students-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.student.pattern, page: 'src/web/features/students/student-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.invitations, page: 'src/web/features/students/invitations-page.tsx', access: 'admin', data: signedIn },
  {
    path: paths.admin.notifications,
    page: 'src/web/features/notifications/notification-settings-page.tsx',
    access: 'admin',
    data: signedIn,
  },
  { path: paths.admin.courses, page: 'src/web/features/courses/courses-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.courseNew, page: 'src/web/features/courses/course-editor-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.courseEdit.pattern, page: 'src/web/features/courses/course-editor-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.analytics, page: 'src/web/features/analytics/analytics-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.gradebook, page: 'src/web/features/gradebook/gradebook-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.databaseHelper, page: 'src/web/features/database-helper/database-helper-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.backups, page: 'src/web/features/backups/backups-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.questions, page: 'src/web/features/questions/questions-page.tsx', access: 'admin', data: signedIn },
  { path: paths.admin.questionThread.pattern, page: 'src/web/features/questions/questions-page.tsx', access: 'admin', data: signedIn },
  {
    path: paths.student.dashboard,
    page: 'src/web/features/learning/student-dashboard-page.tsx',
    access: 'student',
    // 'Due This Week' too, and the installation's settings for its dates' time zone: the page paints whole, once.
    data: [...signedIn, '/api/student/dashboard', '/api/student/due-this-week', '/api/public-config'],
    renderedByServer: true,
  },
  {
    path: paths.course.pattern,
    page: 'src/web/features/learning/course-learning-page.tsx',
    access: 'enrolled',
    // The installation's settings too: the lesson's Listen button asks for them as it renders.
    data: [...signedIn, '/api/courses/:courseId/learn', '/api/public-config'],
    renderedByServer: true,
  },
  {
    path: paths.courseGrades.pattern,
    page: 'src/web/features/gradebook/my-grades-page.tsx',
    access: 'enrolled',
    data: [...signedIn, '/api/courses/:courseId/grades', '/api/public-config'],
    renderedByServer: true,
  },
];

/** Signed-in pages render inside the shell (header, navigation); the admin's also load the view switch. */
export function pageModules(route: PageRoute): string[] {
  if (route.access === 'public') return [route.page];
  return route.access === 'admin' ? [SHELL, VIEW_SWITCH, route.page] : [SHELL, route.page];
}

/** Per path, the chunks and API answers the server preloads with the page (scripts/route-preload-plugin.ts). */
export function routePreloads(): Record<string, { modules: string[]; data: string[] }> {
  const table: Record<string, { modules: string[]; data: string[] }> = {};
  for (const route of pageRoutes) table[route.path] = { modules: pageModules(route), data: route.data ?? [] };
  // The dashboard address only redirects (to the admin's or the student's), once the session is known.
  table[paths.dashboard] = { modules: [], data: signedIn };
  return table;
}

/**
 * The tutor's own pages are not precached into every student's browser (analytics with its charts
 * is the largest chunk); the tutor's browser fetches them when they are opened.
 */
export const notPrecached = (): string[] => [
  ...new Set(
    pageRoutes
      .filter((r) => r.access === 'admin')
      .map((r) =>
        r.page
          .split('/')
          .pop()!
          .replace(/\.tsx$/, ''),
      ),
  ),
];
