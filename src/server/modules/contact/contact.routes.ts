import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactBodySchema } from '../../../common/contact';
import { ErrorCode } from '../../../common/errors';
import { AppError, tooManyRequests, unauthenticated } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { contactMail } from '../../lib/mail-templates';
import type { Db } from '../../db/client';
import { takeRateLimit } from '../auth/rate-limit';

export type ContactOptions = { db: Db; mailer: Mailer; adminEmail: string; appName: string; mailFrom: string; now: () => Date };

const MESSAGES_PER_HOUR = 10;

/** The contact form is for signed-in users only; the spec's own words for a signed-out sender (§5). */
async function requireSignedInSender(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated('Please log in to send a message.');
}

export const contactRoutes: FastifyPluginAsyncZod<ContactOptions> = async (app, { db, mailer, adminEmail, appName, mailFrom, now }) => {
  app.post(
    '/api/contact',
    {
      onRequest: requireSignedInSender,
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the tutor (signed-in users only)',
        body: contactBodySchema,
        response: { 202: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { user } = request.auth!;
      if (!(await takeRateLimit(db, 'contact', user.id, MESSAGES_PER_HOUR, 60 * 60 * 1000, now()))) {
        throw tooManyRequests('You have sent several messages in the last hour. Please wait a little before sending another.');
      }
      const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
      const mail = contactMail(appName, { name, accountEmail: user.email, replyEmail: request.body.email }, request.body.message);
      try {
        await mailer.send({ from: mailFrom, to: [adminEmail], replyTo: request.body.email, ...mail });
      } catch (err) {
        throw new AppError(
          502,
          ErrorCode.mailFailed,
          'There was an error sending your message. Please try again or contact me directly.',
          'Failed to Send Message',
          { cause: err },
        );
      }
      return reply.code(202).send({ ok: true });
    },
  );
};
