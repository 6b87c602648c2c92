import { HEARTBEAT_INTERVAL_SECONDS, HEARTBEAT_MAX_SECONDS } from '@common/learning-events';
import type { EventQueue, PageLike } from './event-queue';

export type HeartbeatOptions = {
  lessonId: string;
  queue: Pick<EventQueue, 'enqueue' | 'onPageHide'>;
  page: PageLike;
  intervalMs?: number;
  now?: () => number;
};

/**
 * Time on a lesson, counted only while it is shown in a visible tab: a lesson_heartbeat every
 * `intervalMs`, and one more when the lesson stops being shown (stop), the tab is hidden or the
 * page is left, each carrying the visible seconds since the previous one. Returns stop().
 */
export function startLessonHeartbeat({
  lessonId,
  queue,
  page,
  intervalMs = HEARTBEAT_INTERVAL_SECONDS * 1000,
  now = Date.now,
}: HeartbeatOptions): () => void {
  let visibleSince: number | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  function settle() {
    if (visibleSince === null) return;
    const at = now();
    const seconds = Math.min(HEARTBEAT_MAX_SECONDS, Math.round((at - visibleSince) / 1000));
    visibleSince = at;
    if (seconds >= 1) queue.enqueue({ type: 'lesson_heartbeat', lessonId, occurredAt: new Date(at).toISOString(), seconds });
  }

  function resume() {
    if (visibleSince !== null || page.document.visibilityState !== 'visible') return;
    visibleSince = now();
    timer = setInterval(settle, intervalMs);
  }

  function pause() {
    settle();
    visibleSince = null;
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  }

  const onVisibility = () => (page.document.visibilityState === 'visible' ? resume() : pause());
  // A page restored from the back-forward cache is shown again.
  const onPageShow = () => resume();
  page.document.addEventListener('visibilitychange', onVisibility);
  page.window.addEventListener('pageshow', onPageShow);
  const unsubscribe = queue.onPageHide(pause);
  resume();

  return () => {
    pause();
    unsubscribe();
    page.document.removeEventListener('visibilitychange', onVisibility);
    page.window.removeEventListener('pageshow', onPageShow);
  };
}
