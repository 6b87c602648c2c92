import { PlayIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PREVIEW_ANCHOR } from '@web/app/paths';
import { SectionHeading } from './section-heading';

const VIDEO_SRC = 'https://www.youtube-nocookie.com/embed/KJgsSFOSQv0?autoplay=1';
const VIDEO_TITLE = 'Free sample lesson: C programming (12 minutes)';

/**
 * The free 12-minute sample lesson behind a click-to-play facade: nothing is loaded from the video
 * host until the visitor asks for it, so the page stays fast and sets no third-party cookies.
 */
function VideoFacade() {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl border bg-slate-950 shadow-2xl">
      {playing ? (
        <iframe
          ref={frameRef}
          src={VIDEO_SRC}
          title={VIDEO_TITLE}
          className="absolute inset-0 size-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          aria-label={`Play video: ${VIDEO_TITLE}`}
          className="group absolute inset-0 flex size-full flex-col items-center justify-center gap-4 bg-[radial-gradient(ellipse_at_center,#312e81_0%,#0f172a_55%,#020617_100%)] text-white focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-indigo-300"
        >
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 opacity-25 [background-image:linear-gradient(rgba(148,163,184,0.18)_1px,transparent_1px),linear-gradient(90deg,rgba(148,163,184,0.18)_1px,transparent_1px)] [background-size:32px_32px]"
          />
          <span className="relative flex size-16 items-center justify-center rounded-full bg-white text-indigo-700 shadow-xl transition-transform group-hover:scale-110 motion-reduce:transition-none sm:size-20">
            <PlayIcon className="ml-1 size-7 fill-current sm:size-9" aria-hidden="true" />
          </span>
          <span className="relative px-4 text-center">
            <span className="block text-lg font-semibold sm:text-2xl">Free sample lesson</span>
            <span className="mt-1 block text-sm text-slate-200">C programming · 12 minutes</span>
          </span>
        </button>
      )}
    </div>
  );
}

export function SampleLesson() {
  return (
    <section id={PREVIEW_ANCHOR} aria-labelledby="preview-title" className="scroll-mt-20 border-y bg-card py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <SectionHeading id="preview-title" eyebrow="Free preview" title="Try a lesson before you sign up">
          Watch a complete 12-minute sample lesson and see how the course is taught: one idea at a time, explained in plain words.
        </SectionHeading>
        <div className="mt-12">
          <VideoFacade />
          <p className="mt-4 flex items-center justify-center gap-2 text-center text-xs text-muted-foreground">
            <ShieldCheckIcon className="size-4 shrink-0" aria-hidden="true" />
            The video is loaded from YouTube in privacy-enhanced mode only when you press play.
          </p>
        </div>
      </div>
    </section>
  );
}
