import type { Submission, SubmissionBody } from '@common/practice';
import { api } from '@web/lib/api';
import { exercisePath } from './practice-keys';

/** Queues a run (visible tests and the student's own input) or a submission (every test); answers 202 with the queued submission. */
export const submitCode = (exerciseId: string, body: SubmissionBody) =>
  api.post<Submission>(`${exercisePath(exerciseId)}/submissions`, body);
