import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markNotificationsReadBodySchema, userNotificationsResponseSchema } from '../../../common/user-notifications';
import { requireSession } from '../../platform/http/guards';
import type { UserNotifications } from './user-notifications.service';

const tags = ['notifications'];

/** The bell: each signed-in person's own items, whatever their role or approval. */
export const userNotificationsRoutes: FastifyPluginAsyncZod<{ userNotifications: UserNotifications }> = async (
  app,
  { userNotifications },
) => {
  app.get(
    '/api/notifications',
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary: "The caller's newest notifications and how many are unread",
        response: { 200: userNotificationsResponseSchema },
      },
    },
    async (request) => userNotifications.list(request.auth!.user.id),
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary: "Marks some or all of the caller's notifications read",
        body: markNotificationsReadBodySchema,
        response: { 200: userNotificationsResponseSchema },
      },
    },
    async (request) => userNotifications.markRead(request.auth!.user.id, request.body),
  );
};
