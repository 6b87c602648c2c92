import type { FastifyPluginAsync } from 'fastify';
import { MANIFEST_PATH } from '../../../common/web-page';
import { webManifest } from './web-manifest';

/** The web app manifest, named by APP_NAME (see web-manifest.ts). */
export const pwaRoutes: FastifyPluginAsync<{ appName: string }> = async (app, { appName }) => {
  const body = JSON.stringify(webManifest(appName));
  app.get(MANIFEST_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      // Small, and it changes when APP_NAME does: the browser asks again each time.
      .header('Cache-Control', 'no-cache')
      .send(body),
  );
};
