import type { VideoProvider } from '@common/video';
import { messageData } from '@web/lib/message-data';

/**
 * The seconds of a video really played, measured from the player's own reports of its position:
 * between two reports while playing, the position may advance by at most what the wall clock
 * allows (at twice the speed, the fastest rate offered, and a little jitter). A jump beyond that
 * is a seek, which counts nothing; going back counts nothing either. The server credits these
 * seconds again against its own clock (learning.service.ts), so this is the honest client's half.
 */
export type PlaybackSample = { position: number; duration: number | null; playing: boolean; at: number };

const MAX_RATE = 2;
const JITTER_SECONDS = 1;

export function createPlaybackMeter() {
  let last: PlaybackSample | null = null;
  let played = 0;
  let duration: number | null = null;
  return {
    sample(s: PlaybackSample) {
      if (s.duration && s.duration > 0) duration = s.duration;
      if (last && last.playing && s.playing) {
        const moved = s.position - last.position;
        const wall = Math.max(0, (s.at - last.at) / 1000);
        if (moved > 0 && moved <= wall * MAX_RATE + JITTER_SECONDS) played += moved;
      }
      last = s;
    },
    /** What to report now, and a fresh count from here on; null when there is nothing to say. */
    take(): { positionSeconds: number; playedSeconds: number; durationSeconds: number } | null {
      if (!last || !duration) return null;
      const report = { positionSeconds: Math.min(Math.max(0, last.position), duration), playedSeconds: played, durationSeconds: duration };
      played = 0;
      return report;
    },
    get position() {
      return last?.position ?? null;
    },
  };
}
export type PlaybackMeter = ReturnType<typeof createPlaybackMeter>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Position, duration and playing from a player's message (their documented postMessage embed
 * protocols): YouTube's `infoDelivery` carries `currentTime`, `duration` and `playerState` (1 is
 * playing); Vimeo's `timeupdate` carries `seconds` and `duration`, `play`/`pause`/`ended` the state.
 * Fields a message does not carry are left out; `ready` when the player announced itself; `error`
 * when it cannot play the video (YouTube's `onError`: removed, private, not embeddable; Vimeo's `error`).
 */
export function readPlayerMessage(
  provider: VideoProvider,
  data: unknown,
): { position?: number; duration?: number; playing?: boolean; ready?: boolean; error?: true } | null {
  const m = messageData(data);
  if (!m || typeof m.event !== 'string') return null;
  if (provider === 'youtube') {
    if (m.event === 'onReady') return { ready: true };
    if (m.event === 'onError') return { error: true };
    if (m.event === 'onStateChange') return { playing: m.info === 1 };
    if (m.event !== 'infoDelivery' && m.event !== 'initialDelivery') return null;
    const info = messageData(m.info);
    if (!info) return null;
    const out: { position?: number; duration?: number; playing?: boolean } = {};
    if (num(info.currentTime) !== undefined) out.position = num(info.currentTime);
    if (num(info.duration) !== undefined && info.duration !== 0) out.duration = num(info.duration);
    if (num(info.playerState) !== undefined) out.playing = info.playerState === 1;
    return out;
  }
  if (m.event === 'ready') return { ready: true };
  if (m.event === 'error') return { error: true };
  if (m.event === 'play' || m.event === 'playing') return { playing: true };
  if (m.event === 'pause' || m.event === 'ended') return { playing: false };
  if (m.event === 'timeupdate') {
    const d = messageData(m.data);
    return d ? { position: num(d.seconds), duration: num(d.duration) } : null;
  }
  return null;
}

/** The messages that ask a player to report its position and state, and an error. */
export function progressSubscriptions(provider: VideoProvider): string[] {
  if (provider === 'youtube')
    return [
      JSON.stringify({ event: 'listening', id: 1, channel: 'widget' }),
      JSON.stringify({ event: 'command', func: 'addEventListener', args: ['onError'], id: 1, channel: 'widget' }),
    ];
  return ['timeupdate', 'play', 'pause', 'ended', 'error'].map((value) => JSON.stringify({ method: 'addEventListener', value }));
}

/** The message that moves a player to `seconds` (resuming where the student left). */
export function seekMessage(provider: VideoProvider, seconds: number): string {
  if (provider === 'youtube') return JSON.stringify({ event: 'command', func: 'seekTo', args: [seconds, true], id: 1, channel: 'widget' });
  return JSON.stringify({ method: 'setCurrentTime', value: seconds });
}

/** Resuming closer than this to either end starts the video from the beginning. */
export const RESUME_MARGIN_SECONDS = 5;

/** The embed address starting at `seconds`: YouTube's `start`, Vimeo's `#t=`. */
export function withStart(url: string, provider: VideoProvider | null, seconds: number | null): string {
  if (!provider || seconds === null || seconds < RESUME_MARGIN_SECONDS) return url;
  const u = new URL(url);
  const s = Math.floor(seconds);
  if (provider === 'youtube') u.searchParams.set('start', String(s));
  else u.hash = `t=${s}s`;
  return u.toString();
}
