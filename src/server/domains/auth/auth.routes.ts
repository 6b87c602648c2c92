import net from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { DEVICE_ID_PATTERN, KNOWN_BROWSER_DAYS } from '../../../common/limits';
import type { UserRow } from '../../platform/db/schema/index';
import { forbidden } from '../../platform/http/errors';
import {
  clearSessionCookie,
  requireAdmin,
  requireSession,
  setSessionCookie,
  type SessionCookie,
  type ActiveSession,
} from '../../platform/http/guards';
import { acceptInvitationBodySchema } from '../../../common/invitations';
import type { InvitationsService } from '../students';
import type { AuthService } from './auth.service';
import type { CodeRequester, CodeService } from './codes.service';
import type { SessionService } from './sessions.service';
import { clientKey } from '../../platform/http/client-key';
import { toSessionUser } from './user-view';

export type AuthRoutesOptions = {
  auth: AuthService;
  codes: CodeService;
  sessions: SessionService;
  invitations: InvitationsService;
  cookie: SessionCookie;
  /** When off, the dev routes still refuse (403) but are left out of the API docs. */
  devTools: boolean;
  /** TRUST_PROXY: with 0, an X-Forwarded-For comes from a proxy nobody declared (or is forged). */
  trustProxy: number;
};

const tags = ['auth'];
const okSchema = z.object({ ok: z.literal(true) });

/** What the browser sees of a session; only an admin has a view mode other than 'admin'. */
const sessionView = ({ user, viewMode }: ActiveSession): MeResponse => ({
  user: toSessionUser(user),
  viewMode: user.role === 'admin' ? viewMode : 'admin',
});

const isLoopbackAddress = (address: string | undefined) => !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));

// The headers reverse proxies add (nginx, Caddy, Apache, Traefik, HAProxy): any of them means relayed.
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'via'];

/**
 * A request made on this machine itself: from a loopback peer (the socket's own address, whatever
 * TRUST_PROXY says) and not relayed by a proxy. A reverse proxy on the same machine also connects
 * from loopback, but the usual ones say so in one of PROXY_HEADERS.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

/**
 * The client a code request counts against. Behind a proxy nobody declared (TRUST_PROXY=0) every
 * visitor arrives from the proxy's address: the proxy's last X-Forwarded-For entry then tells them
 * apart, and all of them together, through that proxy, get a larger allowance of their own. The
 * entry can be forged by a client that reaches the app directly, which is why that allowance
 * stays bounded.
 */
function requesterOf(request: FastifyRequest, trustProxy: number): Omit<CodeRequester, 'device'> {
  const peer = clientKey(request.ip);
  const forwarded = request.headers['x-forwarded-for'];
  if (trustProxy !== 0 || forwarded === undefined) return { client: peer };
  const last = [forwarded].flat().join(',').split(',').at(-1)!.trim();
  return { client: net.isIP(last) ? `${peer}>${clientKey(last)}` : peer, viaProxy: peer };
}

export function deviceIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers['device-id'];
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value) ? value : undefined;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, codes, sessions, invitations, cookie, devTools, trustProxy } = options;
  // A browser that signed in before keeps this mark for months, signed, naming its address only in
  // a keyed hash: with it, strangers' requests and wrong guesses cannot slow its sign-in down.
  const knownCookie = cookie.secure ? '__Host-known' : 'known';
  const knownBrowser = (request: FastifyRequest, email: string) => codes.knownBrowserOf(request.cookies[knownCookie], email);

  if (devTools) {
    app.log.warn(
      'DEVELOPMENT TOOLS ARE ON: quick login as test students and the fixed code answer requests from this machine. Never expose this server; set DEV_TOOLS=off or NODE_ENV=production for real use.',
    );
  }

  /**
   * The back door answers only this machine's own requests, whatever the configuration says. Run
   * after validation, so a malformed body still gets its 400 as on every route.
   */
  async function localOnly(request: FastifyRequest) {
    if (!isLocalRequest(request)) {
      throw forbidden('Development tools answer only requests made on this machine, never through a proxy.');
    }
  }

  /** Signs the user in on this browser: a new session (and cookie) at every sign-in. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    const previous = request.cookies[cookie.name];
    if (previous) await sessions.destroy(previous);
    const { token, maxAgeSeconds } = await sessions.create(user.id, {
      deviceId: deviceIdOf(request),
      userAgent: request.headers['user-agent'],
    });
    setSessionCookie(reply, cookie, token, maxAgeSeconds);
    reply.setCookie(knownCookie, codes.knownBrowserMark(user.email), {
      httpOnly: true,
      sameSite: 'lax',
      secure: cookie.secure,
      path: '/',
      maxAge: KNOWN_BROWSER_DAYS * 24 * 60 * 60,
    });
    return { user: toSessionUser(user), viewMode: 'admin' as const };
  }

  app.post(
    '/api/auth/code',
    { schema: { tags, summary: 'E-mail a one-time sign-in or registration code', body: sendCodeBodySchema, response: { 202: okSchema } } },
    async (request, reply) => {
      const { email, purpose } = request.body;
      await codes.send(email, purpose, { ...requesterOf(request, trustProxy), device: knownBrowser(request, email) });
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { tags, summary: 'Sign in with an e-mailed code', body: verifyLoginBodySchema, response: { 200: meResponseSchema } } },
    async (request, reply) => {
      const { email, code } = request.body;
      const user = await auth.login(email, code, { local: isLocalRequest(request), device: knownBrowser(request, email) });
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
      const user = await auth.register(details, code, knownBrowser(request, details.email));
      return reply.code(201).send({ user: toSessionUser(user) });
    },
  );

  // Accepting an invitation signs the person in: the link came to their mailbox, as a code would.
  app.post(
    '/api/invitations/:token/accept',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation: register approved, enroll in its courses and sign in',
        params: z.object({ token: z.string().max(200) }),
        body: acceptInvitationBodySchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => startSession(request, reply, await invitations.accept(request.params.token, request.body)),
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
      schema: {
        tags,
        summary: "Switch the administrator's view (admin or student preview)",
        body: viewModeBodySchema,
        response: { 200: meResponseSchema },
      },
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
      preHandler: localOnly,
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
      preHandler: localOnly,
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
