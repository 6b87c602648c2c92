import { ShieldCheckIcon } from 'lucide-react';
import { PREVIEW_ANCHOR } from '@web/lib/paths';
import { VideoFacade } from '@web/components/video-facade';
import { SectionHeading } from './section-heading';

const VIDEO_SRC = 'https://www.youtube-nocookie.com/embed/KJgsSFOSQv0';
const VIDEO_TITLE = 'Free sample lesson: C programming (12 minutes)';

export function SampleLesson() {
  return (
    <section id={PREVIEW_ANCHOR} aria-labelledby="preview-title" className="scroll-mt-20 border-y bg-card py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <SectionHeading id="preview-title" eyebrow="Free preview" title="Try a lesson before you sign up">
          Watch a complete 12-minute sample lesson and see how the course is taught: one idea at a time, explained in plain words.
        </SectionHeading>
        <div className="mt-12">
          <div className="relative aspect-video w-full overflow-hidden rounded-2xl border bg-slate-950 shadow-2xl">
            <VideoFacade src={VIDEO_SRC} title={VIDEO_TITLE} label="Free sample lesson: C programming · 12 minutes. Play video">
              <span className="block text-lg font-semibold sm:text-2xl">Free sample lesson</span>
              <span className="mt-1 block text-sm text-slate-200">C programming · 12 minutes</span>
            </VideoFacade>
          </div>
          <p className="mt-4 flex items-center justify-center gap-2 text-center text-xs text-muted-foreground">
            <ShieldCheckIcon className="size-4 shrink-0" aria-hidden="true" />
            The video is loaded from YouTube in privacy-enhanced mode only when you press play.
          </p>
        </div>
      </div>
    </section>
  );
}
