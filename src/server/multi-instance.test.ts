import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForCode } from '@test-support/mailbox';
import { startServerProcess, type ServerProcess } from '@test-support/server-process';
import { startSmtpSink } from '@test-support/smtp-sink';

/**
 * Two app processes, started together on two ports, on one empty PostgreSQL database (the
 * `DATABASE_URL` deployment): they migrate once, and sessions, code attempts and send limits are
 * shared, because the app keeps no state of its own.
 */
const SENDS_PER_CLIENT = 6;
let root: string;
let dbName: string;
let dbUrl: string;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let mailbox: string;
const instances: ServerProcess[] = [];

function startInstance(n: number) {
  return startServerProcess({
    DATABASE_URL: dbUrl,
    DATA_DIR: path.join(root, `data-${n}`),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    CODE_SENDS_PER_CLIENT_PER_HOUR: String(SENDS_PER_CLIENT),
  });
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-multi-'));
  mailbox = path.join(root, 'mailbox');
  smtp = await startSmtpSink(mailbox);
  const serverUrl = inject('serverUrl');
  dbName = `multi_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  // Started together: both try to migrate the empty database at once.
  instances.push(...(await Promise.all([startInstance(1), startInstance(2)])));
  await Promise.all(instances.map((i) => i.ready()));
}, 90_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await smtp?.close();
  const admin = new pg.Client({ connectionString: inject('serverUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await fs.rm(root, { recursive: true, force: true });
});

const post = (base: string, route: string, body: object, cookie?: string) =>
  fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('several app instances on one PostgreSQL', () => {
  it('migrate once though they start together', async () => {
    const journal = JSON.parse(await fs.readFile('src/server/platform/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    const applied = await query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied[0]!.n).toBe(journal.entries.length);
    const admins = await query<{ n: number }>(`select count(*)::int as n from users where role = 'admin'`);
    expect(admins[0]!.n).toBe(1);
  });

  it('a session made on one instance works on the other, and signing out there ends it on both', async () => {
    const [a, b] = instances.map((i) => i.url) as [string, string];
    const since = new Date();
    expect((await post(a, '/api/auth/code', { email: 'admin@example.com', purpose: 'login' })).status).toBe(202);
    const code = await waitForCode('admin@example.com', since, mailbox);
    const login = await post(b, '/api/auth/login', { email: 'admin@example.com', code });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    for (const base of [a, b]) expect((await fetch(`${base}/api/me`, { headers: { cookie } })).status).toBe(200);
    expect((await post(a, '/api/auth/logout', {}, cookie)).status).toBe(204);
    for (const base of [a, b]) expect((await fetch(`${base}/api/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('wrong guesses at a code, spread over both instances at once, count together: 5 and no more', async () => {
    const [a, b] = instances.map((i) => i.url) as [string, string];
    const email = 'alice.student@example.com';
    const since = new Date();
    expect((await post(a, '/api/auth/code', { email, purpose: 'login' })).status).toBe(202);
    const code = await waitForCode(email, since, mailbox);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(i % 2 ? a : b, '/api/auth/login', { email, code: wrong }).then((r) => r.status)),
    );
    expect(answers.every((s) => s === 400 || s === 401)).toBe(true);
    const [row] = await query<{ attempts: number }>(
      `select attempts from verification_codes where email = $1 order by created_at desc limit 1`,
      [email],
    );
    expect(row!.attempts).toBe(5);
    // The right code is void now, on either instance.
    for (const base of [a, b]) expect((await post(base, '/api/auth/login', { email, code })).status).not.toBe(200);
  });

  it('one client sending codes to many addresses is limited across both instances', async () => {
    const [a, b] = instances.map((i) => i.url) as [string, string];
    const statuses: number[] = [];
    // Earlier tests sent 2 codes from this client already.
    for (let i = 0; i < SENDS_PER_CLIENT + 2; i++) {
      const res = await post(i % 2 ? a : b, '/api/auth/code', { email: `visitor${i}@example.com`, purpose: 'login' });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(SENDS_PER_CLIENT - 2);
    expect(statuses.slice(SENDS_PER_CLIENT - 2).every((s) => s === 429)).toBe(true);
  });
});
