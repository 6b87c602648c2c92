import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VIDEO_FRAME_ORIGINS } from '../../../common/video';

/**
 * What the browser may offer our pages and the frames inside them. The microphone stays for the
 * app's own pages (spoken questions to the tutor); nothing here uses a camera, a location, payments
 * or attached devices, so a script that got in somehow cannot ask for them either. Motion sensors,
 * autoplay, fullscreen and encrypted media stay at the browser's default: the YouTube and Vimeo
 * players ask for them. Only names Chrome knows are listed: it reports an unknown one as an
 * error in the console.
 */
export const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'display-capture=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'idle-detection=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Every API answer that does not choose its own caching: API answers are per person (the session,
 * the course a student studies, the tutor's lists) or change at any moment, and a shared cache that
 * kept one would hand it to the next person behind the same proxy. This rule covers all of /api/,
 * signed in or not, rather than only answers to a session: a public route may answer according to
 * the cookie (GET /api/session), an anonymous answer kept by a proxy would be served to someone
 * signed in, and a public answer can change at once (a revoked certificate). A route that may be
 * cached (the public configuration, a thumbnail) or is kept only by the browser (a PDF it shows)
 * sets its own header.
 */
export const API_CACHE_CONTROL = 'no-store';

/**
 * The WebGL runner (public/webgl-runner.html): the page in which a student's WebGL program draws,
 * inside a sandboxed frame of the course screen (no same origin: no cookies, no storage, no app).
 * Running that program needs inline script and eval, which the app's own policy rightly refuses, so
 * this one page gets a policy of its own: nothing from the network at all, and framed only by us.
 * `sandbox allow-scripts` keeps the page in a unique origin of its own even where it is not loaded by the
 * sandboxed frame (opened directly, or framed by a page that forgot the attribute): its scripts then still
 * reach no cookie, storage or page of the app.
 */
export const WEBGL_RUNNER_PATH = '/webgl-runner.html';
export const WEBGL_RUNNER_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts',
].join('; ');

/**
 * Security headers on every answer (helmet), with a Content-Security-Policy the app works
 * under: scripts only from our own origin (no inline script: the theme runs from /theme-init.js,
 * or, on a prerendered public page, inline under the hash the build wrote down),
 * frames only our own PDFs and the YouTube and Vimeo players, images from any https site (course
 * thumbnails are links the tutor pastes). Inline styles stay allowed: React and the UI libraries
 * set them. HSTS and the https upgrade only in production, where the app is served over TLS.
 * Beside helmet's headers: the Permissions-Policy above, and no caching of API answers unless a
 * route says otherwise.
 * helmet's middleware is built once and applied to every request (docs/decisions/013): the
 * @fastify/helmet plugin built it anew for each request, parsing the whole policy every time.
 */
export const securityHeaders = fp(async (app: FastifyInstance, opts: { isProduction: boolean; scriptHashes?: string[] }) => {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // And, by its hash, the theme script the prerendered public pages carry inline (scripts/prerender.ts).
        scriptSrc: ["'self'", ...(opts.scriptHashes ?? []).map((hash) => `'${hash}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // blob:: the server's read-aloud audio is played from memory; connect-src stays 'self'.
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ["'self'", ...VIDEO_FRAME_ORIGINS],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(opts.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The YouTube player refuses to play without knowing which site embeds it.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Lesson videos and thumbnails come from other sites.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    applyHeaders(request.raw, reply.raw, (err) => {
      if (request.url.split('?')[0] === WEBGL_RUNNER_PATH) reply.raw.setHeader('Content-Security-Policy', WEBGL_RUNNER_CSP);
      done(err as Error | undefined);
    });
  });
  // onSend, not onRequest: it sees what the route chose, and error answers (a 401, a 404) too.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', API_CACHE_CONTROL);
    done(null, payload);
  });
});
