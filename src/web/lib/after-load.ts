/** At the latest this long after the load event, even on a page that is never idle. */
const IDLE_TIMEOUT_MS = 3000;

/** Runs `start` once the page has loaded and the browser is idle: the page's own work comes first. */
export function afterLoadAndIdle(start: () => void): () => void {
  // Safari has no requestIdleCallback.
  const hasIdle = typeof (window as { requestIdleCallback?: unknown }).requestIdleCallback === 'function';
  let idle: number | undefined;
  const schedule = () => {
    idle = hasIdle ? window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(start, 1000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
