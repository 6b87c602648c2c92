import { useRef } from 'react';
import { Navigate, Outlet, ScrollRestoration, createBrowserRouter, type RouteObject } from 'react-router';
import { PwaOverlays } from '@web/features/pwa/pwa-overlays';
import { useFinishSignOut } from '@web/lib/use-sign-out';
import { DashboardRedirect, RequireAuth } from './guards';
import { paths } from '../lib/paths';
import { pageRoutes, type PageAccess, type PageRoute } from './route-manifest';
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

// Every page is its own chunk (route `lazy`): the landing page never downloads admin code. The
// pattern matches exactly the pages of route-manifest.ts (its test keeps the two in step).
const pageModules = import.meta.glob<Pick<RouteObject, 'Component' | 'ErrorBoundary'>>('../features/*/*-page.tsx');
const shell = () => import('@web/features/shell/shell-layout');

const lazyPage = (route: PageRoute): RouteObject => {
  const load = pageModules[route.page.replace(/^src\/web\//, '../')];
  if (!load) throw new Error(`route-manifest.ts names ${route.page}, which is not a page file`);
  return { path: route.path, lazy: load };
};
const pagesFor = (access: PageAccess) => pageRoutes.filter((r) => r.access === access).map(lazyPage);

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    HydrateFallback: FullPageSpinner,
    children: [
      ...pagesFor('public'),
      { path: paths.dashboard, element: <DashboardRedirect /> },
      // /admin/courses/create is a second address of the form (the buttons use /new): both lead to it.
      { path: paths.admin.courseCreate, element: <Navigate to={paths.admin.courseNew} replace /> },
      { element: <RequireAuth role="admin" />, children: [{ lazy: shell, children: pagesFor('admin') }] },
      { element: <RequireAuth role="student" />, children: [{ lazy: shell, children: pagesFor('student') }] },
      // Approved students; the admin may preview any course.
      { element: <RequireAuth />, children: [{ lazy: shell, children: pagesFor('enrolled') }] },
      { path: '*', lazy: () => import('@web/app/screens/not-found-page') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
