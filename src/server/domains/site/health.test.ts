import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@test-support/test-db';
import { createTestApp } from '@test-support/test-app';
import { buildApp } from '../../app';
import { openDatabase } from '../../platform/db/client';
import { loadEnv } from '../../platform/env';
import { memoryMailer } from '../../platform/mail/transport';

describe('GET /api/health', () => {
  it('answers 200 {status:"ok"} when the database answers, without a session', async () => {
    const { app } = await createTestApp({ seed: false });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 {status:"starting"} while the grading workers warm up, then ok', async () => {
    const database = await createTestDatabase();
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', APP_SECRET: 's'.repeat(32) });
    let warm = false;
    const app = await buildApp({ env, db: database.db, mailer: memoryMailer(), gradingWarm: () => warm });
    try {
      const cold = await app.inject({ method: 'GET', url: '/api/health' });
      expect(cold.statusCode).toBe(503);
      expect(cold.json()).toEqual({ status: 'starting' });
      warm = true;
      const ready = await app.inject({ method: 'GET', url: '/api/health' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });

  it('answers 503 {status:"unavailable"} when the database does not answer', async () => {
    const database = openDatabase('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', APP_SECRET: 's'.repeat(32) });
    const app = await buildApp({ env, db: database.db, mailer: memoryMailer() });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
