import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { replaceSession, useLogout } from './auth';
import { runBeforeSignOut } from './session-end';

type SignedOutState = { signedOut?: boolean } | null;

/**
 * Signs out and goes home. The session is only forgotten once the home page has
 * rendered (useFinishSignOut): cleared earlier, the guard of the page being left would still see
 * "signed out" and send the user to /login instead.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const logout = useLogout();
  const signOut = async () => {
    // While the session still exists: the last learning events still count for this student.
    await runBeforeSignOut();
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/', { replace: true, state: { signedOut: true } satisfies SignedOutState }),
      onError: () => toast.error('Error', { description: 'Failed to sign out. Please try again.' }),
    });
  };
  return { signOut, isPending: logout.isPending };
}

/** Mounted once, above the routes: after a sign-out lands, clears the React Query cache and says so. */
export function useFinishSignOut() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedOut = (location.state as SignedOutState)?.signedOut === true;
  useEffect(() => {
    if (!signedOut) return;
    replaceSession(queryClient, null);
    toast.success('Signed Out', { id: 'signed-out', description: 'You have been successfully signed out.' });
    void navigate(location.pathname + location.search + location.hash, { replace: true, state: null });
  }, [signedOut, location.pathname, location.search, location.hash, navigate, queryClient]);
}
