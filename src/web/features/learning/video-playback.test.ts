import { describe, expect, it } from 'vitest';
import { createPlaybackMeter, progressSubscriptions, readPlayerMessage, seekMessage, withStart } from './video-playback';

describe('playback meter', () => {
  it('counts the seconds played along the wall clock, not seeks or pauses', () => {
    const m = createPlaybackMeter();
    m.sample({ position: 0, duration: 100, playing: true, at: 0 });
    m.sample({ position: 5, duration: 100, playing: true, at: 5000 });
    // A seek ahead: 60 seconds of video in one second of wall clock.
    m.sample({ position: 65, duration: 100, playing: true, at: 6000 });
    m.sample({ position: 70, duration: 100, playing: true, at: 11_000 });
    // Paused: nothing counts until it plays again.
    m.sample({ position: 70, duration: 100, playing: false, at: 12_000 });
    m.sample({ position: 90, duration: 100, playing: true, at: 60_000 });
    // Going back counts nothing.
    m.sample({ position: 10, duration: 100, playing: true, at: 61_000 });
    expect(m.take()).toEqual({ positionSeconds: 10, playedSeconds: 10, durationSeconds: 100 });
    expect(m.take()).toEqual({ positionSeconds: 10, playedSeconds: 0, durationSeconds: 100 });
  });

  it('has nothing to report before it knows the duration', () => {
    const m = createPlaybackMeter();
    expect(m.take()).toBeNull();
    m.sample({ position: 3, duration: null, playing: true, at: 0 });
    expect(m.take()).toBeNull();
  });
});

describe('player messages', () => {
  it("reads YouTube's and Vimeo's reports", () => {
    expect(
      readPlayerMessage('youtube', JSON.stringify({ event: 'infoDelivery', info: { currentTime: 12.5, duration: 300, playerState: 1 } })),
    ).toEqual({ position: 12.5, duration: 300, playing: true });
    expect(readPlayerMessage('youtube', JSON.stringify({ event: 'onStateChange', info: 2 }))).toEqual({ playing: false });
    expect(readPlayerMessage('youtube', { event: 'onReady' })).toEqual({ ready: true });
    expect(readPlayerMessage('vimeo', JSON.stringify({ event: 'timeupdate', data: { seconds: 4, duration: 60, percent: 0.06 } }))).toEqual({
      position: 4,
      duration: 60,
    });
    expect(readPlayerMessage('vimeo', { event: 'pause' })).toEqual({ playing: false });
    expect(readPlayerMessage('vimeo', 'not json')).toBeNull();
  });

  it('reads a player that cannot play the video, and asks both players to say so', () => {
    expect(readPlayerMessage('youtube', JSON.stringify({ event: 'onError', info: 150 }))).toEqual({ error: true });
    expect(readPlayerMessage('vimeo', JSON.stringify({ event: 'error', data: { name: 'NotFoundError' } }))).toEqual({ error: true });
    expect(progressSubscriptions('youtube').map((m) => JSON.parse(m))).toContainEqual(
      expect.objectContaining({ func: 'addEventListener', args: ['onError'] }),
    );
    expect(progressSubscriptions('vimeo').map((m) => JSON.parse(m))).toContainEqual({ method: 'addEventListener', value: 'error' });
  });

  it('resumes through the address and a seek', () => {
    expect(withStart('https://www.youtube-nocookie.com/embed/abc?enablejsapi=1', 'youtube', 95.7)).toBe(
      'https://www.youtube-nocookie.com/embed/abc?enablejsapi=1&start=95',
    );
    expect(withStart('https://player.vimeo.com/video/1', 'vimeo', 61)).toBe('https://player.vimeo.com/video/1#t=61s');
    expect(withStart('https://player.vimeo.com/video/1', 'vimeo', 2)).toBe('https://player.vimeo.com/video/1');
    expect(JSON.parse(seekMessage('youtube', 95))).toMatchObject({ func: 'seekTo', args: [95, true] });
    expect(JSON.parse(seekMessage('vimeo', 61))).toEqual({ method: 'setCurrentTime', value: 61 });
  });
});
