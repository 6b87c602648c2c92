import { ApiError, apiErrorOf, deviceHeaders, NETWORK_ERROR } from '@web/lib/api';

/** POST /api/lessons/:lessonId/speech: one piece of text as audio (TTS_MODEL on the server). */
export async function fetchSpeech(lessonId: string, text: string, signal: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/lessons/${encodeURIComponent(lessonId)}/speech`, {
      method: 'POST',
      headers: { ...(await deviceHeaders()), 'Content-Type': 'application/json', Accept: 'audio/*' },
      body: JSON.stringify({ text }),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ApiError(
      0,
      NETWORK_ERROR,
      'We could not reach the server. Please check your connection and try again.',
      'Connection Problem',
    );
  }
  if (!response.ok) throw await apiErrorOf(response);
  return response.blob();
}

/** POST /api/lessons/:lessonId/transcriptions: a recorded question's words (STT_MODEL on the server). */
export async function transcribe(lessonId: string, audio: Blob, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  const extension = audio.type.includes('mp4') ? 'm4a' : audio.type.includes('ogg') ? 'ogg' : 'webm';
  form.append('audio', audio, `question.${extension}`);
  let response: Response;
  try {
    response = await fetch(`/api/lessons/${encodeURIComponent(lessonId)}/transcriptions`, {
      method: 'POST',
      headers: { ...(await deviceHeaders()), Accept: 'application/json' },
      body: form,
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(
      0,
      NETWORK_ERROR,
      'We could not reach the server. Please check your connection and try again.',
      'Connection Problem',
    );
  }
  if (!response.ok) throw await apiErrorOf(response);
  const body = (await response.json()) as { text?: unknown };
  return typeof body.text === 'string' ? body.text : '';
}
