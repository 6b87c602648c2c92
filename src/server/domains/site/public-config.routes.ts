import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '../../../common/public-config';

/**
 * The installation's settings: those of the environment, fixed while the server runs, and the school's time zone,
 * which the tutor may change at any time and is read from the database at each call.
 */
export const publicConfigRoutes: FastifyPluginAsyncZod<{
  config: Omit<PublicConfig, 'timeZone'>;
  timeZone: () => Promise<string>;
}> = async (app, { config, timeZone }) => {
  app.get(
    '/api/public-config',
    { schema: { tags: ['public'], summary: 'What the browser may know about this installation', response: { 200: publicConfigSchema } } },
    async (_request, reply) => {
      // Asked again at every page load (no-cache), so a new time zone shows on the next page anyone opens.
      reply.header('Cache-Control', 'no-cache');
      return { ...config, timeZone: await timeZone() };
    },
  );
};
