import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactBodySchema } from '../../../common/contact';
import { unauthenticated } from '../../platform/http/errors';
import type { ContactService } from './contact.service';

/** The contact form is for signed-in users only; a signed-out sender is asked to log in. */
async function requireSignedInSender(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated('Please log in to send a message.');
}

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
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
      await contact.send(request.auth!.user, request.body);
      return reply.code(202).send({ ok: true });
    },
  );
};
