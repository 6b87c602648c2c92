import type { Submission } from '@common/practice';
import { api } from '@web/lib/api';

/** How long the server may hold one poll before it answers with the unchanged status. */
export const POLL_WAIT_MS = 10_000;

/** One long poll: the server answers when the status changes, or after `waitMs` with the same one. */
export const getSubmission = (submissionId: string, signal?: AbortSignal) =>
  api.get<Submission>(`/api/submissions/${encodeURIComponent(submissionId)}?waitMs=${POLL_WAIT_MS}`, { signal });

/**
 * Polls until the submission is graded, telling the caller every state on the way (queued with its
 * place in line, running). A failed poll (a dropped connection) is tried again after a pause rather
 * than losing a submission that is still being graded; an answer from the server that refuses
 * (404, 403) ends the wait.
 */
export async function waitForSubmission(
  first: Submission,
  onUpdate: (submission: Submission) => void,
  signal: AbortSignal,
  pauseMs = 1500,
): Promise<Submission> {
  let current = first;
  let failures = 0;
  while (current.status !== 'done') {
    try {
      current = await getSubmission(current.id, signal);
      failures = 0;
      onUpdate(current);
    } catch (error) {
      if (signal.aborted) throw error;
      const status = (error as { status?: number }).status ?? 0;
      if ((status >= 400 && status < 500 && status !== 408 && status !== 429) || ++failures > 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs * failures));
    }
  }
  return current;
}
