import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VIDEO_FRAME_ORIGINS } from '../../common/video';

/**
 * Security headers on every answer (helmet), with a Content-Security-Policy the app works
 * under: scripts only from our own origin (no inline script: the theme runs from /theme-init.js),
 * frames only our own PDFs and the YouTube and Vimeo players, images from any https site (course
 * thumbnails are links the tutor pastes). Inline styles stay allowed: React and the UI libraries
 * set them. HSTS and the https upgrade only in production, where the app is served over TLS.
 * helmet's middleware is built once and applied to every request (docs/decisions/013): the
 * @fastify/helmet plugin built it anew for each request, parsing the whole policy every time.
 */
export const securityHeaders = fp(async (app: FastifyInstance, opts: { isProduction: boolean }) => {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // blob:: the server's read-aloud audio is played from memory (issue 9); connect-src stays 'self'.
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
  app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
});
