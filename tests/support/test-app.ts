import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { seed } from '../../src/server/seed/seed';
import { loadEnv, type Env } from '../../src/server/platform/env';
import { memoryMailer } from '../../src/server/platform/mail/transport';
import type { Database } from '../../src/server/platform/db/client';
import { createTestDatabase } from './test-db';

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** The whole app, as the server builds it, on a fresh database with a mailer that keeps what it sends. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    seed?: boolean;
    /** A database of the test's own making (one reached through another role, say); else a fresh one. */
    database?: Database & { url: string };
    /** A built web app to serve (index.html and its files), as the server serves dist/web. */
    webRoot?: string;
  } = {},
) {
  const database = options.database ?? (await createTestDatabase());
  // Uploaded files go to a folder of this app's own, removed with it: a fixed folder would mix the files of runs made
  // as different users (one made by root cannot be written by a later run as a normal user).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutor-test-data-'));
  // The app gets its own mailer here, so MAIL_TRANSPORT only satisfies the production check; the
  // admin address is given, since a test of a public-looking server has no dev tools to default it.
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: 'admin@example.com',
    MAIL_TRANSPORT: 'console',
    ...options.env,
  });
  const mailer = memoryMailer();
  if (options.seed !== false) await seed(database.db, { adminEmail: env.adminEmail, isProduction: env.isProduction });
  const app: App = await buildApp({ env, db: database.db, mailer, now: options.now, webRoot: options.webRoot });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The newest code mailed to an address. */
  function lastCodeFor(email: string): string {
    const mail = [...mailer.sent].reverse().find((m) => m.to.includes(email) && /verification code/.test(m.subject));
    const code = mail?.subject.match(/^(\d{6}) /)?.[1];
    if (!code) throw new Error(`no code was mailed to ${email}`);
    return code;
  }

  /** Signs in through the real code flow and returns the session cookie header. */
  async function signIn(email: string): Promise<string> {
    const sent = await app.inject({ method: 'POST', url: '/api/auth/code', payload: { email, purpose: 'login' } });
    if (sent.statusCode !== 202) throw new Error(`code not sent: ${sent.body}`);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, code: lastCodeFor(email) } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    if (!cookie) throw new Error('no session cookie');
    return `sid=${cookie.value}`;
  }

  return { app, env, mailer, db: database.db, pool: database.pool, url: database.url, lastCodeFor, signIn };
}
