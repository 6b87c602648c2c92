import type { MeResponse } from '@common/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { replaceSession } from '@web/lib/auth';
import { fromLocation, signInOutcome } from './sign-in-outcome';

/** Stores the new session, greets the user and goes where they were headed. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return (session: MeResponse) => {
    const outcome = signInOutcome(session, fromLocation(location.state));
    replaceSession(queryClient, session);
    if (outcome.pending) toast.info(outcome.title, { description: outcome.message });
    else toast.success(outcome.title, { description: outcome.message });
    void navigate(outcome.to, { replace: true });
  };
}
