import type { LearningEvent } from '@common/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventQueue, sendWithFetch, type SendBatch, type SendOutcome } from './event-queue';
import { fakePage } from '@test-support/web/fake-page';

const LESSON = '6f1c1f0e-8d7a-4a43-9a57-3c1c7f0d2b11';
const opened = (i = 0): LearningEvent => ({
  type: 'lesson_opened',
  lessonId: LESSON,
  occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
});

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

  it('a timer that fires while a slow batch is still being sent does not stall the queue: later events still leave', async () => {
    let answer: (() => void) | undefined;
    const { send, calls } = recorder(() => new Promise<SendOutcome>((resolve) => (answer = () => resolve('done'))));
    const queue = createEventQueue({ send, flushIntervalMs: 30_000 });
    queue.enqueue(opened(1));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(1);
    // The first batch is still on its way when the next interval ends.
    queue.enqueue(opened(2));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(1);
    // The flush that had to wait goes as soon as the first batch is answered, not an interval later.
    answer!();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.events)).toEqual([[opened(1)], [opened(2)]]);
    answer!();
    queue.enqueue(opened(3));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.map((c) => c.events)).toEqual([[opened(1)], [opened(2)], [opened(3)]]);
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
    queue.onPageHide((reason) =>
      queue.enqueue({ type: 'lesson_heartbeat', lessonId: LESSON, occurredAt: opened().occurredAt, seconds: reason === 'hidden' ? 5 : 6 }),
    );
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

  it('drops a refused batch (it would be refused again)', async () => {
    const { send, calls } = recorder(() => 'done');
    const queue = createEventQueue({ send, flushIntervalMs: 1000, random: () => 0 });
    queue.enqueue(opened(1));
    await queue.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(queue.size).toBe(0);
  });

  it('keeps a batch that met no network or a 5xx, and sends it again after pauses that double, until it goes', async () => {
    let outcome: SendOutcome = 'retry';
    const { send, calls } = recorder(() => outcome);
    const queue = createEventQueue({ send, flushIntervalMs: 1000, backoffStartMs: 5000, random: () => 0 });
    queue.enqueue(opened(1));
    await queue.flush();
    expect([calls.length, queue.size, queue.backingOff]).toEqual([1, 1, true]);
    // Nothing before the first pause of 5 s ends; then a second failure pauses 10 s.
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(9999);
    expect(calls).toHaveLength(2);
    outcome = 'done';
    queue.enqueue(opened(2));
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.events)).toEqual([[opened(1)], [opened(1)], [opened(1), opened(2)]]);
    expect([queue.size, queue.backingOff]).toEqual([0, false]);
    // Delivered: the next failure starts again from the first pause.
    outcome = 'retry';
    queue.enqueue(opened(3));
    await queue.flush();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(5);
  });

  it("on a 429 waits the server's Retry-After, sends nothing before it, even at 50 events, and keeps every event in order", async () => {
    let outcome: SendOutcome = { retryAfterMs: 50_000 };
    const { send, calls } = recorder(() => outcome);
    const queue = createEventQueue({ send, flushIntervalMs: 30_000, random: () => 0 });
    for (let i = 0; i < 120; i++) queue.enqueue(opened(i));
    // The first full batch went at 50 events and was refused: the other 70 wait with it instead of meeting the same answer.
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(queue.size).toBe(120);
    await vi.advanceTimersByTimeAsync(49_999);
    expect(calls).toHaveLength(1);
    outcome = 'done';
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.events.length)).toEqual([50, 50, 50, 20]);
    expect(calls.slice(1).flatMap((c) => c.events)).toEqual(Array.from({ length: 120 }, (_, i) => opened(i)));
    expect(queue.size).toBe(0);
  });

  it('holds at most maxQueued events while the server cannot take them, dropping the oldest', async () => {
    const { send } = recorder(() => 'retry');
    const queue = createEventQueue({ send, batchMax: 5, maxQueued: 12, random: () => 0 });
    for (let i = 0; i < 5; i++) queue.enqueue(opened(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.backingOff).toBe(true);
    for (let i = 5; i < 40; i++) queue.enqueue(opened(i));
    expect(queue.size).toBe(12);
    const { send: send2, calls } = recorder();
    // What is kept is the newest: a failing sender's queue, flushed by a page going away, sends events 28..39.
    const kept = createEventQueue({ send: send2, maxQueued: 12 });
    for (let i = 0; i < 40; i++) kept.enqueue(opened(i));
    await kept.flush();
    expect(calls.flatMap((c) => c.events)).toEqual(Array.from({ length: 12 }, (_, i) => opened(28 + i)));
  });

  it('still sends when the page goes away during a pause (there may be no later)', async () => {
    let outcome: SendOutcome = 'retry';
    const { send, calls } = recorder(() => outcome);
    const browser = fakePage();
    const queue = createEventQueue({ send, page: browser.page, random: () => 0 });
    queue.enqueue(opened(1));
    await queue.flush();
    expect(queue.backingOff).toBe(true);
    await queue.flush();
    expect(calls).toHaveLength(1);
    outcome = 'done';
    browser.pagehide();
    expect(calls[1]).toEqual({ events: [opened(1)], keepalive: true });
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
    const { send, calls } = recorder(() => 'retry');
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

  it('treats a refusal (a 403) as final, and a 429, a 5xx or an unreachable server as "send again later"', async () => {
    const answer = (status: number, headers: Record<string, string> = {}) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{}', { status, headers })),
      );
    answer(403);
    expect(await sendWithFetch([opened(1)], { keepalive: false })).toBe('done');
    answer(400);
    expect(await sendWithFetch([opened(1)], { keepalive: false })).toBe('done');
    answer(429, { 'Retry-After': '50' });
    expect(await sendWithFetch([opened(1)], { keepalive: false })).toEqual({ retryAfterMs: 50_000 });
    answer(429);
    expect(await sendWithFetch([opened(1)], { keepalive: false })).toBe('retry');
    answer(503);
    expect(await sendWithFetch([opened(1)], { keepalive: false })).toBe('retry');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await sendWithFetch([opened(1)], { keepalive: false })).toBe('retry');
  });
});
