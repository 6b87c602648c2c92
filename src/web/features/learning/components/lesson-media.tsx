import { isFramedPlayer, playerEmbed } from '@common/video';
import { useCallback, useMemo, useState } from 'react';
import { DownloadIcon, ExternalLinkIcon, FileTextIcon, VideoIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { VideoFacade } from '@web/components/video-facade';
import { useShownOnce, useTrackedVideo } from '@web/widgets/learning-events/use-media-tracking';
import { usePlayerProgress, useVideoReporter, type VideoReportHandler } from '../use-video-progress';
import { withStart } from '../video-playback';

const isVideoFile = (url: string) => /\.(mp4|webm|ogg)(\?|#|$)/i.test(url);

/**
 * The lesson's video: the YouTube or Vimeo player behind a click-to-play button (nothing loads from
 * the host until the student presses play), the browser's own player for a video file, a link for
 * any other site.
 */
export function LessonVideo({
  url,
  title,
  onStart,
  lessonId,
  resumeAt = null,
  onProgress,
}: {
  url: string;
  title: string;
  onStart?: () => void;
  /** With a lesson, the playback is reported to the server (resume on any device, the watched share). */
  lessonId?: string;
  /** Where the student left the video: it starts there. Read once, when the lesson opens. */
  resumeAt?: number | null;
  onProgress?: VideoReportHandler;
}) {
  const player = useTrackedVideo(url, onStart);
  const [startAt] = useState(resumeAt);
  const embed = useMemo(() => playerEmbed(url, window.location.origin), [url]);
  const src = useMemo(() => withStart(player.src, embed.provider, startAt), [player.src, embed.provider, startAt]);
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const trackedRef = player.ref;
  const frameRef = useCallback(
    (el: HTMLIFrameElement | null) => {
      trackedRef(el);
      setFrame(el);
    },
    [trackedRef],
  );
  const reporter = useVideoReporter(lessonId ?? '', Boolean(lessonId && onProgress), onProgress);
  usePlayerProgress(frame, embed.provider, embed.provider ? new URL(embed.url).origin : '', startAt, reporter.feed);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl border bg-slate-950 shadow-sm">
      {isVideoFile(url) ? (
        // Captions come with the host's player; plain files carry none we could offer.
        <video
          src={url}
          onPlay={(e) => {
            onStart?.();
            reporter.feed({ position: e.currentTarget.currentTime, duration: e.currentTarget.duration || null, playing: true });
          }}
          onTimeUpdate={(e) =>
            reporter.feed({
              position: e.currentTarget.currentTime,
              duration: e.currentTarget.duration || null,
              playing: !e.currentTarget.paused,
            })
          }
          onPause={(e) =>
            reporter.feed({ position: e.currentTarget.currentTime, duration: e.currentTarget.duration || null, playing: false })
          }
          onLoadedMetadata={(e) => {
            if (startAt !== null && startAt > 5 && startAt < e.currentTarget.duration - 5) e.currentTarget.currentTime = startAt;
          }}
          controls
          preload="metadata"
          className="absolute inset-0 size-full"
          aria-label={`Video: ${title}`}
        />
      ) : !isFramedPlayer(url) ? (
        // The page frames only the YouTube and Vimeo players (the Content-Security-Policy); any other site opens in its own tab.
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-slate-100">
          <VideoIcon aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-sm text-slate-300">This video is on another website.</p>
          <Button asChild variant="secondary">
            <a href={url} target="_blank" rel="noopener noreferrer" onClick={onStart}>
              <ExternalLinkIcon aria-hidden="true" />
              Watch the Video
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </div>
      ) : (
        <VideoFacade src={src} frameRef={frameRef} title={`Video: ${title}`} label={`${title}. Play video`}>
          <span className="block text-lg font-semibold sm:text-xl">{title}</span>
          <span className="mt-1 block text-sm text-slate-200">Play video</span>
        </VideoFacade>
      )}
    </div>
  );
}

/** The lesson's PDF shown in the page, with a way to open it whole (phones rarely show PDFs inline). */
export function LessonPdf({ url, title, onView }: { url: string; title: string; onView?: () => void }) {
  const shown = useShownOnce<HTMLIFrameElement>(url, onView);
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-2.5">
        <p className="flex items-center gap-2 text-sm font-medium">
          <FileTextIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          Lesson PDF
        </p>
        <Button asChild variant="ghost" size="sm">
          <a href={url} target="_blank" rel="noopener" onClick={onView}>
            <ExternalLinkIcon aria-hidden="true" />
            Open PDF
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
      {/* Our own files show in the page; a PDF on another site only opens in its own tab (the CSP frames no other site). */}
      {url.startsWith('/api/files/') && (
        <iframe ref={shown} src={url} title={`PDF: ${title}`} className="hidden h-[70vh] min-h-[28rem] w-full bg-muted md:block" />
      )}
    </div>
  );
}

export function TutorialDownload({ url, onDownload }: { url: string; onDownload?: () => void }) {
  return (
    <Button asChild variant="outline">
      <a href={url} download target="_blank" rel="noopener" onClick={onDownload}>
        <DownloadIcon aria-hidden="true" />
        Download Tutorial PDF
      </a>
    </Button>
  );
}
