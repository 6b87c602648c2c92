import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from './errors';
import type { ViewMode } from '../../../common/auth';
import type { UserRow } from '../db/schema/index';

/** A request's live session: who is signed in, and whether the tutor is previewing as a student. */
export type ActiveSession = { id: string; viewMode: ViewMode; user: UserRow };

/** What the session plugin needs of the sign-in domain: a cookie's token turned into its live session. */
export type SessionResolver = { resolve(token: string): Promise<ActiveSession | null> };

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session of this request, or null; resolved once per request. */
    auth: ActiveSession | null;
  }
}

export type SessionCookie = { name: string; secure: boolean };

export const sessionCookie = (isProduction: boolean): SessionCookie =>
  isProduction ? { name: '__Host-sid', secure: true } : { name: 'sid', secure: false };

export function setSessionCookie(reply: FastifyReply, cookie: SessionCookie, token: string, maxAgeSeconds: number) {
  reply.setCookie(cookie.name, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie) {
  reply.clearCookie(cookie.name, { httpOnly: true, sameSite: 'lax', secure: cookie.secure, path: '/' });
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionResolver; cookie: SessionCookie }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[opts.cookie.name];
    request.auth = token ? await opts.sessions.resolve(token) : null;
  });
});

/**
 * Guards, used as route `onRequest` hooks (they run after the session is resolved above and before
 * the body is even read): a signed-out or unauthorised caller gets 401/403, never a validation
 * answer, and cannot make the server parse a large body. The server decides every permission; the
 * web's guards only mirror these.
 */
export async function requireSession(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
}

export async function requireApproved(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
  const { user } = request.auth;
  if (user.role !== 'admin' && user.approvalStatus !== 'approved') {
    throw forbidden('Your account is waiting for administrator approval.');
  }
}

export async function requireAdmin(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
  if (request.auth.user.role !== 'admin') throw forbidden('Only the administrator can do that.');
}
