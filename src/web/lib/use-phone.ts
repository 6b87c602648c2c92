import { useCallback, useSyncExternalStore } from 'react';

/** Below the `md` breakpoint: the phone's layout (the header at the top, the lesson bar at the bottom). */
const PHONE_QUERY = '(max-width: 767.98px)';

/** Whether the screen is a phone's, following it as it changes. */
export function usePhone(): boolean {
  const subscribe = useCallback((changed: () => void) => {
    const list = window.matchMedia(PHONE_QUERY);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, []);
  // A page prerendered at build time (src/web/prerender.tsx) knows no screen: the wide layout, until the browser says.
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
