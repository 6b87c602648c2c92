import type { Submission, SubmissionHistory } from '@common/practice';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { adminExercisePath, practiceKeys } from './practice-keys';

/** A student's history sits under the tutor's family of keys: whatever refreshes the tutor's practice refreshes it too. */
export const submissionHistoryKeys = {
  list: (exerciseId: string, studentId: string) => [...practiceKeys.admin(), 'history', exerciseId, studentId] as const,
  attempt: (exerciseId: string, studentId: string, submissionId: string) =>
    [...practiceKeys.admin(), 'history', exerciseId, studentId, submissionId] as const,
};

const historyPath = (exerciseId: string, studentId: string) =>
  `${adminExercisePath(exerciseId)}/students/${encodeURIComponent(studentId)}/submissions`;

/** A page of a student's Runs and Submits, newest first, without code; `before` is the previous page's `nextBefore`. */
export const getSubmissionHistory = (exerciseId: string, studentId: string, before: string | null, signal?: AbortSignal) =>
  api.get<SubmissionHistory>(`${historyPath(exerciseId, studentId)}${before ? `?before=${encodeURIComponent(before)}` : ''}`, {
    signal,
  });

/** One attempt in full: its code and every test's outcome. */
export const getHistoryAttempt = (exerciseId: string, studentId: string, submissionId: string, signal?: AbortSignal) =>
  api.get<Submission>(`${historyPath(exerciseId, studentId)}/${encodeURIComponent(submissionId)}`, { signal });

const open = (status: Submission['status']) => status !== 'done';

/** The history a page at a time ('Show older'); asked again every few seconds while an attempt is still being graded. */
export const useSubmissionHistory = (exerciseId: string, studentId: string) =>
  useInfiniteQuery({
    queryKey: submissionHistoryKeys.list(exerciseId, studentId),
    queryFn: ({ pageParam, signal }) => getSubmissionHistory(exerciseId, studentId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.entries.some((e) => open(e.status))) ? 3000 : false),
  });

/** One attempt, asked for when the tutor chooses it; a graded attempt never changes. */
export const useHistoryAttempt = (exerciseId: string, studentId: string, submissionId: string) =>
  useQuery({
    queryKey: submissionHistoryKeys.attempt(exerciseId, studentId, submissionId),
    queryFn: ({ signal }) => getHistoryAttempt(exerciseId, studentId, submissionId, signal),
    staleTime: (query) => (query.state.data && !open(query.state.data.status) ? Infinity : 0),
    refetchInterval: (query) => (query.state.data && open(query.state.data.status) ? 3000 : false),
  });
