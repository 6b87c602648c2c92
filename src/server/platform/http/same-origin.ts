import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: every API write must come from the app's own pages. Browsers say
 * where a request comes from in Sec-Fetch-Site (all current ones) and Origin (older ones too); a
 * request with neither is not a browser's, so it carries no victim's cookie and passes. The
 * session cookie is SameSite=Lax as well; this is the second lock.
 */
export function isCrossSiteWrite(request: FastifyRequest, appOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return origin !== appOrigin && origin !== `${request.protocol}://${request.host}`;
}

export const sameOriginWrites = fp(async (app: FastifyInstance, opts: { appUrl: string }) => {
  const appOrigin = new URL(opts.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    // Every path, not only /api/: the router decodes an encoded path such as /%61pi/... to an API route.
    if (isCrossSiteWrite(request, appOrigin)) {
      throw forbidden('This request came from another site and was refused.');
    }
  });
});
