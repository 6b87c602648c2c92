import { useSyncExternalStore } from 'react';

/*
 * Online or offline, from the browser's events. The app's install and connection notices have
 * their own copy in the pwa feature, which features do not import (eslint.config.js).
 */
function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
