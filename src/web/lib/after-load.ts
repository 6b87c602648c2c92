/** At the latest this long after it is due, even on a page that is never idle. */
const IDLE_TIMEOUT_MS = 3000;
/**
 * Not before this long after the load event. A page of this app loads before it shows its content
 * (which waits for the API's answers), and the browser looks idle while those answers are on their
 * way: what is deferred here (the service worker, the overlays' code, closed menus and dialogs, the
 * first progress write) must not compete with them or with the render that follows.
 */
const AFTER_LOAD_MS = 1500;

/**
 * Runs `start` once the page has loaded, settled and the browser is idle: the page's own work comes
 * first. `settle: false` skips the wait after the load event (idle is enough).
 */
export function afterLoadAndIdle(start: () => void, { settle = true }: { settle?: boolean } = {}): () => void {
  // Safari has no requestIdleCallback.
  const hasIdle = typeof (window as { requestIdleCallback?: unknown }).requestIdleCallback === 'function';
  let idle: number | undefined;
  let timer: number | undefined;
  const whenIdle = () => {
    timer = undefined;
    idle = hasIdle ? window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(start, 1000);
  };
  const schedule = () => {
    // Measured from the page's load event: later (another screen of the app opened) there is no wait.
    const loaded =
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd || performance.now();
    timer = window.setTimeout(whenIdle, settle ? Math.max(0, loaded + AFTER_LOAD_MS - performance.now()) : 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    window.clearTimeout(timer);
    if (idle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * afterLoadAndIdle as a promise: for a lazy component whose code should wait until the page has
 * settled. At once where a page is rendered on the server (no window): the component is then part of
 * the page's markup, which the browser takes over once its code has come, in its own time.
 */
export const whenSettled = (): Promise<void> =>
  typeof window === 'undefined' ? Promise.resolve() : new Promise((resolve) => void afterLoadAndIdle(resolve));
