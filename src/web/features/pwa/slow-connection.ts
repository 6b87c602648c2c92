import { useEffect, useState } from 'react';

/** A notice when the page took more than 3000 ms to load, measured 100 ms after it loaded. */
export const SLOW_LOAD_MS = 3000;
export const SLOW_CHECK_DELAY_MS = 100;

type NavigationTiming = Pick<PerformanceNavigationTiming, 'startTime' | 'loadEventEnd'>;

/** How long the page took to load (navigation start to the end of the load event); null until it has. */
export function pageLoadMs(entry: NavigationTiming | undefined): number | null {
  if (!entry || entry.loadEventEnd <= 0) return null;
  return entry.loadEventEnd - entry.startTime;
}

export const isSlowLoad = (ms: number | null) => ms !== null && ms > SLOW_LOAD_MS;

/**
 * True when this page load was slow; measured once per page. A prerendered page (the landing page,
 * sign-in) has loaded before the app's scripts are even asked for (public/app-start.js): there the
 * load lasts until the app runs, which is now, as this first effect runs.
 */
export function useSlowPageLoad(): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const prerendered = document.querySelector('script[data-entry]') !== null;
    const appRunningAt = prerendered ? performance.now() : 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      timer = setTimeout(() => {
        const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const loaded = pageLoadMs(entry);
        setSlow(isSlowLoad(loaded === null ? null : Math.max(loaded, appRunningAt - (entry?.startTime ?? 0))));
      }, SLOW_CHECK_DELAY_MS);
    };
    if (document.readyState === 'complete') measure();
    else window.addEventListener('load', measure, { once: true });
    return () => {
      window.removeEventListener('load', measure);
      clearTimeout(timer);
    };
  }, []);
  return slow;
}
