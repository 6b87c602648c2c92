import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationSettingsBodySchema,
  notificationSettingsResponseSchema,
  nudgeBodySchema,
  nudgeResponseSchema,
  testMailResponseSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '../../../common/notifications';
import { requireAdmin } from '../../platform/http/guards';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];
const tokenParams = z.object({ token: z.string().max(200) });

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  // Mail clients send the one-click opt-out as a form post (List-Unsubscribe=One-Click); its body
  // says nothing the link does not, so it is read and set aside. Only this module's routes see it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  app.get(
    '/api/admin/notification-settings',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Which notifications go out, the reminder text, and the outbox',
        response: { 200: notificationSettingsResponseSchema },
      },
    },
    async () => notifications.settings(),
  );

  app.put(
    '/api/admin/notification-settings',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Turn notifications on or off and edit the reminder text',
        body: notificationSettingsBodySchema,
        response: { 200: notificationSettingsResponseSchema },
      },
    },
    async (request) => notifications.updateSettings(request.body),
  );

  app.post(
    '/api/admin/notifications/nudge',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Send the reminder to the chosen students now (at most once a week each)',
        body: nudgeBodySchema,
        response: { 200: nudgeResponseSchema },
      },
    },
    async (request) => notifications.nudge(request.body.studentIds),
  );

  app.post(
    '/api/admin/notifications/test-mail',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Send a test e-mail to the signed-in tutor through the outbox, and say where it goes (a mail server, or the server's log)",
        response: { 200: testMailResponseSchema },
      },
    },
    async (request) => notifications.sendTestMail(request.auth!.user),
  );

  // The opt-out needs no sign-in: the link's keyed hash names the student. GET only reads, so a
  // mail scanner following the link changes nothing; the page (or a mail client's one-click
  // List-Unsubscribe-Post) sends the POST.
  app.get(
    '/api/unsubscribe/:token',
    {
      schema: {
        tags,
        summary: 'Whose reminder opt-out link this is, and whether it is used',
        params: tokenParams,
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema },
      },
    },
    async (request) => {
      const { firstName, unsubscribed } = await notifications.unsubscribeStatus(request.params.token, request.query.reminders);
      return { firstName, unsubscribed };
    },
  );

  app.post(
    '/api/unsubscribe/:token',
    {
      schema: {
        tags,
        summary:
          'Turn off reminder e-mails for the student of this link: every reminder, or with ?reminders=due only the ' +
          'reminders of due dates (the link of such a reminder)',
        params: tokenParams,
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema },
      },
    },
    async (request) => notifications.unsubscribe(request.params.token, request.query.reminders),
  );
};
