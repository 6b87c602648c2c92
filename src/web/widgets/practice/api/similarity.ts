import type { SimilarityOverview, SimilarityPairDetail } from '@common/similarity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { adminExercisePath, practiceKeys } from './practice-keys';

/** While a check is queued or running its results are asked for again this often. */
const POLL_MS = 1500;

const similarityKey = (exerciseId: string) => [...practiceKeys.admin(), 'similarity', exerciseId] as const;
const pairKey = (exerciseId: string, pairId: string) => [...similarityKey(exerciseId), 'pair', pairId] as const;
const similarityPath = (exerciseId: string) => `${adminExercisePath(exerciseId)}/similarity`;

const inProgress = (data: SimilarityOverview | undefined) => data?.check?.status === 'queued' || data?.check?.status === 'running';

/** The exercise's latest similarity check and its pairs; refreshed while a check is on its way. */
export const useSimilarity = (exerciseId: string) =>
  useQuery({
    queryKey: similarityKey(exerciseId),
    queryFn: ({ signal }) => api.get<SimilarityOverview>(similarityPath(exerciseId), { signal }),
    refetchInterval: (query) => (inProgress(query.state.data) ? POLL_MS : false),
  });

/** 'Check Similarity': queues a check with the threshold chosen, in percent. */
export function useCheckSimilarity(exerciseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number) => api.post<{ message: string }>(similarityPath(exerciseId), { threshold }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: similarityKey(exerciseId) }),
  });
}

/** One pair of the last check: both programs and their matching fragments. */
export const useSimilarityPair = (exerciseId: string, pairId: string) =>
  useQuery({
    queryKey: pairKey(exerciseId, pairId),
    queryFn: ({ signal }) => api.get<SimilarityPairDetail>(`${similarityPath(exerciseId)}/pairs/${encodeURIComponent(pairId)}`, { signal }),
  });
