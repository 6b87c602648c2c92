/// <reference types="vite-plugin-pwa/vanillajs" />
import { useEffect, useRef, useState } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { afterLoadAndIdle } from '@web/lib/after-load';
import { loadNewVersion, newVersionDeployed, onNewVersionDeployed } from './new-version';

/** A long-open tab asks the server for a new version this often (the browser also asks on every page load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/**
 * Registers the service worker once the page has loaded and gone idle (its download and the
 * precaching of the app never compete with the first paint and the page's own requests), and says
 * when a new version waits: it is not used until the student chooses Reload (registerType
 * 'prompt'), which activates it and reloads the page. The same notice offers a new version found
 * deployed on the server because a file of the running one is gone (new-version.ts).
 */
export function useServiceWorker() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const [deployed, setDeployed] = useState(newVersionDeployed);
  const update = useRef<((reloadPage?: boolean) => Promise<void>) | null>(null);
  useEffect(() => {
    let timer: number | undefined;
    const stopWatching = onNewVersionDeployed(() => setDeployed(true));
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
      stopWatching();
      cancel();
      window.clearInterval(timer);
    };
  }, []);
  return {
    needRefresh: needRefresh || deployed,
    // A waiting service worker takes over as the page reloads; a deploy found otherwise reloads
    // through new-version.ts, which does the same.
    reload: () => void (needRefresh && update.current ? update.current(true) : loadNewVersion()),
    later: () => {
      setNeedRefresh(false);
      setDeployed(false);
    },
  };
}
