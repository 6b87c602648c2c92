import { CANVAS_SIZE, type CanvasImageBody } from '@common/practice';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { cn } from '@web/lib/cn';
import { canvasImageBody } from './canvas-sample';

/** The runner page, served with its own Content-Security-Policy (it must run the student's code). */
export const WEBGL_RUNNER_URL = '/webgl-runner.html';
const RENDER_TIMEOUT_MS = 10_000;

export type RenderOutcome = { image: CanvasImageBody | null; errors: string[] };
export type WebglCanvasHandle = { render: (code: string) => Promise<RenderOutcome> };

type RunnerMessage =
  | { source: 'webgl-runner'; type: 'ready' }
  | { source: 'webgl-runner'; type: 'rendered'; pixels: ArrayBuffer | null; width: number; height: number; errors: string[] };

const isRunnerMessage = (data: unknown): data is RunnerMessage =>
  typeof data === 'object' && data !== null && (data as { source?: unknown }).source === 'webgl-runner';

/**
 * A live canvas for WebGL code, in a sandboxed frame (scripts only, no same-origin: the code cannot
 * reach the app). Each render loads a fresh frame, sends the code once the frame says it is ready,
 * and resolves with the picture (sampled for the server) and the errors the code raised.
 */
export const WebglCanvas = forwardRef<WebglCanvasHandle, { title: string; className?: string }>(function WebglCanvas(
  { title, className },
  ref,
) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [run, setRun] = useState(0);
  const pending = useRef<{ code: string; resolve: (outcome: RenderOutcome) => void; timer: number } | null>(null);

  useImperativeHandle(ref, () => ({
    render: (code) =>
      new Promise<RenderOutcome>((resolve) => {
        const previous = pending.current;
        if (previous) {
          clearTimeout(previous.timer);
          previous.resolve({ image: null, errors: ['Replaced by a newer run.'] });
        }
        const timer = window.setTimeout(() => {
          if (pending.current?.resolve !== resolve) return;
          pending.current = null;
          resolve({
            image: null,
            errors: [`The canvas did not answer within ${RENDER_TIMEOUT_MS / 1000} seconds. Reload the page and try again.`],
          });
        }, RENDER_TIMEOUT_MS);
        pending.current = { code, resolve, timer };
        setRun((n) => n + 1);
      }),
  }));

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow || !isRunnerMessage(event.data)) return;
      const job = pending.current;
      if (!job) return;
      const data = event.data;
      if (data.type === 'ready') {
        // The frame's origin is opaque (sandboxed), so no narrower target than '*' can be named.
        frame.current.contentWindow?.postMessage({ type: 'run', code: job.code, ...CANVAS_SIZE }, '*');
        return;
      }
      clearTimeout(job.timer);
      pending.current = null;
      let image: CanvasImageBody | null = null;
      const errors = Array.isArray(data.errors) ? data.errors.map(String) : [];
      if (data.pixels) {
        try {
          image = canvasImageBody(new Uint8Array(data.pixels), data.width, data.height);
        } catch (error) {
          errors.push(error instanceof Error ? error.message : 'The picture could not be read.');
        }
      }
      job.resolve({ image, errors });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <div
      className={cn('relative w-full overflow-hidden rounded-lg border bg-black', className)}
      style={{ maxWidth: CANVAS_SIZE.width, aspectRatio: `${CANVAS_SIZE.width} / ${CANVAS_SIZE.height}` }}
    >
      {run === 0 ? (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-slate-300">
          The picture appears here when you run the code.
        </p>
      ) : (
        <iframe
          key={run}
          ref={frame}
          title={title}
          src={WEBGL_RUNNER_URL}
          sandbox="allow-scripts"
          className="absolute inset-0 size-full border-0"
        />
      )}
    </div>
  );
});
