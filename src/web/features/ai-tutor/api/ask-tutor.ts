import { apiErrorSchema } from '@common/errors';
import type { TutorAskBody, TutorStreamEvent } from '@common/ai-tutor';
import { ApiError, NETWORK_ERROR } from '@web/lib/api';
import { getDeviceId } from '@web/lib/device-id';
import { readTutorStream, TutorStreamError } from './read-tutor-stream';
import { tutorPath } from './tutor-keys';

/**
 * The server gives up on the model after 30 s and says so in the stream; this is the browser's own
 * limit for a connection that goes silent (a proxy holding it, a lost network), so the panel never
 * waits forever.
 */
export const TUTOR_STREAM_IDLE_MS = 45_000;

async function refusal(response: Response): Promise<ApiError> {
  const data: unknown = await response.json().catch(() => undefined);
  const parsed = apiErrorSchema.safeParse(data);
  if (parsed.success) {
    const { code, message, title } = parsed.data.error;
    return new ApiError(response.status, code, message, title);
  }
  return new ApiError(response.status, `HTTP_${response.status}`, 'Something went wrong on our side. Please try again.');
}

/**
 * Asks the tutor about a lesson and yields the answer's events as they arrive: start, delta*, then
 * done or error. A refusal before the answer (validation, access, budget, not configured) throws
 * the server's ApiError; a broken connection throws ApiError(0) or TutorStreamError. The generator
 * always ends with 'done' or 'error', or throws: the caller never waits on a silent stream.
 */
export async function* askTutor(
  lessonId: string,
  body: TutorAskBody,
  options: { signal?: AbortSignal; idleMs?: number } = {},
): AsyncGenerator<TutorStreamEvent> {
  const idle = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), options.idleMs ?? TUTOR_STREAM_IDLE_MS);
  };
  const stalled = () => idle.signal.aborted && !options.signal?.aborted;

  try {
    arm();
    let response: Response;
    try {
      response = await fetch(`${tutorPath(lessonId)}/messages`, {
        method: 'POST',
        headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json', 'Device-Id': await getDeviceId() },
        body: JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      });
    } catch (err) {
      if (stalled()) throw new TutorStreamError('The AI tutor did not answer in time.');
      if (options.signal?.aborted) throw err;
      throw new ApiError(
        0,
        NETWORK_ERROR,
        'We could not reach the server. Please check your connection and try again.',
        'Connection Problem',
      );
    }
    if (!response.ok) throw await refusal(response);
    if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
      throw new TutorStreamError('The server did not answer with a stream.');
    }
    arm();
    try {
      for await (const event of readTutorStream(response.body)) {
        arm();
        yield event;
        if (event.type === 'done' || event.type === 'error') return;
      }
    } catch (err) {
      if (stalled()) throw new TutorStreamError('The AI tutor stopped answering.');
      if (options.signal?.aborted) throw err;
      if (err instanceof TutorStreamError) throw err;
      throw new TutorStreamError('The connection to the AI tutor was lost.');
    }
    throw new TutorStreamError('The answer ended before it was complete.');
  } finally {
    clearTimeout(timer);
  }
}
