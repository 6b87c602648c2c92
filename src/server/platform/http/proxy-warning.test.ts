import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@test-support/test-db';
import { HOUR, MINUTE, testClock } from '@test-support/http';
import { buildApp } from '../../app';
import { loadEnv } from '../env';
import { memoryMailer } from '../mail/transport';
import { UNDECLARED_PROXY_WARNING } from './proxy-warning';

async function appLogging(vars: Record<string, string>, now: () => Date) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const database = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', ADMIN_EMAIL: 'tutor@school.test', ...vars });
  const app = await buildApp({ env, db: database.db, mailer: memoryMailer(), logger: { level: 'info', stream }, now });
  const proxied = () => app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '198.51.100.7' } });
  const warnings = () => lines.filter((l) => l.level === 40 && l.msg === UNDECLARED_PROXY_WARNING).length;
  return { app, proxied, warnings };
}

describe('the warning about an undeclared proxy', () => {
  it('with TRUST_PROXY=0, the first request carrying X-Forwarded-For logs a warning, then at most one an hour', async () => {
    const clock = testClock();
    const { app, proxied, warnings } = await appLogging({}, clock.now);
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
      expect(warnings()).toBe(0);
      await proxied();
      expect(warnings()).toBe(1);
      for (let i = 0; i < 5; i++) {
        clock.advance(10 * MINUTE);
        await proxied();
      }
      expect(warnings()).toBe(1);
      clock.advance(HOUR - 50 * MINUTE);
      await proxied();
      expect(warnings()).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('says nothing when TRUST_PROXY declares the proxy', async () => {
    const { app, proxied, warnings } = await appLogging({ TRUST_PROXY: '1' }, () => new Date());
    try {
      await proxied();
      expect(warnings()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
