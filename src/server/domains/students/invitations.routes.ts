import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invitationPreviewSchema,
  invitationResponseSchema,
  invitationsResponseSchema,
  inviteBodySchema,
  inviteResponseSchema,
} from '../../../common/invitations';
import { requireId } from '../../platform/http/ids';
import { requireAdmin } from '../../platform/http/guards';
import type { InvitationsService } from './invitations.service';

const tags = ['invitations'];
const idParams = z.object({ invitationId: z.string() });

/** The tutor's invitations, and the public page of an invitation link (accepting it signs in: auth.routes.ts). */
export const invitationsRoutes: FastifyPluginAsyncZod<{ invitations: InvitationsService }> = async (app, { invitations }) => {
  app.post(
    '/api/admin/invitations',
    {
      onRequest: requireAdmin,
      // A list of 1,000 rows with names fits well under this.
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        summary: 'Invite a list of addresses (CSV or pasted) into the chosen courses',
        body: inviteBodySchema,
        response: { 200: inviteResponseSchema },
      },
    },
    async (request) => ({ results: await invitations.invite(request.body) }),
  );

  app.get(
    '/api/admin/invitations',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'Invitations, newest first, with their status', response: { 200: invitationsResponseSchema } },
    },
    async () => ({ invitations: await invitations.list() }),
  );

  app.post(
    '/api/admin/invitations/:invitationId/resend',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'Send an invitation again with a new link', params: idParams, response: { 200: invitationResponseSchema } },
    },
    async (request) => ({ invitation: await invitations.resend(requireId(request.params.invitationId, 'Invitation not found')) }),
  );

  app.post(
    '/api/admin/invitations/:invitationId/cancel',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Withdraw an invitation; its link stops working',
        params: idParams,
        response: { 200: invitationResponseSchema },
      },
    },
    async (request) => ({ invitation: await invitations.cancel(requireId(request.params.invitationId, 'Invitation not found')) }),
  );

  app.get(
    '/api/invitations/:token',
    {
      schema: {
        tags,
        summary: 'The invitation behind a link: address, names and courses (404 unknown, 410 used, expired or withdrawn)',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: invitationPreviewSchema },
      },
    },
    async (request) => invitations.preview(request.params.token),
  );
};
