import { ErrorCode } from '@common/error-codes';
import type { LessonExercisesResponse, Submission, SubmissionBody } from '@common/practice';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@web/lib/api';
import { practiceKeys } from './api/practice-keys';
import { submitCode } from './api/submit-code';
import { waitForSubmission } from './api/wait-for-submission';

export type RunPhase = 'idle' | 'sending' | 'waiting';

/**
 * Sends the code to be run or graded and follows it until it is done (queued, running, done),
 * keeping the latest state for the screen (a new one clears the last result at once). A finished submission is put into the lesson's cached
 * exercises (passed, latest result), so a later visit opens with it.
 */
export function useExerciseRun(lessonId: string, exerciseId: string, initial: Submission | null, onDone: (done: Submission) => void) {
  const queryClient = useQueryClient();
  const [submission, setSubmission] = useState<Submission | null>(initial);
  const [phase, setPhase] = useState<RunPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (body: SubmissionBody) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setError(null);
      // The last result goes at once: while this one is sent, queued and run, nothing on screen is stale.
      setSubmission(null);
      setPhase('sending');
      try {
        const queued = await submitCode(exerciseId, body);
        if (controller.signal.aborted) return;
        setSubmission(queued);
        setPhase('waiting');
        const done = await waitForSubmission(queued, setSubmission, controller.signal);
        setSubmission(done);
        setPhase('idle');
        queryClient.setQueryData<LessonExercisesResponse>(practiceKeys.lessonExercises(lessonId), (old) =>
          old
            ? {
                ...old,
                exercises: old.exercises.map((e) =>
                  e.id === exerciseId
                    ? { ...e, latestSubmission: done, passed: e.passed || (done.mode === 'submit' && done.result?.verdict === 'passed') }
                    : e,
                ),
              }
            : old,
        );
        onDoneRef.current(done);
      } catch (err) {
        if (controller.signal.aborted) return;
        setPhase('idle');
        setError(isApiError(err) ? err.message : 'Something went wrong while your code was being checked. Please try again.');
        // Refused as late under 'Closed': the exercise is read again, so the card says so and Submit stays off.
        if (isApiError(err) && err.code === ErrorCode.lateClosed)
          void queryClient.invalidateQueries({ queryKey: practiceKeys.lessonExercises(lessonId) });
      }
    },
    [exerciseId, lessonId, queryClient],
  );

  /** Forgets the last result (a WebGL Run draws in the browser only, and its picture replaces the last result). */
  const clear = useCallback(() => {
    abort.current?.abort();
    setSubmission(null);
    setError(null);
    setPhase('idle');
  }, []);

  return { submission, phase, error, start, clear, busy: phase !== 'idle' };
}
