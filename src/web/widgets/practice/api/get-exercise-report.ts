import type { ExerciseReport } from '@common/practice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { adminExercisePath, practiceKeys } from './practice-keys';

/** Figures for one exercise (tried, passed, median submissions to pass, hardest test) and its students. */
export const getExerciseReport = (exerciseId: string, signal?: AbortSignal) =>
  api.get<ExerciseReport>(`${adminExercisePath(exerciseId)}/report`, { signal });

export const exerciseReportQueryOptions = (exerciseId: string) =>
  queryOptions({ queryKey: practiceKeys.report(exerciseId), queryFn: ({ signal }) => getExerciseReport(exerciseId, signal) });

export const useExerciseReport = (exerciseId: string) => useQuery(exerciseReportQueryOptions(exerciseId));
