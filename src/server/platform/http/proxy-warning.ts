import type { FastifyInstance } from 'fastify';

const HOUR = 60 * 60 * 1000;

export const UNDECLARED_PROXY_WARNING =
  'Requests carry X-Forwarded-For but TRUST_PROXY=0: the app seems to run behind a reverse proxy nobody declared. ' +
  'Every visitor then shares the proxy’s address, so per-client limits are weaker and shared. ' +
  'Set TRUST_PROXY to the number of proxies in front of the app (usually 1).';

/**
 * Warns in the log when a request says it came through a proxy while TRUST_PROXY=0: at the first
 * such request after the start, then at most once an hour, so a forgotten setting is seen without
 * filling the log.
 */
export function warnAboutUndeclaredProxy(app: FastifyInstance, trustProxy: number, now: () => Date = () => new Date()) {
  if (trustProxy !== 0) return;
  let lastWarning: number | undefined;
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-forwarded-for'] === undefined) return;
    const t = now().getTime();
    if (lastWarning !== undefined && t - lastWarning < HOUR) return;
    lastWarning = t;
    app.log.warn(UNDECLARED_PROXY_WARNING);
  });
}
