import { LoaderCircleIcon, SquareIcon, Volume2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useHydrated } from '@web/lib/use-hydrated';
import { browserCanSpeak } from '../browser-speech';
import { useMediaConfig } from '../use-media-config';

// The player (text splitting, audio, speech synthesis) is its own chunk, fetched on the first press.
const loadPlayer = () => import('../speech-player');

type State = 'idle' | 'loading' | 'playing';

/**
 * 'Listen': reads text aloud with the server's voice when it has one (TTS_MODEL), else
 * the browser's own; pressed again, it stops. Hidden when neither can speak.
 */
export function ListenButton({
  text,
  lessonId,
  label,
  className,
  compact = false,
}: {
  text: string;
  lessonId: string;
  /** What is read, for screen readers: 'Listen to the lesson summary'. */
  label: string;
  className?: string;
  /** A small icon-and-word button (under a chat message). */
  compact?: boolean;
}) {
  const config = useMediaConfig();
  const [state, setState] = useState<State>('idle');
  const run = useRef(0);
  const server = config?.speech === true;
  // The browser's own voice is known only in the browser: a page the server rendered shows the button
  // once the app has taken it over, so that the markup it takes over is the server's.
  const hydrated = useHydrated();

  // Leaving (another lesson, the panel closed) stops this reading, not someone else's.
  useEffect(
    () => () => {
      if (run.current > 0 && activeRun === run.current) void loadPlayer().then((p) => p.stopReading());
    },
    [text],
  );

  if (!text.trim() || (!server && !(hydrated && browserCanSpeak()))) return null;

  const start = async () => {
    const id = ++runs;
    run.current = id;
    activeRun = id;
    setState('loading');
    try {
      const player = await loadPlayer();
      await player.readAloud({
        text,
        lessonId,
        server,
        onPlaying: () => run.current === id && setState('playing'),
        onFallback: (err) =>
          toast.info("Reading with your browser's voice", {
            description: isApiError(err) ? err.message : 'The server could not read this aloud right now.',
          }),
      });
    } catch (err) {
      toast.error(isApiError(err) ? (err.title ?? 'Read Aloud Failed') : 'Read Aloud Failed', {
        description: err instanceof Error && err.message ? err.message : 'This could not be read aloud. Please try again.',
      });
    } finally {
      if (run.current === id) setState('idle');
    }
  };

  const stop = () => {
    run.current = 0;
    setState('idle');
    void loadPlayer().then((p) => p.stopReading());
  };

  const busy = state !== 'idle';
  const Icon = state === 'loading' ? LoaderCircleIcon : busy ? SquareIcon : Volume2Icon;
  return (
    <button
      type="button"
      onClick={busy ? stop : () => void start()}
      onPointerEnter={() => void loadPlayer()}
      aria-label={busy ? `Stop: ${label}` : label}
      title={busy ? 'Stop reading aloud' : label}
      data-state={state}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-md font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        compact ? 'h-7 px-1.5 text-xs hover:bg-background' : 'h-9 px-2.5 text-sm',
        busy && 'text-primary hover:text-primary',
        className,
      )}
    >
      <Icon
        className={cn(compact ? 'size-3.5' : 'size-4', state === 'loading' && 'animate-spin motion-reduce:animate-none')}
        aria-hidden="true"
      />
      <span aria-hidden="true">{busy ? 'Stop' : 'Listen'}</span>
    </button>
  );
}

/** Which press is reading now, across every Listen button of the page (one reading at a time). */
let runs = 0;
let activeRun = 0;
