import { RECORDING_MAX_BYTES, RECORDING_MAX_SECONDS } from '@common/media-helpers-texts';

/**
 * Recording a spoken question in the browser, loaded when the microphone is first
 * pressed: MediaRecorder at a speech bitrate, stopped by the student or after RECORDING_MAX_SECONDS;
 * the microphone is released as soon as recording ends.
 */

export const canRecord = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function';

export class RecordingError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

export type Recording = {
  /** Resolves with the recording when stopped (by `stop()` or the time limit). */
  result: Promise<Blob>;
  stop(): void;
  /** Ends without a recording (leaving the panel). */
  cancel(): void;
};

const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

export async function startRecording(): Promise<Recording> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch (err) {
    const name = (err as DOMException)?.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') {
      throw new RecordingError(
        'Microphone Blocked',
        'Allow this site to use your microphone (in the address bar) to ask by voice, or type your question.',
      );
    }
    if (name === 'NotFoundError' || name === 'OverconstrainedError') {
      throw new RecordingError('No Microphone', 'No microphone was found. Connect one, or type your question.');
    }
    throw new RecordingError('Microphone Unavailable', 'The microphone could not be started. Please type your question instead.');
  }
  const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported(t));
  const recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: 32_000 });
  const chunks: Blob[] = [];
  let size = 0;
  let cancelled = false;
  const release = () => stream.getTracks().forEach((track) => track.stop());

  const result = new Promise<Blob>((resolve, reject) => {
    recorder.ondataavailable = (event) => {
      if (!event.data.size) return;
      chunks.push(event.data);
      size += event.data.size;
      // Far past any minute of speech at this bitrate: stop rather than send too much.
      if (size > RECORDING_MAX_BYTES && recorder.state === 'recording') recorder.stop();
    };
    recorder.onstop = () => {
      release();
      clearTimeout(limit);
      if (cancelled) return reject(new RecordingError('Recording Cancelled', 'The recording was cancelled.'));
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      if (!blob.size) return reject(new RecordingError('Nothing Recorded', 'Nothing was recorded. Please try again.'));
      if (blob.size > RECORDING_MAX_BYTES)
        return reject(new RecordingError('Recording Too Long', `Keep spoken questions under ${RECORDING_MAX_SECONDS} seconds.`));
      resolve(blob);
    };
    recorder.onerror = () => {
      release();
      clearTimeout(limit);
      reject(new RecordingError('Recording Failed', 'The recording stopped unexpectedly. Please try again.'));
    };
  });
  const limit = setTimeout(() => recorder.state === 'recording' && recorder.stop(), RECORDING_MAX_SECONDS * 1000);
  recorder.start(1000);

  return {
    result,
    stop: () => recorder.state === 'recording' && recorder.stop(),
    cancel: () => {
      cancelled = true;
      if (recorder.state === 'recording') recorder.stop();
      else release();
    },
  };
}
