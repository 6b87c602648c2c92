import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parsePlayerMessage, watchVideoStart } from './video-start';

describe('parsePlayerMessage: YouTube', () => {
  it.each([
    ['{"event":"infoDelivery","info":{"playerState":1,"currentTime":0.2}}', 'started'],
    [{ event: 'infoDelivery', info: { playerState: 1 } }, 'started'],
    ['{"event":"onStateChange","info":1}', 'started'],
    ['{"event":"initialDelivery","info":{"playerState":-1}}', 'other'],
    ['{"event":"infoDelivery","info":{"playerState":2}}', 'other'],
    ['{"event":"infoDelivery","info":{"currentTime":12}}', 'other'],
    ['{"event":"onStateChange","info":3}', 'other'],
    ['{"event":"onReady","info":{}}', 'ready'],
    ['not json', null],
    ['[1,2]', null],
    [42, null],
    [null, null],
    ['{"method":"play"}', null],
  ])('%j → %s', (data, expected) => {
    expect(parsePlayerMessage('youtube', data)).toBe(expected);
  });
});

describe('parsePlayerMessage: Vimeo', () => {
  it.each([
    ['{"event":"play","data":{"seconds":0,"percent":0,"duration":60}}', 'started'],
    [{ event: 'play', data: { seconds: 0 } }, 'started'],
    ['{"event":"playing"}', 'started'],
    ['{"event":"ready","player_id":"x"}', 'ready'],
    ['{"event":"pause"}', 'other'],
    ['{"method":"getCurrentTime","value":1}', null],
    ['{', null],
  ])('%j → %s', (data, expected) => {
    expect(parsePlayerMessage('vimeo', data)).toBe(expected);
  });
});

type Listener = (e: { data: unknown; origin: string; source: unknown }) => void;

function fakePlayer() {
  const contentWindow = { postMessage: vi.fn() };
  const frame = Object.assign(new EventTarget(), { contentWindow });
  const listeners = new Set<Listener>();
  const win = {
    addEventListener: (_: 'message', l: Listener) => void listeners.add(l),
    removeEventListener: (_: 'message', l: Listener) => void listeners.delete(l),
  };
  return {
    frame,
    win,
    posted: () => contentWindow.postMessage.mock.calls as [string, string][],
    load: () => frame.dispatchEvent(new Event('load')),
    message: (data: unknown, origin: string, source: unknown = contentWindow) => listeners.forEach((l) => l({ data, origin, source })),
    listeners,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watchVideoStart', () => {
  const YT = 'https://www.youtube-nocookie.com';
  const playing = JSON.stringify({ event: 'infoDelivery', info: { playerState: 1 } });

  it('YouTube: says it is listening once the frame loads, until the player answers, then reports the start once', () => {
    const player = fakePlayer();
    const onStart = vi.fn();
    const stop = watchVideoStart(player.frame, 'youtube', YT, onStart, player.win, { retryMs: 500, retries: 5 });
    expect(player.posted()).toEqual([]);
    player.load();
    expect(player.posted().map(([m, origin]) => [JSON.parse(m).event, origin])).toEqual([
      ['listening', YT],
      ['command', YT],
    ]);
    vi.advanceTimersByTime(1000);
    expect(player.posted()).toHaveLength(6);
    player.message('{"event":"initialDelivery","info":{"playerState":-1}}', YT);
    vi.advanceTimersByTime(5000);
    expect(player.posted()).toHaveLength(6);

    player.message(playing, YT);
    player.message('{"event":"onStateChange","info":1}', YT);
    expect(onStart).toHaveBeenCalledTimes(1);
    stop();
    expect(player.listeners.size).toBe(0);
  });

  it('stops asking after the given number of tries when the player never answers (blocked, offline)', () => {
    const player = fakePlayer();
    watchVideoStart(player.frame, 'youtube', YT, vi.fn(), player.win, { retryMs: 100, retries: 3 });
    player.load();
    vi.advanceTimersByTime(10_000);
    expect(player.posted()).toHaveLength(2 * 4);
  });

  it('ignores messages from another frame, another origin, or before the player has loaded', () => {
    const player = fakePlayer();
    const onStart = vi.fn();
    watchVideoStart(player.frame, 'youtube', YT, onStart, player.win);
    player.message(playing, YT);
    player.load();
    player.message(playing, YT, { postMessage: vi.fn() });
    player.message(playing, 'https://evil.example');
    player.message(playing, 'https://player.vimeo.com');
    expect(onStart).not.toHaveBeenCalled();
    player.message(playing, 'https://www.youtube.com');
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('Vimeo: subscribes to play on load and again when the player says it is ready, then reports the start', () => {
    const player = fakePlayer();
    const onStart = vi.fn();
    watchVideoStart(player.frame, 'vimeo', 'https://player.vimeo.com', onStart, player.win);
    player.load();
    const subscribe = { method: 'addEventListener', value: 'play' };
    expect(player.posted().map(([m, o]) => [JSON.parse(m), o])).toContainEqual([subscribe, 'https://player.vimeo.com']);
    player.message('{"event":"ready"}', 'https://player.vimeo.com');
    expect(player.posted().filter(([m]) => JSON.parse(m).value === 'play')).toHaveLength(2);
    player.message({ event: 'pause' }, 'https://player.vimeo.com');
    expect(onStart).not.toHaveBeenCalled();
    player.message('{"event":"play","data":{"seconds":0}}', 'https://player.vimeo.com');
    player.message('{"event":"play","data":{"seconds":3}}', 'https://player.vimeo.com');
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('a failing callback or a vanished frame never throws into the page', () => {
    const player = fakePlayer();
    player.frame.contentWindow.postMessage.mockImplementation(() => {
      throw new Error('gone');
    });
    watchVideoStart(
      player.frame,
      'vimeo',
      'https://player.vimeo.com',
      () => {
        throw new Error('boom');
      },
      player.win,
    );
    expect(() => {
      player.load();
      player.message('{"event":"play"}', 'https://player.vimeo.com');
    }).not.toThrow();
  });
});
