import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

const base = { NODE_ENV: 'test' };

function errorOf(source: Record<string, string>): EnvError {
  try {
    loadEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return err as EnvError;
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`);
}

describe('loadEnv', () => {
  it('has working defaults for development', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      isProduction: false,
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      adminEmail: 'admin@example.com',
      appUrl: 'http://localhost:3000',
      appName: 'CodeTutor',
      mailFrom: 'CodeTutor <admin@example.com>',
      devLoginCode: '123456',
      appSecret: undefined,
      smtpUrl: undefined,
    });
    expect(env.dataDir).toBe(path.resolve('./data'));
  });

  it('reads and normalises the variables', () => {
    const env = loadEnv({
      ...base,
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5432/tutor',
      ADMIN_EMAIL: 'Tutor@School.TEST',
      APP_URL: 'https://tutor.example.com/',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      DEV_LOGIN_CODE: '000111',
      APP_SECRET: 'x'.repeat(32),
    });
    expect(env).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://u:p@db:5432/tutor',
      adminEmail: 'tutor@school.test',
      appUrl: 'https://tutor.example.com',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      devLoginCode: '000111',
      appSecret: 'x'.repeat(32),
      mailFrom: 'CodeTutor <tutor@school.test>',
    });
  });

  it("takes the grading workers' own role on DATABASE_URL's database", () => {
    const app = 'postgres://tutor_app:a@db:5432/tutor';
    expect(loadEnv({ ...base, DATABASE_URL: app, GRADING_DATABASE_URL: 'postgres://tutor_grading:g@db:5432/tutor' })).toMatchObject({
      databaseUrl: app,
      gradingDatabaseUrl: 'postgres://tutor_grading:g@db:5432/tutor',
    });
    expect(loadEnv({ ...base, DATABASE_URL: app })).toMatchObject({ gradingDatabaseUrl: undefined });
    expect(errorOf({ ...base, GRADING_DATABASE_URL: 'postgres://g:g@db/tutor' }).message).toMatch(
      /GRADING_DATABASE_URL needs DATABASE_URL/,
    );
    expect(errorOf({ ...base, DATABASE_URL: app, GRADING_DATABASE_URL: 'postgres://db/tutor' }).message).toMatch(/must name its role/);
    expect(errorOf({ ...base, DATABASE_URL: app, GRADING_DATABASE_URL: 'postgres://tutor_app:a@db/tutor' }).message).toMatch(
      /another role than DATABASE_URL's/,
    );
  });

  it('treats empty optional URLs as unset', () => {
    expect(loadEnv({ ...base, DATABASE_URL: '', SMTP_URL: '  ' })).toMatchObject({ databaseUrl: undefined, smtpUrl: undefined });
  });

  it.each(['abc', '70000', '-1', '3.5'])('a bad PORT (%s) stops with a message naming PORT', (PORT) => {
    const err = errorOf({ ...base, PORT });
    expect(err.message).toMatch(/^Invalid configuration:/);
    expect(err.message).toMatch(/^\s+PORT: /m);
    expect(err.message).not.toMatch(/DATABASE_URL/);
  });

  it.each(['not a url', 'mysql://u@db/tutor', 'http://db:5432/tutor'])(
    'a bad DATABASE_URL (%s) stops with a message naming it',
    (DATABASE_URL) => {
      const err = errorOf({ ...base, DATABASE_URL });
      expect(err.message).toMatch(/^\s+DATABASE_URL: DATABASE_URL must be a URL/m);
    },
  );

  it('production without ADMIN_EMAIL fails, naming ADMIN_EMAIL', () => {
    const err = errorOf({ NODE_ENV: 'production' });
    expect(err.message).toContain('ADMIN_EMAIL: ADMIN_EMAIL is required in production');
  });

  it('production with ADMIN_EMAIL and SMTP_URL is fine', () => {
    const env = loadEnv({ NODE_ENV: 'production', ADMIN_EMAIL: 'tutor@school.test', SMTP_URL: 'smtp://mail.school.test' });
    expect(env.isProduction).toBe(true);
    expect(env.adminEmail).toBe('tutor@school.test');
  });

  it.each([
    [{ ADMIN_EMAIL: 'not-an-address' }, 'ADMIN_EMAIL'],
    [{ APP_URL: 'ftp://example.com' }, 'APP_URL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ DEV_LOGIN_CODE: '12345' }, 'DEV_LOGIN_CODE: DEV_LOGIN_CODE must be 6 digits'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET: APP_SECRET must be at least 32 characters'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('other bad values name their variable: %j', (vars, expected) => {
    expect(errorOf({ ...base, ...vars }).message).toContain(expected);
  });

  it('lists every bad variable at once', () => {
    const err = errorOf({ ...base, PORT: 'abc', DATABASE_URL: 'nope' });
    expect(err.message).toMatch(/PORT: /);
    expect(err.message).toMatch(/DATABASE_URL: /);
  });

  it('an empty variable means unset, and PORT takes decimal digits only', () => {
    expect(loadEnv({ ...base, PORT: '' }).port).toBe(3000);
    expect(loadEnv({ ...base, DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
    expect(errorOf({ ...base, PORT: '0x10' }).message).toMatch(/PORT: PORT must be a whole number/);
    expect(errorOf({ ...base, PORT: '70000' }).message).toMatch(/PORT must be between 0 and 65535/);
  });

  it('TRUST_PROXY is a number of proxy hops, 0 by default', () => {
    expect(loadEnv(base).trustProxy).toBe(0);
    expect(loadEnv({ ...base, TRUST_PROXY: '1', ADMIN_EMAIL: 'tutor@school.test' }).trustProxy).toBe(1);
    expect(errorOf({ ...base, TRUST_PROXY: 'yes' }).message).toMatch(/TRUST_PROXY/);
  });

  it('a URL with the wrong scheme names the variable and the schemes it takes', () => {
    expect(errorOf({ ...base, DATABASE_URL: 'mysql://x/y' }).message).toMatch(
      /DATABASE_URL: DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//,
    );
  });

  it('the development back door is on outside production only on a loopback HOST, unless DEV_TOOLS says otherwise', () => {
    expect(loadEnv(base).devTools).toBe(true);
    expect(loadEnv({ ...base, HOST: 'localhost' }).devTools).toBe(true);
    expect(loadEnv({ ...base, HOST: '0.0.0.0', ADMIN_EMAIL: 'tutor@school.test' }).devTools).toBe(false);
    expect(loadEnv({ ...base, HOST: '0.0.0.0', DEV_TOOLS: 'on' }).devTools).toBe(true);
    expect(loadEnv({ ...base, DEV_TOOLS: 'off', ADMIN_EMAIL: 'tutor@school.test' }).devTools).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', ADMIN_EMAIL: 'tutor@school.test', MAIL_TRANSPORT: 'console' }).devTools).toBe(false);
    expect(errorOf({ NODE_ENV: 'production', ADMIN_EMAIL: 'tutor@school.test', DEV_TOOLS: 'on' }).message).toMatch(
      /DEV_TOOLS: DEV_TOOLS cannot be on in production/,
    );
  });

  it('DEV_TOOLS=auto turns the tools on only where the app is plainly local: loopback HOST and APP_URL, no proxy declared', () => {
    const admin = { ADMIN_EMAIL: 'tutor@school.test' };
    expect(loadEnv({ ...base, APP_URL: 'http://localhost:3000' }).devTools).toBe(true);
    expect(loadEnv({ ...base, APP_URL: 'http://127.0.0.1:8080/' }).devTools).toBe(true);
    expect(loadEnv({ ...base, APP_URL: 'http://[::1]:3000' }).devTools).toBe(true);
    // the review's case: loopback HOST behind a reverse proxy, public APP_URL, TRUST_PROXY=1, NODE_ENV forgotten
    expect(loadEnv({ ...admin, HOST: '127.0.0.1', APP_URL: 'https://tutor.school.test', TRUST_PROXY: '1' }).devTools).toBe(false);
    expect(loadEnv({ ...base, ...admin, APP_URL: 'https://tutor.school.test' }).devTools).toBe(false);
    expect(loadEnv({ ...base, ...admin, TRUST_PROXY: '1' }).devTools).toBe(false);
    expect(loadEnv({ ...base, ...admin, HOST: '::' }).devTools).toBe(false);
    // an explicit DEV_TOOLS=on outside production still wins
    expect(loadEnv({ ...base, ...admin, APP_URL: 'https://tutor.school.test', DEV_TOOLS: 'on' }).devTools).toBe(true);
  });

  it('ADMIN_EMAIL does not default to admin@example.com unless the dev tools are on', () => {
    expect(loadEnv(base).adminEmail).toBe('admin@example.com');
    const notLocal: Record<string, string>[] = [
      { APP_URL: 'https://tutor.school.test' },
      { TRUST_PROXY: '1' },
      { HOST: '0.0.0.0' },
      { DEV_TOOLS: 'off' },
    ];
    for (const vars of notLocal) {
      expect(errorOf({ ...base, ...vars }).message).toMatch(/ADMIN_EMAIL: ADMIN_EMAIL is required unless the development tools are on/);
      expect(loadEnv({ ...base, ...vars, ADMIN_EMAIL: 'tutor@school.test' }).adminEmail).toBe('tutor@school.test');
    }
  });

  it('production without SMTP_URL stops the start (codes would be printed in the log) unless MAIL_TRANSPORT=console says it is meant', () => {
    const prod = { NODE_ENV: 'production', ADMIN_EMAIL: 'tutor@school.test' };
    expect(errorOf(prod).message).toMatch(/SMTP_URL: SMTP_URL is required in production .*MAIL_TRANSPORT=console/);
    expect(loadEnv({ ...prod, MAIL_TRANSPORT: 'console' }).mailTransport).toBe('console');
    expect(loadEnv({ ...prod, SMTP_URL: 'smtp://mail.school.test' }).mailTransport).toBe('smtp');
    expect(loadEnv(base).mailTransport).toBe('console');
    expect(loadEnv({ ...base, SMTP_URL: 'smtp://mail.school.test', MAIL_TRANSPORT: 'console' }).mailTransport).toBe('console');
    expect(errorOf({ ...base, MAIL_TRANSPORT: 'smtp' }).message).toMatch(/MAIL_TRANSPORT: MAIL_TRANSPORT=smtp needs SMTP_URL/);
    expect(errorOf({ ...base, MAIL_TRANSPORT: 'pigeon' }).message).toMatch(/MAIL_TRANSPORT/);
  });

  it('ADMIN_EMAIL cannot be a built-in test student (quick login would make anyone the admin)', () => {
    expect(errorOf({ ...base, ADMIN_EMAIL: 'alice.student@example.com' }).message).toMatch(/ADMIN_EMAIL: ADMIN_EMAIL cannot be/);
  });

  describe('object storage (S3_*)', () => {
    const s3 = { S3_BUCKET: 'tutor-files', S3_ACCESS_KEY_ID: 'AKIA123', S3_SECRET_ACCESS_KEY: 'secret' };

    it('is off by default: files stay under DATA_DIR', () => {
      expect(loadEnv(base).s3).toBeUndefined();
    });

    it('reads a complete set, with us-east-1 as the default region', () => {
      expect(loadEnv({ ...base, ...s3 }).s3).toEqual({
        endpoint: undefined,
        bucket: 'tutor-files',
        accessKeyId: 'AKIA123',
        secretAccessKey: 'secret',
        region: 'us-east-1',
      });
      expect(loadEnv({ ...base, ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'auto' }).s3).toMatchObject({
        endpoint: 'http://127.0.0.1:9000',
        region: 'auto',
      });
    });

    it.each([
      [{ S3_BUCKET: 'tutor-files' }, /S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required when S3_BUCKET is set/],
      [{ S3_BUCKET: 'tutor-files', S3_ACCESS_KEY_ID: 'k' }, /S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required when S3_BUCKET is set/],
      [
        { S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' },
        /S3_BUCKET: S3_BUCKET is required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set/,
      ],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET: S3_BUCKET is required when S3_ENDPOINT is set/],
      [{ ...s3, S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: S3_ENDPOINT must be a URL starting with http:\/\/ or https:\/\//],
      [{ ...s3, S3_BUCKET: 'Tutor_Files' }, /S3_BUCKET: S3_BUCKET must be a bucket name/],
      [{ ...s3, S3_BUCKET: 'ab' }, /S3_BUCKET: S3_BUCKET must be a bucket name/],
      [{ ...s3, S3_REGION: 'US East' }, /S3_REGION: S3_REGION must be a region name/],
    ])('an incomplete or bad set stops the start naming the variable: %j', (vars, expected) => {
      expect(errorOf({ ...base, ...vars }).message).toMatch(expected);
    });
  });
});
