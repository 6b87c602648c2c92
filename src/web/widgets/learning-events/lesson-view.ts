import type { SessionUser } from '@common/auth';
import { HEARTBEAT_INTERVAL_SECONDS } from '@common/learning-events';
import type { EventQueue, PageLike } from './event-queue';
import { startLessonHeartbeat } from './lesson-heartbeat';

/**
 * Whether this user's course screen records learning events: a student's does; the
 * administrator's is a preview that records nothing (the server's rule: the admin role is the
 * preview, and it answers { preview: true } without writing).
 */
export const recordsLearningEvents = (user: Pick<SessionUser, 'role'> | null | undefined) => !!user && user.role !== 'admin';

export type LessonView = {
  /** The lesson's PDF was shown in the page or opened (once per lesson view). */
  pdfViewed(): void;
  /** The 'Download Tutorial PDF' link was activated (every time: each is a download). */
  tutorialDownloaded(): void;
  /** The video's player reported that playback started (once per lesson view). */
  videoStarted(): void;
  /** The lesson is no longer shown: its last heartbeat is queued. */
  close(): void;
};

export type LessonViewOptions = {
  lessonId: string;
  queue: Pick<EventQueue, 'enqueue' | 'onPageHide'>;
  page: PageLike;
  heartbeatMs?: number;
  now?: () => number;
};

// React's development double mount would open the same lesson twice in a row.
let lastOpened: { lessonId: string; at: number } | undefined;
const REOPEN_WINDOW_MS = 1000;

/** One showing of a lesson: lesson_opened now, the visible-time heartbeat until close(), and what the student does on it. */
export function openLessonView({
  lessonId,
  queue,
  page,
  heartbeatMs = HEARTBEAT_INTERVAL_SECONDS * 1000,
  now = Date.now,
}: LessonViewOptions): LessonView {
  const at = now();
  if (lastOpened?.lessonId !== lessonId || at - lastOpened.at > REOPEN_WINDOW_MS) {
    queue.enqueue({ type: 'lesson_opened', lessonId, occurredAt: new Date(at).toISOString() });
  }
  lastOpened = { lessonId, at };
  const stopHeartbeat = startLessonHeartbeat({ lessonId, queue, page, intervalMs: heartbeatMs, now });
  const recorded = new Set<string>();
  let closed = false;

  function record(type: 'pdf_viewed' | 'tutorial_downloaded' | 'video_started', once: boolean) {
    if (closed || (once && recorded.has(type))) return;
    recorded.add(type);
    queue.enqueue({ type, lessonId, occurredAt: new Date(now()).toISOString() });
  }

  return {
    pdfViewed: () => record('pdf_viewed', true),
    tutorialDownloaded: () => record('tutorial_downloaded', false),
    videoStarted: () => record('video_started', true),
    close() {
      if (closed) return;
      closed = true;
      stopHeartbeat();
    },
  };
}
