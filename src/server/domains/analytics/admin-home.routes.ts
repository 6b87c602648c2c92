import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformStatsSchema } from '../../../common/admin';
import { requireAdmin } from '../../platform/http/guards';
import type { AdminHomeService } from './admin-home.service';

export const adminHomeRoutes: FastifyPluginAsyncZod<{ adminHome: AdminHomeService }> = async (app, { adminHome }) => {
  app.get(
    '/api/admin/stats',
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: 'Platform statistics for the admin home', response: { 200: platformStatsSchema } },
    },
    () => adminHome.platformStats(),
  );
};
