import { PLAYER_ORIGINS, type VideoProvider } from '@common/video';
import type { VideoProgressResponse } from '@common/learning';
import { PLAYER_LOAD_TIMEOUT_MS, VIDEO_REPORT_INTERVAL_MS, type VideoUnplayableReason } from '@common/learning-rules';
import { useEffect, useRef } from 'react';
import { recordVideoProgress } from './api/record-video-progress';
import { createPlaybackMeter, progressSubscriptions, readPlayerMessage, RESUME_MARGIN_SECONDS, seekMessage } from './video-playback';

export type VideoReportHandler = (lessonId: string, report: VideoProgressResponse) => void;

function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * Reports the lesson's video to the server every few seconds while it plays, when it pauses and
 * when the lesson is left. `feed` takes the player's samples (from postMessage or a <video>
 * element); the server's answers go to `onReport`. Nothing is sent in the tutor's preview.
 */
export function useVideoReporter(lessonId: string, enabled: boolean, onReport: VideoReportHandler | undefined) {
  const meter = useRef(createPlaybackMeter());
  const latest = useLatest(onReport);
  const send = useRef(() => {});
  const playing = useRef(false);

  useEffect(() => {
    meter.current = createPlaybackMeter();
    if (!enabled) {
      send.current = () => {};
      return;
    }
    const flush = () => {
      const report = meter.current.take();
      if (!report) return;
      // A lost report only loses a few seconds of credit: no retry, no error shown.
      recordVideoProgress(lessonId, report).then(
        (answer) => latest.current?.(lessonId, answer),
        () => undefined,
      );
    };
    send.current = flush;
    const timer = setInterval(flush, VIDEO_REPORT_INTERVAL_MS);
    window.addEventListener('pagehide', flush);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [lessonId, enabled, latest]);

  return {
    feed: (s: { position: number; duration: number | null; playing: boolean }) => {
      const wasPlaying = playing.current;
      playing.current = s.playing;
      meter.current.sample({ ...s, at: Date.now() });
      // A pause is reported at once: the student may be about to leave or press Mark Complete.
      if (!s.playing && wasPlaying) send.current();
    },
  };
}

/**
 * The YouTube or Vimeo player in `frame`: asks it to report its position (their documented
 * postMessage protocols, no third-party script), feeds the reports to `feed`, and moves it once
 * to `resumeAt` when it first answers (the address already starts there; the seek makes sure).
 * `onUnplayable` hears when the player says it cannot play the video, or has not answered at all
 * PLAYER_LOAD_TIMEOUT_MS after the frame appeared (a network that blocks the video's site).
 */
export function usePlayerProgress(
  frame: HTMLIFrameElement | null,
  provider: VideoProvider | null,
  playerOrigin: string,
  resumeAt: number | null,
  feed: (s: { position: number; duration: number | null; playing: boolean }) => void,
  onUnplayable?: (reason: VideoUnplayableReason) => void,
) {
  const latestFeed = useLatest(feed);
  const latestResume = useLatest(resumeAt);
  const latestUnplayable = useLatest(onUnplayable);

  useEffect(() => {
    if (!frame || !provider) return;
    const origins = PLAYER_ORIGINS[provider];
    let position = 0;
    let duration: number | null = null;
    let playing = false;
    let answered = false;
    let sought = false;
    let tries = 0;
    const post = (message: string) => {
      try {
        frame.contentWindow?.postMessage(message, playerOrigin);
      } catch {
        // The frame went away.
      }
    };
    const subscribe = () => progressSubscriptions(provider).forEach(post);
    const silent = setTimeout(() => {
      if (!answered) latestUnplayable.current?.('timeout');
    }, PLAYER_LOAD_TIMEOUT_MS);
    // The player may not listen yet when the frame has loaded: ask again for a few seconds.
    const retry = setInterval(() => {
      if (answered || ++tries > 10) return clearInterval(retry);
      subscribe();
    }, 1000);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || !origins.includes(event.origin)) return;
      const m = readPlayerMessage(provider, event.data);
      if (!m) return;
      answered = true;
      if (m.error) return latestUnplayable.current?.('error');
      if (m.ready) subscribe();
      const resume = latestResume.current;
      if (!sought && resume !== null && resume >= RESUME_MARGIN_SECONDS) {
        sought = true;
        post(seekMessage(provider, Math.floor(resume)));
      }
      if (m.position !== undefined) position = m.position;
      if (m.duration !== undefined) duration = m.duration;
      if (m.playing !== undefined) playing = m.playing;
      latestFeed.current({ position, duration, playing });
    };
    frame.addEventListener('load', subscribe);
    window.addEventListener('message', onMessage);
    subscribe();
    return () => {
      clearInterval(retry);
      clearTimeout(silent);
      frame.removeEventListener('load', subscribe);
      window.removeEventListener('message', onMessage);
    };
  }, [frame, provider, playerOrigin, latestFeed, latestResume, latestUnplayable]);
}
