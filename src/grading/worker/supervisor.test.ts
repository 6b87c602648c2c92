import { afterEach, describe, expect, it } from 'vitest';
import { loadWorkerEnv } from './config';
import { workerEnvironment } from './supervisor';

describe('a grading worker process', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("gets the database and what Node needs, none of the server's other secrets", () => {
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-secret', SMTP_URL: 'smtp://u:p@mail', S3_SECRET_ACCESS_KEY: 'k', APP_SECRET: 's' });
    const env = workerEnvironment('postgres://app@db/app', 3);
    expect(env).toMatchObject({ DATABASE_URL: 'postgres://app@db/app', GRADING_SLOT: '3', PATH: process.env.PATH });
    expect(Object.keys(env).filter((k) => /KEY|SECRET|SMTP|OPENAI|S3_/.test(k))).toEqual([]);
  });

  it('connects with GRADING_DATABASE_URL where given (one environment file for the app and its workers), else DATABASE_URL', () => {
    const app = 'postgres://tutor_app:a@db/tutor';
    const grading = 'postgres://tutor_grading:g@db/tutor';
    expect(loadWorkerEnv({ DATABASE_URL: app, GRADING_DATABASE_URL: grading }).databaseUrl).toBe(grading);
    expect(loadWorkerEnv({ DATABASE_URL: app, GRADING_DATABASE_URL: '' }).databaseUrl).toBe(app);
    expect(() => loadWorkerEnv({})).toThrow(/GRADING_DATABASE_URL \(or DATABASE_URL\) is required/);
    // The server forks its workers with the grading role's address alone, never the app's too.
    Object.assign(process.env, { GRADING_DATABASE_URL: grading, DATABASE_URL: app });
    expect(workerEnvironment(grading, 0)).not.toHaveProperty('GRADING_DATABASE_URL');
  });
});
