/// <reference types="vite-plugin-pwa/vanillajs" />
import { useEffect, useRef, useState } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { afterLoadAndIdle } from '@web/lib/after-load';

/** A long-open tab asks the server for a new version this often (the browser also asks on every page load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/**
 * Registers the service worker once the page has loaded and gone idle (its download and the
 * precaching of the app never compete with the first paint and the page's own requests), and says
 * when a new version waits: it is not used until the student chooses Reload (registerType
 * 'prompt'), which activates it and reloads the page.
 */
export function useServiceWorker() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const update = useRef<((reloadPage?: boolean) => Promise<void>) | null>(null);
  useEffect(() => {
    let timer: number | undefined;
    const cancel = afterLoadAndIdle(() => {
      update.current = registerSW({
        immediate: true,
        onNeedRefresh: () => setNeedRefresh(true),
        onRegisteredSW(_url, registration) {
          if (registration) timer = window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
        },
      });
    });
    return () => {
      cancel();
      window.clearInterval(timer);
    };
  }, []);
  return { needRefresh, reload: () => void update.current?.(true), later: () => setNeedRefresh(false) };
}
