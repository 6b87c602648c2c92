import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchForNewVersion } from './features/pwa/new-version';
import './styles.css';

// The Content-Security-Policy allows no eval: zod 4 must not try its compiled ("JIT") parsers, whose
// probe (`new Function('')`) the browser reports as a CSP violation. This is zod's own
// `z.config({ jitless: true })`, set on the object zod keeps its settings in, so that the landing
// page need not load zod to say it. Before any parse: the probe runs at the first object parse.
Object.assign(((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {}), { jitless: true });

// A file of the app missing after a deploy: the update notice offers the new version (new-version.ts).
watchForNewVersion();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The first render as a transition: React builds the app in slices of a few milliseconds and gives
// the main thread back between them, instead of one long task (on a phone, a few hundred ms in
// which a tap would wait). Nothing is on screen before it anyway.
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
