import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress-plugin';
import { routePreload } from './scripts/route-preload-plugin';
import { notPrecached, routePreloads } from './src/web/app/route-manifest';
import { userDataPlugin } from './src/web/features/pwa/sw-user-data-plugin';

const dir = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

const dist = process.env.DIST_DIR ?? 'dist';

/**
 * The build of src/web/prerender.tsx for Node (`vite build --ssr`, run by `npm run build:web`), which
 * scripts/prerender.ts runs to write the public pages as HTML. The service worker is the browser's
 * only: its registration module is an empty stand-in there (it runs in an effect, never on the server).
 */
const serverStandIns = (): Plugin => ({
  name: 'prerender-stand-ins',
  resolveId: (id) => (id === 'virtual:pwa-register' ? '\0pwa-register-stand-in' : undefined),
  load: (id) => (id === '\0pwa-register-stand-in' ? 'export const registerSW = () => async () => {};' : undefined),
});

// The web app: index.html at the repo root, entry src/web/main.tsx, built into dist/web,
// which the Fastify server serves (falling back to index.html for any non-/api path); the public
// pages also prerendered to HTML (scripts/prerender.ts).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), serverStandIns()] : browserPlugins(),
  resolve: {
    alias: [
      { find: '@common', replacement: dir('./src/common') },
      { find: '@web', replacement: dir('./src/web') },
      // React Router's package names only its development build (every path of its exports), which
      // checks and warns as it renders; its production build, beside it, is the same code without
      // that: a fifth less work for the router in the first render of a page.
      { find: /^react-router$/, replacement: dir('./node_modules/react-router/dist/production/index.mjs') },
      { find: /^react-router\/dom$/, replacement: dir('./node_modules/react-router/dist/production/dom-export.mjs') },
    ],
  },
  build: isSsrBuild
    ? { outDir: `${dist}/prerender`, emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        // DIST_DIR lets two builds (say, two test runs) live side by side; `dist` by default.
        outDir: `${dist}/web`,
        emptyOutDir: true,
        target: 'es2022',
        // The whole point of the split: the landing page never downloads admin code.
        modulePreload: { polyfill: false },
        rolldownOptions: BROWSER_CHUNKS,
      },
  server: {
    // `npm run dev:web` next to `npm run dev` (API on PORT, default 3000).
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`, changeOrigin: false } },
  },
  preview: { port: 4173 },
}));

function browserPlugins() {
  return [
    react(),
    tailwindcss(),
    // The service worker: the app shell precached; the student's own answers network
    // first with the last one kept for offline, one user's only (sw-user-data-plugin.ts). The
    // manifest is the server's (/manifest.webmanifest, named by APP_NAME). 'prompt': a new version
    // waits until the student chooses Reload (src/web/features/pwa/update-prompt.tsx).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        // The tutor's own pages are not downloaded into every student's browser (route-manifest.ts).
        globIgnores: [`**/{${notPrecached().join(',')}}-*.js`],
        navigateFallback: 'index.html',
        // API calls, PDFs opened in a frame and files are never answered with the app's page.
        navigateFallbackDenylist: [/^\/api\//, /\.[a-z0-9]+$/i],
        cleanupOutdatedCaches: true,
        // The first visit is already controlled, so its answers are kept for offline.
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              (url.pathname === '/api/student/dashboard' ||
                /^\/api\/courses\/[^/]+\/learn$/.test(url.pathname) ||
                // A lesson's quiz (never its answers): opened offline, it shows and keeps what the student types.
                /^\/api\/lessons\/[^/]+\/quiz$/.test(url.pathname)),
            method: 'GET',
            handler: 'NetworkFirst',
            options: { cacheName: 'api-data', plugins: [userDataPlugin], expiration: { maxEntries: 50 } },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/files\/[^/]+$/.test(url.pathname),
            method: 'GET',
            handler: 'NetworkFirst',
            options: { cacheName: 'api-files', plugins: [userDataPlugin], expiration: { maxEntries: 30, purgeOnQuotaError: true } },
          },
        ],
      },
    }),
    precompress(),
    // Per page, the route's chunks (and, signed in, the API answers it waits for), which the server
    // adds to index.html as preloads: they download beside the framework instead of after it.
    routePreload(routePreloads()),
  ];
}

const BROWSER_CHUNKS = {
  output: {
    codeSplitting: {
      groups: [
        // The framework every page needs, in one long-cached chunk, with the app's own small
        // pieces that every page (or every public page) runs: src/web/lib (API client, session,
        // theme; keep heavy imports out of it) and the public header's components. One file
        // instead of six tiny ones: on a phone's connection each request of the first paint
        // costs a round trip (Lighthouse: about 0.2 s of LCP).
        {
          name: 'vendor',
          test: new RegExp(
            [
              /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|sonner|clsx|tailwind-merge|class-variance-authority)[\\/]/
                .source,
              // (not the plain-JS SHA-256, which only an insecure context needs: its own chunk)
              /src[\\/]web[\\/]lib[\\/](?!sha256\.)/.source,
              /src[\\/]web[\\/]components[\\/](ui[\\/](button|badge)|site-header|site-footer|logo|theme-toggle|document-title)\.tsx$/
                .source,
              // The API's error codes, which the client and several pages read (a few hundred bytes).
              /src[\\/]common[\\/]error-codes\.ts$/.source,
            ].join('|'),
          ),
          priority: 3,
        },
        // The small Tailwind-only building blocks of the signed-in and form pages, in one file:
        // otherwise half a dozen files of a few hundred bytes, each a request (a round trip on a
        // phone) before the page can paint. Only pieces without Radix: a page that needs none of
        // Radix must not download it through this file. The landing page uses none of them.
        {
          name: 'ui',
          test: /src[\\/]web[\\/]components[\\/](ui[\\/](alert|card|input|progress|skeleton|stat-card|textarea)|page-header|empty-panel)\.tsx$/,
          priority: 1,
        },
        // What every signed-in page shows or the student's two first screens (dashboard, course) need
        // beside their own chunk, in one file: the header (the shell, the bell, their texts), the
        // course artwork, and the lesson's small helpers (video links, Listen, the outline's feedback
        // marks). Otherwise about ten files of one or two kilobytes, each a request on a phone's
        // connection before the page can paint (Lighthouse allows six at a time). Not the closed
        // menus and dialogs, which load when needed, nor anything a public page uses.
        {
          name: 'signed-in',
          test: new RegExp(
            [
              /src[\\/]web[\\/]features[\\/]shell[\\/](shell-layout|shell-model|area-nav|use-unanswered-questions)\.tsx?$/.source,
              /src[\\/]web[\\/]widgets[\\/]notification-bell[\\/](notification-bell\.tsx|api[\\/])/.source,
              /src[\\/]common[\\/](questions-texts|user-notifications-texts|learning-rules|video|reviews-texts)\.ts$/.source,
              /src[\\/]web[\\/]components[\\/]course-art\.tsx$/.source,
              /src[\\/]web[\\/]widgets[\\/]practice[\\/]api[\\/](reviews|practice-keys)\.ts$/.source,
              /src[\\/]web[\\/]widgets[\\/]media-helpers[\\/](components[\\/]listen-button\.tsx|browser-speech\.ts|use-media-config\.ts)$/
                .source,
            ].join('|'),
          ),
          // Below the icons': an icon these use stays in the icons' file, which every page has.
          priority: 1,
        },
        // Icons are tiny; one shared chunk instead of a file per icon. An icon only one page uses
        // stays in that page's chunk (minShareCount), so the landing page does not download the
        // admin screens' icons.
        { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 2, minShareCount: 2 },
      ],
    },
  },
};
