import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import type { App } from '../../src/server/app';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A clock the test moves by hand; pass `now` to createTestApp/buildApp. */
export function testClock(start = Date.now()) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

let ipCounter = 0;
/** A fresh client address per call, so the per-client send limit (20 an hour) never gets in the way by accident. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export type Mail = { to: string[]; subject: string; text?: string; html?: string; replyTo?: string; from: string };

/** The code in the newest verification mail to an address, or undefined. */
export function codeMailedTo(sent: Mail[], email: string): string | undefined {
  const mail = [...sent].reverse().find((m) => m.to.includes(email) && /verification code/.test(m.subject));
  return mail?.subject.match(/^(\d{6}) /)?.[1];
}

export function requestCode(
  app: App,
  email: string,
  opts: { purpose?: 'login' | 'register'; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/code',
    remoteAddress: opts.ip ?? freshIp(),
    payload: { email, purpose: opts.purpose ?? 'login' },
  });
}

export function login(app: App, email: string, code: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { email, code } });
}

/** `name=value` of the session cookie a response sets, or undefined. */
export function sessionCookieFrom(res: LightMyRequestResponse, name = 'sid'): string | undefined {
  const c = res.cookies.find((x) => x.name === name);
  return c && c.value ? `${name}=${c.value}` : undefined;
}

/** Signs in through the real code flow (fresh client address each time) and returns the response and cookie. */
export async function signInWithCode(
  app: App,
  sent: Mail[],
  email: string,
  opts: { headers?: Record<string, string>; cookieName?: string } = {},
) {
  const r = await requestCode(app, email);
  if (r.statusCode !== 202) throw new Error(`code not sent: ${r.body}`);
  const code = codeMailedTo(sent, email);
  if (!code) throw new Error(`no code was mailed to ${email}`);
  const res = await login(app, email, code, opts.headers);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookieFrom(res, opts.cookieName);
  if (!cookie) throw new Error('no session cookie');
  return { res, cookie };
}

export function get(app: App, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export async function scalar<T = number>(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await pool.query(sql, params);
  return Object.values(rows[0] as object)[0] as T;
}

export async function rows<T = Record<string, unknown>>(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<T[]> {
  const { rows } = await pool.query(sql, params);
  return rows as T[];
}

export const countSessionsOf = (pool: pg.Pool, email: string) =>
  scalar<number>(pool, 'select count(*)::int from sessions s join users u on u.id = s.user_id where u.email = $1', [email]);
