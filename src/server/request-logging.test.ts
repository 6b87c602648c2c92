import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@test-support/test-db';
import { buildApp } from './app';
import { loadEnv } from './platform/env';
import { memoryMailer } from './platform/mail/transport';

/** The log lines an app writes at LOG_LEVEL `level` while answering two requests. */
async function linesAt(level: string) {
  const database = await createTestDatabase();
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', LOG_LEVEL: level });
  const app = await buildApp({ env, db: database.db, mailer: memoryMailer(), logger: { level, stream } });
  await app.inject({ method: 'GET', url: '/api/health' });
  await app.inject({ method: 'GET', url: '/api/nowhere' });
  await app.close();
  return lines;
}

describe('request logging', () => {
  it('writes no line per request at the default info level; debug writes one per request and answer', async () => {
    expect((await linesAt('info')).filter((l) => l.req || l.res)).toEqual([]);
    const debug = await linesAt('debug');
    expect(debug.filter((l) => l.msg === 'incoming request')).toHaveLength(2);
    expect(debug.filter((l) => l.msg === 'request completed')).toHaveLength(2);
  });
});
