import { playerEmbed } from '@common/video';
import { useEffect, useMemo, useRef, useState } from 'react';
import { pageOrigin } from '@web/lib/page-origin';
import { watchVideoStart } from './video-start';

function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * The embedded player's address and a ref for its iframe: YouTube and Vimeo players then report
 * the start of playback to `onStart`. Other hosts cannot report it (not tracked).
 */
export function useTrackedVideo(embedUrl: string, onStart?: () => void) {
  // A callback ref: the frame may appear later (behind a click-to-play button).
  const [frame, ref] = useState<HTMLIFrameElement | null>(null);
  const player = useMemo(() => playerEmbed(embedUrl, pageOrigin()), [embedUrl]);
  const latest = useLatest(onStart);

  useEffect(() => {
    if (!frame || !player.provider) return;
    return watchVideoStart(frame, player.provider, new URL(player.url).origin, () => latest.current?.(), window);
  }, [frame, player, latest]);

  return { ref, src: player.url };
}

/**
 * A ref for an element: `onShown` runs once it is at least partly in the viewport (a hidden
 * element never is), and again after `key` changes (the next lesson).
 */
export function useShownOnce<T extends Element>(key: string, onShown?: () => void) {
  const ref = useRef<T>(null);
  const latest = useLatest(onShown);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        latest.current?.();
      },
      { threshold: 0.2 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [key, latest]);

  return ref;
}
