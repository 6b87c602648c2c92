import { tutorStreamEventSchema, type TutorStreamEvent } from '@common/ai-tutor';
import { createSseParser } from './sse-parser';

/** The answer stream broke its contract (bad JSON, or it ended before 'done' or 'error'). */
export class TutorStreamError extends Error {
  override readonly name = 'TutorStreamError';
}

/**
 * Reads the tutor's answer stream (`data: <json TutorStreamEvent>` blocks) from a fetch body,
 * yielding each event as it arrives. Bytes are decoded in streaming mode, so a character cut
 * between two network chunks is kept whole. Events of unknown types are skipped (a newer
 * server may add some); text that is not JSON is an error.
 */
export async function* readTutorStream(body: ReadableStream<Uint8Array>): AsyncGenerator<TutorStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  const parse = (data: string): TutorStreamEvent | undefined => {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      throw new TutorStreamError('The answer stream sent something that is not JSON.');
    }
    const event = tutorStreamEventSchema.safeParse(json);
    return event.success ? event.data : undefined;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const blocks = done ? [...parser.push(decoder.decode()), ...parser.end()] : parser.push(decoder.decode(value, { stream: true }));
      for (const data of blocks) {
        const event = parse(data);
        if (event) yield event;
      }
      if (done) return;
    }
  } finally {
    // Stopped early (the caller broke out, or threw): let the connection go.
    reader.cancel().catch(() => {});
  }
}
