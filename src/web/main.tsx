import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstPageData } from './app/page-data';
import { createRouter } from './app/router';
import { linkManifest } from './features/pwa/manifest-link';
import { watchForNewVersion } from './features/pwa/new-version';
import { afterLoadAndIdle } from './lib/after-load';
import { createQueryClient } from './lib/query-client';
import { rememberReaderTimeZone } from './lib/reader-time-zone';
import './styles.css';

// The Content-Security-Policy allows no eval: zod 4 must not try its compiled ("JIT") parsers, whose
// probe (`new Function('')`) the browser reports as a CSP violation. This is zod's own
// `z.config({ jitless: true })`, set on the object zod keeps its settings in, so that the landing
// page need not load zod to say it. Before any parse: the probe runs at the first object parse.
Object.assign(((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {}), { jitless: true });

// A file of the app missing after a deploy: the update notice offers the new version (new-version.ts).
watchForNewVersion();
// The web app manifest once the page has loaded and is idle, not before its first paint (manifest-link.ts);
// and the reader's time zone, for the pages the server renders (its first Intl call costs a phone tens of ms).
afterLoadAndIdle(
  () => {
    linkManifest();
    rememberReaderTimeZone();
  },
  { settle: false },
);

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
// which a tap would wait). It waits for the page's module (a lazy route) and, signed in, for the API
// answers the page shows (page-data.ts): its first paint is the page itself, not a spinner, then a
// skeleton, then the page.
const pageReady = Promise.all([routerReady(), firstPageData(queryClient, window.location.pathname)]);
if (container.hasChildNodes()) {
  // A page already on screen: a public page prerendered at build time (scripts/prerender.ts), or a
  // student's page the server rendered with the same answers (prerender.tsx). The app takes over the
  // markup that is there (hydration) instead of building it anew, so its first render is that page.
  void pageReady.then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  const root = createRoot(container);
  void pageReady.then(() => startTransition(() => root.render(app)));
}
