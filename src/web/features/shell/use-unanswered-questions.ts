import type { UnansweredQuestions } from '@common/questions';
import { useQuery } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** How often the tutor's badge looks for new questions while a tab is open. */
const POLL_MS = 60_000;

/**
 * The count of questions waiting for the tutor, for the Questions entry's badge. Under the admin
 * screens' family, so a reply or a resolve on the Questions page refreshes it at once.
 */
export function useUnansweredQuestions(enabled: boolean): number {
  const query = useQuery({
    queryKey: [...adminDataKey, 'questions', 'unanswered'],
    queryFn: ({ signal }) => api.get<UnansweredQuestions>('/api/admin/questions/unanswered', { signal }),
    enabled,
    refetchInterval: POLL_MS,
  });
  return enabled ? (query.data?.unanswered ?? 0) : 0;
}
