import { afterEach, describe, expect, it } from 'vitest';
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
});
