import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser is online, kept current by its `online` and `offline` events. The one copy
 * for the whole web: the connection notices and the quiz (which holds its answers while offline)
 * both read it. Prerendered HTML assumes online, so a page does not start with an offline notice.
 */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
