/**
 * After a deploy, a tab still running the previous version asks for page files the server no longer
 * has (their names carry a hash of their content): the download fails. The tab then loads the new
 * version once, and never stays on an empty page. Should the files still fail right after that
 * reload (a broken deploy, a proxy keeping old files), the tab does not reload again and again: the
 * page shows the 'A new version is available — Reload' notice instead (new-version-screen.tsx).
 */

/** sessionStorage: when this tab last reloaded for a new version (ms since the epoch). */
export const RELOAD_MARKER = 'app:new-version-reload';
/** A second failure within this long of the reload is not answered by another reload. */
export const RELOAD_GUARD_MS = 60_000;
/** How long the reload waits for a waiting service worker to take over before reloading anyway. */
const TAKEOVER_MS = 3000;

/**
 * A script or style sheet of the app that could not be downloaded: the browsers' messages for a
 * failed dynamic import (Chromium, WebKit, Firefox) and Vite's for a failed preload of a chunk's
 * CSS or imports.
 */
export function isAssetLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
    message,
  );
}

let reloading = false;

/** True once a reload for the new version has started in this document. */
export const isReloadingForNewVersion = () => reloading;

function recentlyReloaded(now: number): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(RELOAD_MARKER));
    return Number.isFinite(at) && at > 0 && now - at < RELOAD_GUARD_MS;
  } catch {
    // No storage (blocked): one reload per document is all that can be told apart; take none.
    return true;
  }
}

/**
 * Starts loading the new version, unless this tab already did so a moment ago: true when the page
 * is about to reload, false when it is not (the caller then shows the notice).
 */
export function reloadForNewVersion(now = Date.now()): boolean {
  if (reloading) return true;
  if (recentlyReloaded(now)) return false;
  try {
    window.sessionStorage.setItem(RELOAD_MARKER, String(now));
  } catch {
    return false;
  }
  reloading = true;
  void loadNewVersion();
  return true;
}

/**
 * The reload itself. A tab the service worker controls would otherwise get the previous version's
 * page from the worker's cache again: the worker is asked to look for the new version first, and a
 * new worker waiting for its turn takes over (the same step as the notice's Reload) before the
 * page reloads from it.
 */
export async function loadNewVersion(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration && navigator.serviceWorker.controller) {
      await withTimeout(registration.update(), TAKEOVER_MS);
      const worker = registration.waiting ?? registration.installing;
      if (worker) {
        const tookOver = new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        );
        worker.postMessage({ type: 'SKIP_WAITING' });
        await withTimeout(tookOver, TAKEOVER_MS);
      }
    }
  } catch {
    // No worker, or it did not answer: the plain reload below still asks the server for the page.
  }
  window.location.reload();
}

const withTimeout = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.catch(() => undefined), new Promise<void>((resolve) => window.setTimeout(resolve, ms))]);

/** The entry script of a page's HTML: `/assets/index-<hash>.js`, whose name changes with every build. */
const ENTRY = /\/assets\/index-[\w-]+\.js/;

/** The entry script of the version running in this tab (named by index.html, or added by app-start.js on a prerendered page). */
function runningEntry(): string | undefined {
  for (const script of Array.from(document.scripts)) {
    const name = ENTRY.exec(script.src)?.[0];
    if (name) return name;
  }
  return undefined;
}

/**
 * What a failed download means, asked of the server without asking for the failed file again:
 * 'missing', the server's app page names another entry script than the one running here, so a new
 * version was deployed and the running one's files are gone; 'present', the same version (a passing
 * glitch); 'unreachable', no answer (offline, the server restarting), when a reload would only
 * replace the page with the browser's own error page.
 */
export async function failedAssetStatus(): Promise<'missing' | 'present' | 'unreachable'> {
  let served: string | undefined;
  try {
    // The app's plain page, a file of the build; the query keeps the service worker's copy (the running version) out of it.
    const res = await fetch(`/index.html?version-check=${Date.now()}`, { cache: 'no-store' });
    served = ENTRY.exec(await res.text())?.[0];
  } catch {
    return 'unreachable';
  }
  const running = runningEntry();
  return served && running && served !== running ? 'missing' : 'present';
}

/** A new version was found deployed while the page was open; the update notice offers it (use-service-worker.ts). */
let deployed = false;
const listeners = new Set<() => void>();

export const newVersionDeployed = () => deployed;
export function onNewVersionDeployed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Vite's signal that a chunk's preload (its CSS or the chunks it imports) failed. A page the
 * visitor opens reloads by itself (the router's error screen, new-version-screen.tsx); a file
 * fetched in the background (the service worker's script, the tutor's panel) is no reason to reload
 * under the visitor's hands, where they may be typing: the update notice offers the new version.
 */
export function watchForNewVersion(): void {
  window.addEventListener('vite:preloadError', () => {
    void failedAssetStatus().then((status) => {
      if (status !== 'missing' || deployed) return;
      deployed = true;
      for (const listener of listeners) listener();
    });
  });
}
