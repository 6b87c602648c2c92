import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from '@test-support/test-app';
import { buildApp } from './app';
import { openDatabase } from './platform/db/client';
import { startEmbeddedPostgres } from './platform/db/embedded';
import { runMigrations } from './platform/db/migrate';
import { files } from './platform/db/schema/index';
import { seed } from './seed/seed';
import { loadEnv } from './platform/env';
import { memoryMailer, smtpMailer } from './platform/mail/transport';
import type { FileStorage } from './platform/storage/storage';
import { ADMIN, ALICE, pdfBytes, uploadPdf } from '@test-support/fixtures/users-and-courses';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('the database goes away and comes back', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean();
  });

  it('answers 503 with a message while PostgreSQL is down, and recovers without a restart', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-faults-'));
    await fs.chmod(dir, 0o755);
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    let server = await startEmbeddedPostgres(dir);
    const port = Number(new URL(server.url).port);
    cleanups.push(() => server.stop());
    const database = openDatabase(server.url, { max: 4 });
    cleanups.push(() => database.close());
    await runMigrations(database.pool);
    await seed(database.db, { adminEmail: ADMIN, isProduction: false });
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const mailer = memoryMailer();
    const app = await buildApp({ env, db: database.db, mailer });
    cleanups.push(() => app.close());
    const login = await app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: ALICE } });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const dashboard = () => app.inject({ method: 'GET', url: '/api/student/dashboard', headers: { cookie } });
    expect((await dashboard()).statusCode).toBe(200);

    // Requests in flight while it stops, and a burst while it is down: 200 or 503, never a 500 or a hang.
    const inFlight = Promise.all(Array.from({ length: 30 }, dashboard));
    await server.stop();
    for (const res of await inFlight) expect([200, 503], res.body).toContain(res.statusCode);
    const burst = await Promise.all(Array.from({ length: 50 }, dashboard));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(50).fill(503));
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    const down = await dashboard();
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toMatch(/temporarily unavailable/);

    // PostgreSQL back on its port: the same app, the same pool, answers again.
    server = await startEmbeddedPostgres(dir, () => {}, { port });
    const deadline = Date.now() + 15_000;
    while ((await app.inject({ method: 'GET', url: '/api/health' })).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('the app did not recover');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await dashboard()).statusCode).toBe(200);
  }, 60_000);
});

describe('the mail server is down', () => {
  it('sign-in says the code could not be sent; nothing else breaks', async () => {
    const port = await closedPort();
    const t = await createTestApp();
    const app = await buildApp({ env: t.env, db: t.db, mailer: smtpMailer(`smtp://127.0.0.1:${port}`) });
    onTestFinished(() => app.close());
    const res = await app.inject({ method: 'POST', url: '/api/auth/code', payload: { email: ALICE, purpose: 'login' } });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ title: 'Failed to Send Code', message: 'Please check your email address and try again.' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const alice = await t.signIn(ALICE);
    expect((await app.inject({ method: 'GET', url: '/api/student/dashboard', headers: { cookie: alice } })).statusCode).toBe(200);
  });
});

describe('the AI provider is down', () => {
  it("the tutor's answer ends in an error event at once, and the rest of the app is unaffected", async () => {
    const port = await closedPort();
    const t = await createTestApp({ env: { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_API_KEY: 'k', AI_MODEL: 'm' } });
    const admin = await t.signIn(ADMIN);
    const courses = (await t.app.inject({ method: 'GET', url: '/api/admin/courses', headers: { cookie: admin } })).json();
    const courseId = courses.courses[0].id as string;
    const learn = (await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}/learn`, headers: { cookie: admin } })).json();
    const lessonId = learn.chapters[0].lessons[0].id as string;
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/lessons/${lessonId}/tutor/messages`,
      headers: { cookie: admin },
      payload: { content: 'What is a pointer?', conversationId: null },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.body).toMatch(/"type":"error"/);
    expect(res.body).not.toMatch(/"type":"done"/);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('the disk is full', () => {
  it('an upload gets a clear 507 with errCode/errMsg and leaves no row behind', async () => {
    const t = await createTestApp();
    const full: FileStorage = {
      put: async () => {
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      },
      get: async () => null,
      delete: async () => {},
    };
    const app = await buildApp({ env: t.env, db: t.db, mailer: t.mailer, storage: full });
    onTestFinished(() => app.close());
    const admin = await t.signIn(ADMIN);
    const before = await t.db.select().from(files);
    const res = await uploadPdf(app, admin, pdfBytes());
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({
      errCode: 'STORAGE_FULL',
      errMsg: expect.stringMatching(/no room left/),
      error: { title: 'Upload Failed' },
    });
    expect(await t.db.select().from(files)).toEqual(before);
  });
});
