import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BackupMessages, backupQueuedSchema, backupsOverviewSchema } from '../../../common/backups';
import { requireAdmin } from '../../platform/http/guards';
import type { BackupsService } from './backups.service';

export const backupsRoutes: FastifyPluginAsyncZod<{ backups: BackupsService }> = async (app, { backups }) => {
  app.get(
    '/api/admin/backups',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['backups'],
        summary:
          "The app's backups: the schedule, the folder they go to, the latest runs, and a warning when the last failed or none is recent",
        response: { 200: backupsOverviewSchema },
      },
    },
    () => backups.overview(),
  );

  app.post(
    '/api/admin/backups',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['backups'],
        summary: "'Back Up Now': queues a backup (409 while one is queued or running)",
        response: { 202: backupQueuedSchema },
      },
    },
    async (request, reply) => {
      const run = await backups.request(request.auth!.user.id);
      return reply.code(202).send({ run, message: BackupMessages.queued });
    },
  );
};
