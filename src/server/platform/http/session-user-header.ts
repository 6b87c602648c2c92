import fp from 'fastify-plugin';
import { SESSION_USER_HEADER } from '../../../common/offline';

/** Every authenticated GET answer says whose it is (see src/common/offline.ts). Registered after the auth plugin. */
export const sessionUserHeader = fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' && request.auth) reply.header(SESSION_USER_HEADER, request.auth.user.id);
    return payload;
  });
});
