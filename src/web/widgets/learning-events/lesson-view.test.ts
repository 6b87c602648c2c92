import type { LearningEvent } from '@common/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventQueue, type SendBatch } from './event-queue';
import { openLessonView, recordsLearningEvents } from './lesson-view';
import { fakePage } from '@test-support/web/fake-page';

const LESSON = '6f1c1f0e-8d7a-4a43-9a57-3c1c7f0d2b11';
const OTHER = '0b7e7c1a-2f4e-4d5b-8c1d-9a3b2c1d0e0f';

/** A queue that keeps what it is given, with the page's hide listeners. */
function collectingQueue() {
  const events: LearningEvent[] = [];
  const hideListeners = new Set<(reason: 'hidden' | 'pagehide') => void>();
  return {
    events,
    enqueue: (e: LearningEvent) => void events.push(e),
    onPageHide: (l: (reason: 'hidden' | 'pagehide') => void) => (hideListeners.add(l), () => void hideListeners.delete(l)),
    hidePage: (reason: 'hidden' | 'pagehide') => hideListeners.forEach((l) => l(reason)),
  };
}
const beats = (events: LearningEvent[]) =>
  events.filter((e) => e.type === 'lesson_heartbeat').map((e) => (e.type === 'lesson_heartbeat' ? e.seconds : 0));
const types = (events: LearningEvent[]) => events.map((e) => e.type);

let lessonSeq = 0;
beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) + lessonSeq++ * 3_600_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a lesson view', () => {
  it('records the opening, then a heartbeat of visible seconds every interval and at close', () => {
    const queue = collectingQueue();
    const view = openLessonView({ lessonId: LESSON, queue, page: fakePage().page, heartbeatMs: 5000 });
    expect(queue.events).toEqual([{ type: 'lesson_opened', lessonId: LESSON, occurredAt: new Date().toISOString() }]);
    vi.advanceTimersByTime(5000);
    expect(queue.events[1]).toEqual({ type: 'lesson_heartbeat', lessonId: LESSON, occurredAt: new Date().toISOString(), seconds: 5 });
    vi.advanceTimersByTime(10_000);
    vi.advanceTimersByTime(3_000);
    view.close();
    expect(beats(queue.events)).toEqual([5, 5, 5, 3]);
    // Closed: no more heartbeats, and nothing else recorded for it.
    vi.advanceTimersByTime(60_000);
    view.videoStarted();
    expect(beats(queue.events)).toEqual([5, 5, 5, 3]);
    expect(queue.events).toHaveLength(5);
  });

  it('counts time only while the tab is visible', () => {
    const browser = fakePage();
    const queue = collectingQueue();
    const view = openLessonView({ lessonId: LESSON, queue, page: browser.page, heartbeatMs: 30_000 });
    vi.advanceTimersByTime(12_000);
    browser.hide();
    expect(beats(queue.events)).toEqual([12]);
    vi.advanceTimersByTime(600_000);
    expect(beats(queue.events)).toEqual([12]);
    browser.show();
    vi.advanceTimersByTime(30_000);
    expect(beats(queue.events)).toEqual([12, 30]);
    view.close();
    expect(beats(queue.events)).toEqual([12, 30]);
  });

  it('starts counting only when a lesson opened in a hidden tab is shown', () => {
    const browser = fakePage('hidden');
    const queue = collectingQueue();
    const view = openLessonView({ lessonId: LESSON, queue, page: browser.page, heartbeatMs: 30_000 });
    vi.advanceTimersByTime(90_000);
    expect(beats(queue.events)).toEqual([]);
    browser.show();
    vi.advanceTimersByTime(7_000);
    view.close();
    expect(beats(queue.events)).toEqual([7]);
  });

  it('adds its last heartbeat when the page is left, before the queue sends, and resumes when the page is shown again', () => {
    const browser = fakePage();
    const queue = collectingQueue();
    const view = openLessonView({ lessonId: LESSON, queue, page: browser.page, heartbeatMs: 30_000 });
    vi.advanceTimersByTime(4_000);
    queue.hidePage('pagehide');
    expect(beats(queue.events)).toEqual([4]);
    vi.advanceTimersByTime(60_000);
    browser.pageshow();
    vi.advanceTimersByTime(2_000);
    view.close();
    expect(beats(queue.events)).toEqual([4, 2]);
  });

  it('sends nothing for less than a second, and at most 300 seconds in one heartbeat', () => {
    const queue = collectingQueue();
    openLessonView({ lessonId: LESSON, queue, page: fakePage().page }).close();
    expect(beats(queue.events)).toEqual([]);
    const long = openLessonView({ lessonId: OTHER, queue, page: fakePage().page, heartbeatMs: 3_600_000, now: Date.now });
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    long.close();
    expect(beats(queue.events)).toEqual([300]);
  });

  it('records the PDF and the video once per view, and every tutorial download', () => {
    const queue = collectingQueue();
    const view = openLessonView({ lessonId: LESSON, queue, page: fakePage().page });
    view.pdfViewed();
    view.pdfViewed();
    view.videoStarted();
    view.videoStarted();
    view.tutorialDownloaded();
    view.tutorialDownloaded();
    view.close();
    expect(types(queue.events)).toEqual(['lesson_opened', 'pdf_viewed', 'video_started', 'tutorial_downloaded', 'tutorial_downloaded']);
    const again = openLessonView({ lessonId: OTHER, queue, page: fakePage().page });
    again.pdfViewed();
    again.close();
    expect(types(queue.events).slice(5)).toEqual(['lesson_opened', 'pdf_viewed']);
  });

  it('does not count a lesson opened twice within a second (React remounting it) as two openings', () => {
    const queue = collectingQueue();
    openLessonView({ lessonId: LESSON, queue, page: fakePage().page }).close();
    openLessonView({ lessonId: LESSON, queue, page: fakePage().page }).close();
    vi.advanceTimersByTime(1500);
    openLessonView({ lessonId: LESSON, queue, page: fakePage().page }).close();
    expect(types(queue.events)).toEqual(['lesson_opened', 'lesson_opened']);
  });

  it('with the real queue: the heartbeat of a hidden tab leaves in the keepalive batch', () => {
    const browser = fakePage();
    const sent: { events: LearningEvent[]; keepalive: boolean }[] = [];
    const send: SendBatch = async (events, { keepalive }) => (sent.push({ events, keepalive }), 'done');
    const queue = createEventQueue({ send, page: browser.page });
    const view = openLessonView({ lessonId: LESSON, queue, page: browser.page });
    vi.advanceTimersByTime(9_000);
    browser.hide();
    expect(sent).toEqual([
      {
        events: [expect.objectContaining({ type: 'lesson_opened' }), expect.objectContaining({ type: 'lesson_heartbeat', seconds: 9 })],
        keepalive: true,
      },
    ]);
    view.close();
    queue.dispose();
  });
});

describe('the administrator preview', () => {
  it('records nothing: only a signed-in student records learning events', () => {
    expect(recordsLearningEvents({ role: 'student' })).toBe(true);
    expect(recordsLearningEvents({ role: 'admin' })).toBe(false);
    expect(recordsLearningEvents(null)).toBe(false);
  });
});
