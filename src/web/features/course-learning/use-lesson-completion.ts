import { useRef } from 'react';
import { toast } from 'sonner';
import { NETWORK_ERROR, isApiError } from '@web/lib/api';
import { toastFailure } from '@web/lib/notify';
import { useRecordProgress } from './api/record-progress';

const offline = () =>
  toast.error("You're Offline", {
    description: 'Your progress was not saved. Reconnect to the internet and mark the lesson complete again.',
  });

/**
 * Opening and completing lessons. Opening is recorded once per lesson and page (the server never
 * downgrades a completed lesson); completing while offline is refused with a message, never queued
 * silently.
 */
export function useLessonProgress(courseId: string) {
  const mutation = useRecordProgress();
  const opened = useRef(new Set<string>());

  function recordOpened(lessonId: string) {
    if (opened.current.has(lessonId) || !navigator.onLine) return;
    opened.current.add(lessonId);
    mutation.mutate(
      { courseId, lessonId, status: 'in_progress' },
      // Nothing to tell the student: the next visit tries again.
      { onError: () => opened.current.delete(lessonId) },
    );
  }

  function complete(lessonId: string, onDone: (result: { justCompleted: boolean }) => void) {
    if (!navigator.onLine) return offline();
    mutation.mutate(
      { courseId, lessonId, status: 'completed' },
      {
        onSuccess: (result) => onDone(result),
        onError: (error) => {
          if (isApiError(error) && error.code === NETWORK_ERROR) return offline();
          toastFailure(error, 'Failed to save progress. Please try again.');
        },
      },
    );
  }

  const completing = mutation.isPending && mutation.variables?.status === 'completed';
  return { recordOpened, complete, completing };
}
