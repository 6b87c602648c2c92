import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@web/lib/auth';
import { dashboardTarget, decideAccess, type Requirement } from '../lib/access';
import { paths } from '../lib/paths';
import { ErrorScreen } from './screens/error-screen';
import { FullPageSpinner } from './screens/full-page-spinner';

// Only a student waiting for approval sees it: not part of every page's first download.
const PendingApprovalScreen = lazy(() => import('./screens/pending-approval-screen').then((m) => ({ default: m.PendingApprovalScreen })));

/** Route guard mirroring the server's rules; the server enforces them on every call anyway. */
export function RequireAuth({ children, ...requirement }: Requirement & { children?: ReactNode }) {
  const { data, isError, error, refetch } = useSession();
  // The page behind the guard (the shell and the route) renders as a transition once the session
  // is known: React builds it in short slices, so the main thread stays free for input meanwhile.
  // Until then the spinner stays.
  const shown = useDeferredValue(data);
  const session = shown ?? null;
  const location = useLocation();
  if (shown === undefined && !isError) return <FullPageSpinner />;
  if (!session && isError) return <ErrorScreen error={error} onReset={() => void refetch()} />;
  const decision = decideAccess(session, requirement);
  switch (decision.kind) {
    case 'login':
      return <Navigate to={paths.login} replace state={{ from: location }} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'pending':
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <PendingApprovalScreen />
        </Suspense>
      );
    case 'allow':
      return children ?? <Outlet />;
  }
}

/** /dashboard: the shared entry, sending each user to their own home. */
export function DashboardRedirect() {
  return (
    <RequireAuth>
      <DashboardTarget />
    </RequireAuth>
  );
}

function DashboardTarget() {
  const { session } = useSession();
  return session ? <Navigate to={dashboardTarget(session)} replace /> : null;
}
