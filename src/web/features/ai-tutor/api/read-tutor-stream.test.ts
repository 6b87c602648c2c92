import { describe, expect, it } from 'vitest';
import { readTutorStream, TutorStreamError } from './read-tutor-stream';

const bytesStream = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });

async function collect(stream: ReadableStream<Uint8Array>) {
  const events = [];
  for await (const e of readTutorStream(stream)) events.push(e);
  return events;
}

const frame = (event: object) => `data: ${JSON.stringify(event)}\n\n`;

describe('readTutorStream', () => {
  it('yields typed events even when a multi-byte character is cut between network chunks', async () => {
    const bytes = new TextEncoder().encode(
      frame({ type: 'delta', text: 'for (int i = 0; i < n; i++) — ünïcode ✓' }) +
        frame({ type: 'error', code: 'AI_UNAVAILABLE', message: 'down' }),
    );
    const dash = bytes.indexOf(0xe2); // first byte of the three-byte em dash
    const events = await collect(bytesStream([bytes.slice(0, dash + 1), bytes.slice(dash + 1, dash + 2), bytes.slice(dash + 2)]));
    expect(events).toEqual([
      { type: 'delta', text: 'for (int i = 0; i < n; i++) — ünïcode ✓' },
      { type: 'error', code: 'AI_UNAVAILABLE', message: 'down' },
    ]);
  });

  it('skips events of unknown types and events that do not match the contract', async () => {
    const text = frame({ type: 'progress', percent: 5 }) + frame({ type: 'delta' }) + frame({ type: 'delta', text: 'ok' });
    expect(await collect(bytesStream([new TextEncoder().encode(text)]))).toEqual([{ type: 'delta', text: 'ok' }]);
  });

  it('fails on data that is not JSON', async () => {
    await expect(collect(bytesStream([new TextEncoder().encode('data: <html>\n\n')]))).rejects.toBeInstanceOf(TutorStreamError);
  });

  it('releases the body when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(frame({ type: 'delta', text: 'x' })));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readTutorStream(stream)) {
      expect(event).toEqual({ type: 'delta', text: 'x' });
      break;
    }
    expect(cancelled).toBe(true);
  });
});
