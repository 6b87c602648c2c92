import { PLAYER_ORIGINS, type VideoProvider } from '@common/video';
import { messageData } from '@web/lib/message-data';

/**
 * "Video started", as the embedded YouTube and Vimeo players report it through postMessage (their
 * documented embed protocols; no third-party script is loaded).
 *
 * - YouTube (embed with enablejsapi=1): after we post {"event":"listening"} the player sends
 *   `infoDelivery` messages carrying `info.playerState`, and `onStateChange` with the state;
 *   1 is "playing".
 * - Vimeo: after we post {"method":"addEventListener","value":"play"} the player sends
 *   {"event":"play"}; it announces itself with {"event":"ready"}, when we (re)subscribe.
 */

const YOUTUBE_PLAYING = 1;

export type PlayerMessage = 'started' | 'ready' | 'other' | null;

/** What a player's message says: playback started, the player is ready, something else, or not a player message (null). */
export function parsePlayerMessage(provider: VideoProvider, data: unknown): PlayerMessage {
  const message = messageData(data);
  if (!message || typeof message.event !== 'string') return null;
  if (provider === 'youtube') {
    if (message.event === 'onStateChange') return message.info === YOUTUBE_PLAYING ? 'started' : 'other';
    if (message.event === 'infoDelivery' || message.event === 'initialDelivery') {
      const info = messageData(message.info);
      return info?.playerState === YOUTUBE_PLAYING ? 'started' : 'other';
    }
    return message.event === 'onReady' ? 'ready' : 'other';
  }
  if (message.event === 'play' || message.event === 'playing') return 'started';
  return message.event === 'ready' ? 'ready' : 'other';
}

/** The messages that ask a player to report playback. */
export function subscribeMessages(provider: VideoProvider): string[] {
  if (provider === 'youtube') {
    return [
      JSON.stringify({ event: 'listening', id: 1, channel: 'widget' }),
      JSON.stringify({ event: 'command', func: 'addEventListener', args: ['onStateChange'], id: 1, channel: 'widget' }),
    ];
  }
  return [JSON.stringify({ method: 'addEventListener', value: 'play' }), JSON.stringify({ method: 'addEventListener', value: 'playing' })];
}

type MessageLike = { data: unknown; origin: string; source: unknown };
type FrameLike = Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
  readonly contentWindow: { postMessage(message: string, targetOrigin: string): void } | null;
};
type WindowLike = {
  addEventListener(type: 'message', listener: (e: MessageLike) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageLike) => void): void;
};

export type WatchOptions = { retryMs?: number; retries?: number };

/**
 * Calls `onStart` when the player in `frame` reports that playback started (at most once).
 * Subscribes when the frame has loaded, and again every `retryMs` until the player answers (it may
 * not be listening yet). Returns the function that stops watching.
 */
export function watchVideoStart(
  frame: FrameLike,
  provider: VideoProvider,
  playerOrigin: string,
  onStart: () => void,
  win: WindowLike,
  { retryMs = 1000, retries = 10 }: WatchOptions = {},
): () => void {
  const origins = PLAYER_ORIGINS[provider];
  let loaded = false;
  let answered = false;
  let started = false;
  let tries = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const stopRetrying = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  function subscribe() {
    try {
      for (const message of subscribeMessages(provider)) frame.contentWindow?.postMessage(message, playerOrigin);
    } catch {
      // The frame went away; nothing to report.
    }
  }

  const onLoad = () => {
    loaded = true;
    answered = false;
    tries = 0;
    subscribe();
    stopRetrying();
    timer = setInterval(() => {
      if (answered || ++tries > retries) return stopRetrying();
      subscribe();
    }, retryMs);
  };

  // Messages from the frame before its player has loaded may come from the video shown before.
  const onMessage = (event: MessageLike) => {
    if (!loaded || started || event.source !== frame.contentWindow || !origins.includes(event.origin)) return;
    const kind = parsePlayerMessage(provider, event.data);
    if (kind === null) return;
    answered = true;
    if (kind === 'ready') subscribe();
    if (kind !== 'started') return;
    started = true;
    stopRetrying();
    try {
      onStart();
    } catch {
      // Tracking never breaks the player.
    }
  };

  frame.addEventListener('load', onLoad);
  win.addEventListener('message', onMessage);
  return () => {
    stopRetrying();
    frame.removeEventListener('load', onLoad);
    win.removeEventListener('message', onMessage);
  };
}
