import type { MeResponse } from '@common/auth';
import type { DashboardResponse } from '@common/learning';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api } from '@web/lib/api';
import { replaceSession } from '@web/lib/auth';
import { isFirstVisit } from '@web/lib/first-visit';
import { fromLocation, signInOutcome } from './sign-in-outcome';

/**
 * Whether an approved student signs in for a first visit, by the dashboard's rule on their courses;
 * if the courses cannot be read, they are welcomed back as before.
 */
async function studentFirstVisit(): Promise<boolean> {
  try {
    return isFirstVisit((await api.get<DashboardResponse>('/api/student/dashboard')).courses);
  } catch {
    return false;
  }
}

/** Stores the new session, greets the user and goes where they were headed. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return (session: MeResponse) => {
    const from = fromLocation(location.state);
    const outcome = signInOutcome(session, from);
    replaceSession(queryClient, session);
    void navigate(outcome.to, { replace: true });
    if (outcome.pending) return void toast.info(outcome.title, { description: outcome.message });
    if (session.user.role !== 'student') return void toast.success(outcome.title, { description: outcome.message });
    // The greeting waits for the courses: a student who has begun nothing yet is not welcomed back.
    void studentFirstVisit().then((first) => {
      const greeting = signInOutcome(session, from, first);
      toast.success(greeting.title, { description: greeting.message });
    });
  };
}
