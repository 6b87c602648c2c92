import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '../../../common/public-config';

export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: PublicConfig }> = async (app, { config }) => {
  app.get(
    '/api/public-config',
    { schema: { tags: ['public'], summary: 'What the browser may know about this installation', response: { 200: publicConfigSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return config;
    },
  );
};
