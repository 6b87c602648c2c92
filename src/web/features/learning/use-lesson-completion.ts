import { MutationObserver, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { toast } from 'sonner';
import { NETWORK_ERROR, isApiError } from '@web/lib/api';
import { toastFailure } from '@web/lib/notify';
import { recordProgressOptions, useRecordProgress } from './api/record-progress';

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
  const queryClient = useQueryClient();
  // Only the completion's state is shown (its buttons wait): the screen follows this mutation alone.
  const completion = useRecordProgress();
  const opened = useRef(new Set<string>());

  function recordOpened(lessonId: string) {
    if (opened.current.has(lessonId) || !navigator.onLine) return;
    opened.current.add(lessonId);
    // Through the mutation cache like any write, but watched by no component: its pending and
    // success states re-render nothing; only its answer does, in the cached outline.
    new MutationObserver(queryClient, recordProgressOptions(queryClient))
      .mutate({ courseId, lessonId, status: 'in_progress' })
      // Nothing to tell the student: the next visit tries again.
      .catch(() => opened.current.delete(lessonId));
  }

  function complete(lessonId: string, onDone: (result: { justCompleted: boolean }) => void) {
    if (!navigator.onLine) return offline();
    completion.mutate(
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

  return { recordOpened, complete, completing: completion.isPending };
}
