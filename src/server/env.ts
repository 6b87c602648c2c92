import path from 'node:path';
import { z } from 'zod';
import { CODE_SENDS_PER_ADDRESS_PER_HOUR, CODE_SENDS_PER_CLIENT_PER_HOUR } from '../common/limits';
import type { S3Config } from './lib/storage-s3';
import { isTestStudent } from './modules/dev/test-users';

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

const optionalUrl = (name: string, schemes: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || (URL.canParse(v) && schemes.includes(new URL(v).protocol.replace(/:$/, ''))), {
      message: `${name} must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`,
    });

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: wholeNumber('PORT', 0, 65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl('DATABASE_URL', ['postgres', 'postgresql']),
    ADMIN_EMAIL: z.email().transform((v) => v.toLowerCase()).optional(),
    APP_URL: optionalUrl('APP_URL', ['http', 'https']),
    APP_NAME: z.string().trim().min(1).default('CodeTutor'),
    CONTACT_EMAIL: z.email('CONTACT_EMAIL must be an e-mail address').optional(),
    SMTP_URL: optionalUrl('SMTP_URL', ['smtp', 'smtps']),
    MAIL_FROM: z.string().trim().min(3).optional(),
    OPENAI_BASE_URL: optionalUrl('OPENAI_BASE_URL', ['http', 'https']),
    OPENAI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    AI_TEMPERATURE: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'AI_TEMPERATURE must be a number')
      .transform(Number)
      .refine((n) => n <= 2, 'AI_TEMPERATURE must be between 0 and 2')
      .default(0.7),
    AI_MAX_TOKENS: wholeNumber('AI_MAX_TOKENS', 1, 100_000).default(300),
    /** Questions each student may ask the AI tutor per UTC day (the admin has no limit). */
    AI_DAILY_MESSAGES: wholeNumber('AI_DAILY_MESSAGES', 1, 100_000).default(50),
    /** The longest wait for the model's next piece of an answer (the first one included). */
    AI_TIMEOUT_MS: wholeNumber('AI_TIMEOUT_MS', 50, 600_000).default(30_000),
    /** The development back door: 'auto' turns it on outside production when HOST is a loopback address. */
    DEV_TOOLS: z.enum(['auto', 'on', 'off']).default('auto'),
    DEV_LOGIN_CODE: z
      .string()
      .regex(/^\d{6}$/, 'DEV_LOGIN_CODE must be 6 digits')
      .default('123456'),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    CODE_SENDS_PER_ADDRESS_PER_HOUR: wholeNumber('CODE_SENDS_PER_ADDRESS_PER_HOUR', 1, 100_000).default(CODE_SENDS_PER_ADDRESS_PER_HOUR),
    CODE_SENDS_PER_CLIENT_PER_HOUR: wholeNumber('CODE_SENDS_PER_CLIENT_PER_HOUR', 1, 100_000).default(CODE_SENDS_PER_CLIENT_PER_HOUR),
    /** Behind a reverse proxy: how many proxy hops to trust for the client address (rate limits). */
    TRUST_PROXY: wholeNumber('TRUST_PROXY', 0, 10).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    UPLOAD_MAX_MB: wholeNumber('UPLOAD_MAX_MB', 1, 1024).default(50),
    S3_ENDPOINT: optionalUrl('S3_ENDPOINT', ['http', 'https']),
    // AWS's rules for bucket names, which S3-compatible stores follow too.
    S3_BUCKET: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,40}$/, 'S3_REGION must be a region name such as us-east-1 (or auto)')
      .default('us-east-1'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.DEV_TOOLS === 'on') {
      ctx.addIssue({ code: 'custom', path: ['DEV_TOOLS'], message: 'DEV_TOOLS cannot be on in production' });
    }
    if (env.ADMIN_EMAIL && isTestStudent(env.ADMIN_EMAIL)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'ADMIN_EMAIL cannot be the address of a built-in test student' });
    }
    if (env.NODE_ENV === 'production' && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'ADMIN_EMAIL is required in production' });
    }
    // Object storage is all or nothing: half a configuration would silently store files on local disk.
    const s3Given = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => env[name] !== undefined);
    if (env.S3_BUCKET === undefined && s3Given.length) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `S3_BUCKET is required when ${s3Given.join(', ')} ${s3Given.length > 1 ? 'are' : 'is'} set` });
    }
    if (env.S3_BUCKET !== undefined) {
      for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when S3_BUCKET is set` });
      }
    }
  });

export type Env = {
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  appUrl: string;
  appName: string;
  contactEmail: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    temperature: number;
    maxTokens: number;
    dailyMessages: number;
    timeoutMs: number;
  };
  devLoginCode: string;
  /** The development back door (test students, fixed code, quick login); never in production. */
  devTools: boolean;
  appSecret: string | undefined;
  logLevel: string;
  codeSendLimits: { perAddress: number; perClient: number };
  trustProxy: number;
  /** Largest accepted upload (lesson and tutorial PDFs), in megabytes. */
  uploadMaxMb: number;
  /** Uploaded files go to this bucket when set, else to DATA_DIR/files. */
  s3: S3Config | undefined;
};

export class EnvError extends Error {}

/** The only reader of process.env: validates once, names the bad variable, never guesses. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (`PORT=`) means unset, as in most tools, never a value of its own.
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const adminEmail = e.ADMIN_EMAIL ?? 'admin@example.com';
  return {
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminEmail,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appName: e.APP_NAME,
    contactEmail: e.CONTACT_EMAIL ?? adminEmail,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.APP_NAME} <${adminEmail}>`,
    ai: {
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model: e.AI_MODEL,
      temperature: e.AI_TEMPERATURE,
      maxTokens: e.AI_MAX_TOKENS,
      dailyMessages: e.AI_DAILY_MESSAGES,
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    devLoginCode: e.DEV_LOGIN_CODE,
    devTools: e.NODE_ENV !== 'production' && (e.DEV_TOOLS === 'on' || (e.DEV_TOOLS === 'auto' && isLoopback(e.HOST))),
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    codeSendLimits: { perAddress: e.CODE_SENDS_PER_ADDRESS_PER_HOUR, perClient: e.CODE_SENDS_PER_CLIENT_PER_HOUR },
    uploadMaxMb: e.UPLOAD_MAX_MB,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          region: e.S3_REGION,
        }
      : undefined,
  };
}
