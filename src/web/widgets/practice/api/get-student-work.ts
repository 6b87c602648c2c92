import type { StudentWork } from '@common/practice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { adminExercisePath, practiceKeys } from './practice-keys';

/** One student's latest code and result on an exercise, read only. */
export const getStudentWork = (exerciseId: string, studentId: string, signal?: AbortSignal) =>
  api.get<StudentWork>(`${adminExercisePath(exerciseId)}/students/${encodeURIComponent(studentId)}`, { signal });

export const studentWorkQueryOptions = (exerciseId: string, studentId: string) =>
  queryOptions({
    queryKey: practiceKeys.studentWork(exerciseId, studentId),
    queryFn: ({ signal }) => getStudentWork(exerciseId, studentId, signal),
  });

export const useStudentWork = (exerciseId: string, studentId: string) => useQuery(studentWorkQueryOptions(exerciseId, studentId));
