import { SPEECH_CHUNK_CHARS, splitForSpeech } from '@common/media-helpers-texts';
import { fetchSpeech } from './api/speech';
import { browserCanSpeak } from './browser-speech';

/**
 * Reading text aloud, loaded when a Listen button is first pressed. The server's voice
 * (TTS_MODEL) when it has one, else the browser's own speech synthesis. Long text goes in pieces,
 * the next fetched while one plays; one reading at a time in the whole page: starting one stops
 * the other, and Stop (or leaving) ends it at once.
 */

/** Chrome's speech synthesis stops long utterances after about 15 seconds: the browser reads shorter pieces. */
const BROWSER_CHUNK_CHARS = 220;

export type ReadAloudOptions = {
  text: string;
  lessonId: string;
  /** The server reads aloud (public config: media.speech). */
  server: boolean;
  /** Playback began (the first piece is sounding). */
  onPlaying?: () => void;
  /** The server's voice failed and the browser's own took over; the error says why. */
  onFallback?: (error: unknown) => void;
};

let current: AbortController | null = null;

/** Stops whatever is being read aloud. */
export function stopReading() {
  current?.abort();
  current = null;
  if (browserCanSpeak()) window.speechSynthesis.cancel();
}

/** Reads the text aloud; resolves when it ends or is stopped (stopped: false), rejects when it cannot be read. */
export async function readAloud(options: ReadAloudOptions): Promise<{ completed: boolean }> {
  stopReading();
  const controller = new AbortController();
  current = controller;
  const { signal } = controller;
  try {
    let text = options.text;
    if (options.server) {
      const pieces = splitForSpeech(text, SPEECH_CHUNK_CHARS);
      const progress = { piece: 0 };
      try {
        await playFromServer(options.lessonId, pieces, signal, progress, options.onPlaying);
        return { completed: !signal.aborted };
      } catch (err) {
        if (signal.aborted) return { completed: false };
        if (!browserCanSpeak()) throw err;
        options.onFallback?.(err);
        // The browser goes on from the piece the server could not read.
        text = pieces.slice(progress.piece).join(' ');
      }
    }
    if (!browserCanSpeak()) throw new Error('This browser cannot read text aloud.');
    await speakInBrowser(text, signal, options.onPlaying);
    return { completed: !signal.aborted };
  } finally {
    if (current === controller) current = null;
  }
}

async function playFromServer(
  lessonId: string,
  pieces: string[],
  signal: AbortSignal,
  progress: { piece: number },
  onPlaying?: () => void,
) {
  let next: Promise<Blob> | undefined = pieces.length ? fetchSpeech(lessonId, pieces[0]!, signal) : undefined;
  for (let i = 0; i < pieces.length && next; i++) {
    progress.piece = i;
    const audio = await next;
    // The next piece is fetched while this one plays; a failure there surfaces when it is its turn.
    next = i + 1 < pieces.length ? fetchSpeech(lessonId, pieces[i + 1]!, signal) : undefined;
    next?.catch(() => {});
    if (signal.aborted) return;
    await playBlob(audio, signal, i === 0 ? onPlaying : undefined);
  }
}

function playBlob(blob: Blob, signal: AbortSignal, onPlaying?: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const audio = new Audio(url);
    const done = (err?: unknown) => {
      audio.pause();
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
      signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    const onAbort = () => done();
    signal.addEventListener('abort', onAbort, { once: true });
    audio.addEventListener('ended', () => done(), { once: true });
    audio.addEventListener('error', () => done(new Error('The audio could not be played.')), { once: true });
    audio.play().then(() => onPlaying?.(), done);
  });
}

function speakInBrowser(text: string, signal: AbortSignal, onPlaying?: () => void): Promise<void> {
  const synth = window.speechSynthesis;
  const pieces = splitForSpeech(text, BROWSER_CHUNK_CHARS);
  return new Promise((resolve, reject) => {
    if (!pieces.length || signal.aborted) return resolve();
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    const onAbort = () => {
      synth.cancel();
      finish();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const lang = document.documentElement.lang || 'en';
    pieces.forEach((piece, i) => {
      const utterance = new SpeechSynthesisUtterance(piece);
      utterance.lang = lang;
      if (i === 0) utterance.onstart = () => onPlaying?.();
      if (i === pieces.length - 1) utterance.onend = () => finish();
      utterance.onerror = (event) => {
        // Cancelling (Stop, or another reading) interrupts: that is not a failure.
        if (event.error === 'interrupted' || event.error === 'canceled') finish();
        else {
          synth.cancel();
          finish(new Error(`Speech failed (${event.error}).`));
        }
      };
      synth.speak(utterance);
    });
  });
}
