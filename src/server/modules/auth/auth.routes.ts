import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  devLoginBodySchema,
  devToolsResponseSchema,
  meResponseSchema,
  type MeResponse,
  registerBodySchema,
  registeredResponseSchema,
  sendCodeBodySchema,
  verifyLoginBodySchema,
  viewModeBodySchema,
} from '../../../common/auth';
import { DEVICE_ID_PATTERN } from '../../../common/limits';
import type { UserRow } from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import { clearSessionCookie, requireAdmin, requireSession, setSessionCookie, type SessionCookie } from './auth.plugin';
import type { AuthService } from './auth.service';
import type { CodeService } from './codes.service';
import type { ActiveSession, SessionService } from './sessions.service';
import { clientKey } from './rate-limit';
import { toSessionUser } from './user-view';

export type AuthRoutesOptions = {
  auth: AuthService;
  codes: CodeService;
  sessions: SessionService;
  cookie: SessionCookie;
  /** When off, the dev routes still refuse (403) but are left out of the API docs. */
  devTools: boolean;
};

const tags = ['auth'];
const okSchema = z.object({ ok: z.literal(true) });

/** What the browser sees of a session; only an admin has a view mode other than 'admin'. */
const sessionView = ({ user, viewMode }: ActiveSession): MeResponse => ({
  user: toSessionUser(user),
  viewMode: user.role === 'admin' ? viewMode : 'admin',
});

export function deviceIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers['device-id'];
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value) ? value : undefined;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, codes, sessions, cookie, devTools }) => {
  /** Signs the user in on this browser: a new session (and cookie) at every sign-in. */
  async function startSession(request: FastifyRequest, reply: Parameters<typeof setSessionCookie>[0], user: UserRow) {
    const previous = request.cookies[cookie.name];
    if (previous) await sessions.destroy(previous);
    const { token, maxAgeSeconds } = await sessions.create(user.id, {
      deviceId: deviceIdOf(request),
      userAgent: request.headers['user-agent'],
    });
    setSessionCookie(reply, cookie, token, maxAgeSeconds);
    return { user: toSessionUser(user), viewMode: 'admin' as const };
  }

  app.post(
    '/api/auth/code',
    { schema: { tags, summary: 'E-mail a one-time sign-in or registration code', body: sendCodeBodySchema, response: { 202: okSchema } } },
    async (request, reply) => {
      await codes.send(request.body.email, request.body.purpose, clientKey(request.ip));
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { tags, summary: 'Sign in with an e-mailed code', body: verifyLoginBodySchema, response: { 200: meResponseSchema } } },
    async (request, reply) => {
      const user = await auth.login(request.body.email, request.body.code);
      return startSession(request, reply, user);
    },
  );

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create a student account (pending approval) with an e-mailed code',
        body: registerBodySchema,
        response: { 201: registeredResponseSchema },
      },
    },
    async (request, reply) => {
      const { code, ...details } = request.body;
      const user = await auth.register(details, code);
      return reply.code(201).send({ user: toSessionUser(user) });
    },
  );

  app.post('/api/auth/logout', { schema: { tags, summary: 'Sign out of this browser' } }, async (request, reply) => {
    const token = request.cookies[cookie.name];
    if (token) await sessions.destroy(token);
    clearSessionCookie(reply, cookie);
    return reply.code(204).send();
  });

  app.get(
    '/api/me',
    { onRequest: requireSession, schema: { tags, summary: 'The signed-in user', response: { 200: meResponseSchema } } },
    async (request) => sessionView(request.auth!),
  );

  app.get(
    '/api/session',
    {
      schema: {
        tags,
        summary: 'The signed-in user, or null for a visitor (200 either way, so public pages log no error)',
        response: { 200: z.object({ session: meResponseSchema.nullable() }) },
      },
    },
    async (request) => ({ session: request.auth ? sessionView(request.auth) : null }),
  );

  app.put(
    '/api/me/view-mode',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: "Switch the administrator's view (admin or student preview)", body: viewModeBodySchema, response: { 200: meResponseSchema } },
    },
    async (request) => {
      const session = request.auth!;
      await sessions.setViewMode(session.id, request.body.viewMode);
      return { user: toSessionUser(session.user), viewMode: request.body.viewMode };
    },
  );

  app.get(
    '/api/dev/tools',
    {
      schema: {
        tags: ['dev'],
        hide: !devTools,
        summary: 'Development only: the built-in test students for quick login',
        response: { 200: devToolsResponseSchema },
      },
    },
    async () => {
      const testUsers = await auth.testUsers();
      if (!testUsers) throw forbidden('Development tools are disabled in production.');
      return { testUsers };
    },
  );

  app.post(
    '/api/dev/login',
    {
      schema: {
        tags: ['dev'],
        hide: !devTools,
        summary: 'Development only: quick login as a built-in test student',
        body: devLoginBodySchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await auth.devLogin(request.body.email);
      return startSession(request, reply, user);
    },
  );
};
