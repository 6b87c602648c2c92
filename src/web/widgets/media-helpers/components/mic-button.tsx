import { RECORDING_MAX_SECONDS } from '@common/media-helpers-texts';
import { LoaderCircleIcon, MicIcon, SquareIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useMediaConfig } from '../use-media-config';

// Recording and transcription are their own chunk, fetched when the microphone is first reached for.
const loadRecorder = () => Promise.all([import('../recorder'), import('../api/speech')]);

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

type State = { kind: 'idle' } | { kind: 'recording'; seconds: number } | { kind: 'transcribing' };

const browserCanRecord = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * The tutor composer's microphone: press to record a question, press again to stop
 * (it stops itself after a minute); the words are put in the question box for the student to
 * check and send. Hidden unless the server transcribes (STT_MODEL) and the browser can record.
 */
export function MicButton({
  lessonId,
  disabled,
  onTranscript,
  onStatus,
}: {
  lessonId: string;
  disabled: boolean;
  onTranscript: (text: string) => void;
  /** What the composer shows while recording or transcribing ('Recording 0:07 of 1:00'), null otherwise. */
  onStatus: (status: string | null) => void;
}) {
  const config = useMediaConfig();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const recording = useRef<{ stop(): void; cancel(): void } | null>(null);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      recording.current?.cancel();
      recording.current = null;
    };
  }, [lessonId]);

  useEffect(() => {
    if (state.kind !== 'recording') return;
    const timer = setInterval(() => setState((s) => (s.kind === 'recording' ? { kind: 'recording', seconds: s.seconds + 1 } : s)), 1000);
    return () => clearInterval(timer);
  }, [state.kind]);

  const status =
    state.kind === 'recording'
      ? `Recording ${clock(state.seconds)} of ${clock(RECORDING_MAX_SECONDS)}: press stop when you are done`
      : state.kind === 'transcribing'
        ? 'Transcribing your question...'
        : null;
  useEffect(() => onStatus(status), [status, onStatus]);

  if (!config?.transcription || !browserCanRecord()) return null;

  const start = async () => {
    try {
      const [{ startRecording }, { transcribe }] = await loadRecorder();
      const handle = await startRecording();
      if (!alive.current) return handle.cancel();
      recording.current = handle;
      setState({ kind: 'recording', seconds: 0 });
      const audio = await handle.result;
      recording.current = null;
      if (!alive.current) return;
      setState({ kind: 'transcribing' });
      const text = await transcribe(lessonId, audio);
      if (alive.current && text.trim()) onTranscript(text.trim());
    } catch (err) {
      recording.current = null;
      if (!alive.current) return;
      const title = isApiError(err) ? (err.title ?? 'Transcription Failed') : ((err as { title?: string }).title ?? 'Transcription Failed');
      if (title !== 'Recording Cancelled') {
        toast.error(title, {
          description:
            err instanceof Error && err.message ? err.message : 'Your question could not be transcribed. Please type it instead.',
        });
      }
    } finally {
      if (alive.current) setState({ kind: 'idle' });
    }
  };

  const recordingNow = state.kind === 'recording';
  return (
    <Button
      type="button"
      size="icon"
      variant={recordingNow ? 'destructive' : 'outline'}
      className={cn('shrink-0', recordingNow && 'motion-safe:animate-pulse')}
      // Stays enabled (and focused) while transcribing; a press then does nothing.
      disabled={disabled && state.kind === 'idle'}
      aria-busy={state.kind === 'transcribing' || undefined}
      aria-label={recordingNow ? 'Stop recording' : state.kind === 'transcribing' ? 'Transcribing your question' : 'Ask by voice'}
      title={recordingNow ? 'Stop recording' : `Ask by voice (up to ${RECORDING_MAX_SECONDS} seconds)`}
      onPointerEnter={() => void loadRecorder()}
      onClick={() => (recordingNow ? recording.current?.stop() : state.kind === 'idle' && void start())}
    >
      {state.kind === 'transcribing' ? (
        <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : recordingNow ? (
        <SquareIcon aria-hidden="true" />
      ) : (
        <MicIcon aria-hidden="true" />
      )}
    </Button>
  );
}
