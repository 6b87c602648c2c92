import path from 'node:path';
import { z } from 'zod';
import { CODE_SENDS_PER_ADDRESS_PER_HOUR, CODE_SENDS_PER_CLIENT_PER_HOUR } from '../common/limits';
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
  ai: { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined };
  devLoginCode: string;
  /** The development back door (test students, fixed code, quick login); never in production. */
  devTools: boolean;
  appSecret: string | undefined;
  logLevel: string;
  codeSendLimits: { perAddress: number; perClient: number };
  trustProxy: number;
  /** Largest accepted upload (lesson and tutorial PDFs), in megabytes. */
  uploadMaxMb: number;
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
    ai: { baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY, model: e.AI_MODEL },
    devLoginCode: e.DEV_LOGIN_CODE,
    devTools: e.NODE_ENV !== 'production' && (e.DEV_TOOLS === 'on' || (e.DEV_TOOLS === 'auto' && isLoopback(e.HOST))),
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    codeSendLimits: { perAddress: e.CODE_SENDS_PER_ADDRESS_PER_HOUR, perClient: e.CODE_SENDS_PER_CLIENT_PER_HOUR },
    uploadMaxMb: e.UPLOAD_MAX_MB,
  };
}
