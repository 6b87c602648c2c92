import { LearningMessages, PLAYER_LOAD_TIMEOUT_MS, type VideoUnplayableReason } from '@common/learning-rules';
import { isFramedPlayer, playerEmbed, watchPageUrl } from '@common/video';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DownloadIcon, ExternalLinkIcon, FileTextIcon, RotateCcwIcon, VideoIcon, VideoOffIcon } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { recordVideoUnplayable } from '../api/record-video-progress';
import { VideoFacade } from '@web/components/video-facade';
import { pageOrigin } from '@web/lib/page-origin';
import { useShownOnce, useTrackedVideo } from '@web/widgets/learning-events/use-media-tracking';
import { usePlayerProgress, useVideoReporter, type VideoReportHandler } from '../use-video-progress';
import { withStart } from '../video-playback';

const isVideoFile = (url: string) => /\.(mp4|webm|ogg)(\?|#|$)/i.test(url);

/**
 * The lesson's video: the YouTube or Vimeo player behind a click-to-play button (nothing loads from
 * the host until the student presses play), the browser's own player for a video file, a link for
 * any other site. A video that cannot play here (the player reports an error, or never answers:
 * a school that blocks the site) says why, is reported to the server, and no longer holds up the
 * lesson (decision 030).
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
  const embed = useMemo(() => playerEmbed(url, pageOrigin()), [url]);
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
  const reporting = Boolean(lessonId && onProgress);
  const reporter = useVideoReporter(lessonId ?? '', reporting, onProgress);
  const unplayable = useUnplayable(reporting ? (lessonId ?? null) : null, onProgress);
  // A player that answers after all (a slow network) plays: the notice goes; what the server was told stays.
  const feed = (s: { position: number; duration: number | null; playing: boolean }) => {
    if (unplayable.reason === 'timeout') unplayable.clear();
    reporter.feed(s);
  };
  usePlayerProgress(frame, embed.provider, embed.provider ? new URL(embed.url).origin : '', startAt, feed, unplayable.report);
  // 'Try Again' shows the play button again (a new frame, a new wait).
  const [attempt, setAttempt] = useState(0);
  const slow = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(slow.current), []);
  // A page the server rendered starts loading its video file before the app has taken it over: a
  // failure from that moment reached no handler, and the element keeps it.
  const file = useRef<HTMLVideoElement>(null);
  const { report } = unplayable;
  useEffect(() => {
    if (file.current?.error) report('error');
  }, [attempt, url, report]);
  return (
    <div className="flex flex-col gap-3">
      <div className="relative aspect-video w-full overflow-hidden rounded-xl border bg-slate-950 shadow-sm">
        {isVideoFile(url) ? (
          // Captions come with the host's player; plain files carry none we could offer.
          <video
            key={attempt}
            ref={file}
            src={url}
            onPlay={(e) => {
              onStart?.();
              reporter.feed({ position: e.currentTarget.currentTime, duration: e.currentTarget.duration || null, playing: true });
              // Play pressed on a file that has not loaded: it gets as long as a player does to show a picture.
              const video = e.currentTarget;
              clearTimeout(slow.current);
              if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA)
                slow.current = setTimeout(() => {
                  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) unplayable.report('timeout');
                }, PLAYER_LOAD_TIMEOUT_MS);
            }}
            onLoadedData={() => clearTimeout(slow.current)}
            onError={() => unplayable.report('error')}
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
          <VideoFacade key={attempt} src={src} frameRef={frameRef} title={`Video: ${title}`} label={`${title}. Play video`}>
            <span className="block text-lg font-semibold sm:text-xl">{title}</span>
            <span className="mt-1 block text-sm text-slate-200">Play video</span>
          </VideoFacade>
        )}
      </div>
      {/* Said in a live region, so a screen reader hears it when it happens, while the student waits. */}
      <div role="status">
        {unplayable.reason && (
          <Alert variant="warning" data-testid="video-unplayable">
            <VideoOffIcon aria-hidden="true" />
            <div className="flex min-w-0 flex-col gap-2">
              <p className="font-semibold">{LearningMessages.videoUnplayableTitle}</p>
              <p>{LearningMessages.videoUnplayable(unplayable.reason)}</p>
              <p>{LearningMessages.videoUnplayableWayOn}</p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    unplayable.clear();
                    setFrame(null);
                    setAttempt((n) => n + 1);
                  }}
                >
                  <RotateCcwIcon aria-hidden="true" />
                  Try Again
                </Button>
                <Button asChild variant="outline" size="sm">
                  <a href={watchPageUrl(url)} target="_blank" rel="noopener noreferrer">
                    <ExternalLinkIcon aria-hidden="true" />
                    Open the Video on Its Site
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </Button>
              </div>
            </div>
          </Alert>
        )}
      </div>
    </div>
  );
}

/**
 * Whether the lesson's video could not be played here, and why; the first report per lesson goes
 * to the server (not in the tutor's preview, which writes nothing), whose answer, like a video
 * report's, lets Mark Complete go. A failed call changes nothing: the next failure reports again.
 */
function useUnplayable(lessonId: string | null, onProgress: VideoReportHandler | undefined) {
  const [reason, setReason] = useState<VideoUnplayableReason | null>(null);
  const reported = useRef<string | null>(null);
  const latest = useRef(onProgress);
  latest.current = onProgress;
  useEffect(() => setReason(null), [lessonId]);
  const report = useCallback(
    (why: VideoUnplayableReason) => {
      setReason(why);
      if (!lessonId || reported.current === lessonId) return;
      reported.current = lessonId;
      recordVideoUnplayable(lessonId, { reason: why }).then(
        (answer) => latest.current?.(lessonId, answer),
        () => {
          reported.current = null;
        },
      );
    },
    [lessonId],
  );
  const clear = useCallback(() => setReason(null), []);
  return { reason, report, clear };
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
