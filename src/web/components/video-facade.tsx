import { PlayIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';

type Props = {
  /** The player's address; `autoplay=1` is added when the viewer presses play. */
  src: string;
  /** The frame's accessible title. */
  title: string;
  /** The button's accessible name: it starts with the visible text (WCAG 2.5.3), then says what pressing does. */
  label: string;
  /** What the button shows under the play icon. */
  children: ReactNode;
  /** The player's frame, once it is there (the lesson screen listens to it for the start of playback). */
  frameRef?: Ref<HTMLIFrameElement>;
  className?: string;
};

const withAutoplay = (src: string) => {
  const url = new URL(src);
  url.searchParams.set('autoplay', '1');
  return url.toString();
};

/**
 * A video player behind a click-to-play button: nothing is loaded from the video host until the
 * viewer asks for it, so the page stays fast, works under a slow connection and sets no
 * third-party cookies. A new `src` (the next lesson) shows the button again.
 */
export function VideoFacade({ src, title, label, children, frameRef, className }: Props) {
  const [playing, setPlaying] = useState<string | null>(null);
  const ownFrame = useRef<HTMLIFrameElement | null>(null);
  useEffect(() => {
    if (playing) ownFrame.current?.focus();
  }, [playing]);

  if (playing === src) {
    return (
      <iframe
        ref={(frame) => {
          ownFrame.current = frame;
          if (typeof frameRef === 'function') frameRef(frame);
          else if (frameRef) frameRef.current = frame;
        }}
        src={withAutoplay(src)}
        title={title}
        className="absolute inset-0 size-full"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(src)}
      aria-label={label}
      className={
        'group absolute inset-0 flex size-full flex-col items-center justify-center gap-4 bg-[radial-gradient(ellipse_at_center,#312e81_0%,#0f172a_55%,#020617_100%)] text-white focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-indigo-300 ' +
        (className ?? '')
      }
    >
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 opacity-25 [background-image:linear-gradient(rgba(148,163,184,0.18)_1px,transparent_1px),linear-gradient(90deg,rgba(148,163,184,0.18)_1px,transparent_1px)] [background-size:32px_32px]"
      />
      <span className="relative flex size-16 items-center justify-center rounded-full bg-white text-indigo-700 shadow-xl transition-transform group-hover:scale-110 motion-reduce:transition-none sm:size-20">
        <PlayIcon className="ml-1 size-7 fill-current sm:size-9" aria-hidden="true" />
      </span>
      <span className="relative px-4 text-center">{children}</span>
    </button>
  );
}
