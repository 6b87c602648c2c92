import { useRef } from 'react';
import { Navigate, Outlet, ScrollRestoration, createBrowserRouter, type RouteObject } from 'react-router';
import { PwaOverlays } from '@web/features/pwa/pwa-overlays';
import { useFinishSignOut } from '@web/lib/use-sign-out';
import { DashboardRedirect, RequireAuth } from './guards';
import { paths } from './paths';
import { RouteErrorScreen } from './screens/error-screen';
import { FullPageSpinner } from './screens/full-page-spinner';

function RootLayout() {
  useFinishSignOut();
  // Where a narrow screen shows the offline or slow-connection notice: above the page, not over its
  // title. A ref, not state: the notice renders long after this element is there, and a state set
  // while the app mounts would render the whole app once more.
  const noticeSlot = useRef<HTMLDivElement>(null);
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-[100] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <div ref={noticeSlot} />
      <Outlet />
      <ScrollRestoration />
      <PwaOverlays topSlot={noticeSlot} />
    </>
  );
}

// Every page is its own chunk (route `lazy`): the landing page never downloads admin code.
const shell = () => import('@web/features/shell/shell-layout');

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    HydrateFallback: FullPageSpinner,
    children: [
      { path: paths.home, lazy: () => import('@web/features/landing/landing-page') },
      { path: paths.contact, lazy: () => import('@web/features/contact/contact-page') },
      { path: paths.login, lazy: () => import('@web/features/auth/login-page') },
      { path: paths.register, lazy: () => import('@web/features/auth/register-page') },
      // Public: anyone holding a certificate's link may check it.
      { path: paths.certificate.pattern, lazy: () => import('@web/features/certificates/certificate-verify-page') },
      { path: paths.dashboard, element: <DashboardRedirect /> },
      // The spec's navigation lists /create while its buttons use /new: both lead to the form.
      { path: paths.admin.courseCreate, element: <Navigate to={paths.admin.courseNew} replace /> },
      {
        element: <RequireAuth role="admin" />,
        children: [
          {
            lazy: shell,
            children: [
              { path: paths.admin.dashboard, lazy: () => import('@web/features/admin-home/admin-home-page') },
              { path: paths.admin.students, lazy: () => import('@web/features/admin-students/admin-students-page') },
              { path: paths.admin.courses, lazy: () => import('@web/features/admin-courses/courses-page') },
              { path: paths.admin.courseNew, lazy: () => import('@web/features/admin-courses/course-editor-page') },
              { path: paths.admin.courseEdit.pattern, lazy: () => import('@web/features/admin-courses/course-editor-page') },
              { path: paths.admin.analytics, lazy: () => import('@web/features/analytics/analytics-page') },
              { path: paths.admin.databaseHelper, lazy: () => import('@web/features/database-helper/database-helper-page') },
            ],
          },
        ],
      },
      {
        element: <RequireAuth role="student" />,
        children: [{ lazy: shell, children: [{ path: paths.student.dashboard, lazy: () => import('@web/features/student-dashboard/student-dashboard-page') }] }],
      },
      {
        // Approved students; the admin may preview any course.
        element: <RequireAuth />,
        children: [{ lazy: shell, children: [{ path: paths.course.pattern, lazy: () => import('@web/features/course-learning/course-learning-page') }] }],
      },
      { path: '*', lazy: () => import('@web/app/screens/not-found-page') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
