import type { LearningEvent } from '@common/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventQueue, sendWithFetch, type SendBatch, type SendOutcome } from './event-queue';
import { fakePage } from './test-page';

const LESSON = '6f1c1f0e-8d7a-4a43-9a57-3c1c7f0d2b11';
const opened = (i = 0): LearningEvent => ({ type: 'lesson_opened', lessonId: LESSON, occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() });

function recorder(outcome: () => Promise<SendOutcome> | SendOutcome = () => 'done') {
  const calls: { events: LearningEvent[]; keepalive: boolean }[] = [];
  const send: SendBatch = vi.fn(async (events, { keepalive }) => {
    calls.push({ events, keepalive });
    return outcome();
  });
  return { send, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the event queue', () => {
  it('sends nothing at once: events wait for the interval and leave together in one batch', async () => {
    const { send, calls } = recorder();
    const queue = createEventQueue({ send, flushIntervalMs: 30_000 });
    queue.enqueue(opened(1));
    queue.enqueue(opened(2));
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ events: [opened(1), opened(2)], keepalive: false }]);
    expect(queue.size).toBe(0);
    // Nothing queued: no empty batch later.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
  });

  it('sends as soon as 50 events are queued, and never more than 50 in a batch', async () => {
    const { send, calls } = recorder();
    const queue = createEventQueue({ send, flushIntervalMs: 30_000 });
    for (let i = 0; i < 49; i++) queue.enqueue(opened(i));
    expect(calls).toHaveLength(0);
    queue.enqueue(opened(49));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.events).toHaveLength(50);
    for (let i = 0; i < 3; i++) queue.enqueue(opened(i));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.map((c) => c.events.length)).toEqual([50, 3]);
  });

  it('splits a larger queue into batches of at most batchMax', () => {
    const { send, calls } = recorder();
    const queue = createEventQueue({ send, batchMax: 4 });
    queue.enqueue(opened(1));
    queue.enqueue(opened(2));
    queue.enqueue(opened(3));
    queue.flush();
    expect(calls.map((c) => c.events.length)).toEqual([3]);
  });

  it('sends with keepalive when the tab is hidden or the page is left, after the hide listeners added their events', async () => {
    const { send, calls } = recorder();
    const browser = fakePage();
    const queue = createEventQueue({ send, page: browser.page });
    queue.onPageHide((reason) => queue.enqueue({ type: 'lesson_heartbeat', lessonId: LESSON, occurredAt: opened().occurredAt, seconds: reason === 'hidden' ? 5 : 6 }));
    queue.enqueue(opened(1));
    browser.hide();
    expect(calls).toEqual([{ events: [opened(1), expect.objectContaining({ type: 'lesson_heartbeat', seconds: 5 })], keepalive: true }]);
    browser.show();
    expect(calls).toHaveLength(1);
    browser.pagehide();
    expect(calls[1]).toEqual({ events: [expect.objectContaining({ seconds: 6 })], keepalive: true });
    queue.dispose();
    browser.hide();
    expect(calls).toHaveLength(2);
  });

  it('drops a refused batch, and tries a batch that met a network error once more, with the next send', async () => {
    let outcome: SendOutcome = 'done';
    const { send, calls } = recorder(() => outcome);
    const queue = createEventQueue({ send, flushIntervalMs: 1000 });
    queue.enqueue(opened(1));
    queue.flush();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);

    outcome = 'network-error';
    queue.enqueue(opened(2));
    queue.flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.events)).toEqual([[opened(1)], [opened(2)], [opened(2)]]);
    // The second failure is final.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(3);
    expect(queue.size).toBe(0);
  });

  it('never throws into the page, whatever the sender does', async () => {
    const queue = createEventQueue({
      send: () => {
        throw new Error('boom');
      },
    });
    expect(() => {
      queue.enqueue(opened(1));
      queue.flush();
    }).not.toThrow();
    const rejecting = createEventQueue({ send: () => Promise.reject(new Error('boom')) });
    rejecting.enqueue(opened(1));
    expect(() => rejecting.flush()).not.toThrow();
    await vi.advanceTimersByTimeAsync(60_000);
  });
});

describe('the end of a session', () => {
  it('flush resolves once the batches are answered, so a sign-out can wait for them', async () => {
    let answer!: (o: SendOutcome) => void;
    const { send } = recorder(() => new Promise<SendOutcome>((resolve) => (answer = resolve)));
    const queue = createEventQueue({ send });
    queue.enqueue(opened(1));
    let done = false;
    const flushing = queue.flush({ keepalive: true }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    answer('done');
    await flushing;
    expect(done).toBe(true);
  });

  it('a disposed queue sends nothing more: not its retries, not what is queued after', async () => {
    const { send, calls } = recorder(() => 'network-error');
    const queue = createEventQueue({ send, flushIntervalMs: 1000 });
    queue.enqueue(opened(1));
    const first = queue.flush();
    queue.dispose();
    await first;
    queue.enqueue(opened(2));
    await queue.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.map((c) => c.events)).toEqual([[opened(1)]]);
  });
});

describe('sendWithFetch', () => {
  it('posts the batch as JSON with the session cookie, keepalive when asked', async () => {
    const fetch = vi.fn(async () => new Response('{"accepted":1,"preview":false}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await sendWithFetch([opened(1)], { keepalive: true })).toBe('done');
    expect(fetch).toHaveBeenCalledWith('/api/events', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: [opened(1)] }),
    });
  });

  it('treats any answer (a 403 too) as final and only an unreachable server as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 403 })));
    expect(await sendWithFetch([opened(1)], { keepalive: false })).toBe('done');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await sendWithFetch([opened(1)], { keepalive: false })).toBe('network-error');
  });
});
