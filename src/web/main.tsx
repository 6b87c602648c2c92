import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstPageData } from './app/page-data';
import { createRouter } from './app/router';
import { linkManifest } from './features/pwa/manifest-link';
import { watchForNewVersion } from './features/pwa/new-version';
import { afterLoadAndIdle } from './lib/after-load';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// The Content-Security-Policy allows no eval: zod 4 must not try its compiled ("JIT") parsers, whose
// probe (`new Function('')`) the browser reports as a CSP violation. This is zod's own
// `z.config({ jitless: true })`, set on the object zod keeps its settings in, so that the landing
// page need not load zod to say it. Before any parse: the probe runs at the first object parse.
Object.assign(((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {}), { jitless: true });

// A file of the app missing after a deploy: the update notice offers the new version (new-version.ts).
watchForNewVersion();
// The web app manifest once the page has loaded and is idle, not before its first paint (manifest-link.ts).
afterLoadAndIdle(() => linkManifest(), { settle: false });

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const queryClient = createQueryClient();
const router = createRouter();
const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>
);

/** Once the router has loaded the page's own module (a lazy route): until then it could render only its fallback. */
const routerReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

// The first render as a transition: React builds the app in slices of a few milliseconds and gives
// the main thread back between them, instead of one long task (on a phone, a few hundred ms in
// which a tap would wait).
if (container.hasChildNodes()) {
  // A public page prerendered at build time (scripts/prerender.ts), already on screen: the app takes
  // over the markup that is there (hydration) instead of building it anew, once the page's module is
  // in, so that its first render is the same page.
  void routerReady().then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // Any other page renders once its module and (signed in) the API answers it waits for are in
  // (page-data.ts): its first paint is the page itself, not a spinner, then a skeleton, then the page.
  const root = createRoot(container);
  void Promise.all([routerReady(), firstPageData(queryClient, window.location.pathname)]).then(() =>
    startTransition(() => root.render(app)),
  );
}
