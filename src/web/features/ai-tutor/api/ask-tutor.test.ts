import { AiTutorMessages, type TutorStreamEvent } from '@common/ai-tutor';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api';
import { askTutor } from './ask-tutor';
import { TutorStreamError } from './read-tutor-stream';

const encoder = new TextEncoder();
const frame = (event: object) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);
const message = { id: 'm1', role: 'assistant', content: 'Hi', createdAt: '2025-01-01T00:00:00.000Z' };
const start = { type: 'start', conversationId: 'c1', userMessage: { ...message, id: 'u1', role: 'user', content: 'Q' } };
const done = { type: 'done', message, budget: { limit: 50, used: 1, remaining: 49 } };

/** A streamed response whose chunks are sent by `write`, then (unless `keepOpen`) closed. */
function streamResponse(chunks: Uint8Array[], { keepOpen = false } = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      if (!keepOpen) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

async function collect(gen: AsyncGenerator<TutorStreamEvent>) {
  const events: TutorStreamEvent[] = [];
  for await (const e of gen) events.push(e);
  return events;
}

afterEach(() => vi.unstubAllGlobals());

describe('askTutor', () => {
  it('posts the question and yields start, the deltas and done', async () => {
    const fetch = vi.fn(async () =>
      streamResponse([frame(start), frame({ type: 'delta', text: 'H' }), frame({ type: 'delta', text: 'i' }), frame(done)]),
    );
    vi.stubGlobal('fetch', fetch);
    const events = await collect(askTutor('lesson-1', { content: 'Q', conversationId: null }));
    expect(events.map((e) => e.type)).toEqual(['start', 'delta', 'delta', 'done']);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/lessons/lesson-1/tutor/messages');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ content: 'Q', conversationId: null });
    expect((init.headers as Record<string, string>)['Device-Id']).toMatch(/^[0-9a-f]{40}$/);
  });

  it('turns a refusal before the stream into the server’s ApiError', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: { code: 'RATE_LIMITED', message: AiTutorMessages.budgetSpent(50), title: 'Too Many Requests' } },
        { status: 429 },
      ),
    );
    const error = await collect(askTutor('l', { content: 'Q' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: AiTutorMessages.budgetSpent(50) });
  });

  it('fails when the stream ends before done or error', async () => {
    vi.stubGlobal('fetch', async () => streamResponse([frame(start), frame({ type: 'delta', text: 'Hal' })]));
    await expect(collect(askTutor('l', { content: 'Q' }))).rejects.toBeInstanceOf(TutorStreamError);
  });

  it('gives up on a stream that goes silent', async () => {
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const response = streamResponse([frame(start)], { keepOpen: true });
      // As a real fetch does: aborting the request errors the body being read.
      const reader = response.body!;
      const piped = new ReadableStream<Uint8Array>({
        async start(controller) {
          const r = reader.getReader();
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          for (;;) {
            const { done, value } = await r.read();
            if (done) break;
            controller.enqueue(value);
          }
        },
      });
      return new Response(piped, { headers: response.headers });
    });
    const started = Date.now();
    const events: TutorStreamEvent[] = [];
    const error = await (async () => {
      for await (const e of askTutor('l', { content: 'Q' }, { idleMs: 100 })) events.push(e);
    })().catch((e: unknown) => e);
    expect(events.map((e) => e.type)).toEqual(['start']);
    expect(error).toBeInstanceOf(TutorStreamError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports an unreachable server as a network ApiError, and a caller’s abort as an abort', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(collect(askTutor('l', { content: 'Q' }))).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    // Like a real fetch: an aborted signal rejects at once, or as soon as it aborts.
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (init.signal?.aborted) abort();
          init.signal?.addEventListener('abort', abort);
        }),
    );
    const controller = new AbortController();
    const pending = collect(askTutor('l', { content: 'Q' }, { signal: controller.signal }));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses an answer that is not a stream', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ ok: true }));
    await expect(collect(askTutor('l', { content: 'Q' }))).rejects.toBeInstanceOf(TutorStreamError);
  });
});
