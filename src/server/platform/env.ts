import path from 'node:path';
import { z } from 'zod';
import { CODE_SENDS_PER_ADDRESS_PER_HOUR, CODE_SENDS_PER_CLIENT_PER_HOUR } from '../../common/limits';
import { IMAGE_ALT_MODELS } from '../../common/media-helpers-texts';
import type { S3Config } from './storage/storage-s3';
import { roleOfUrl } from './db/roles';
import { isTestStudent } from '../../common/test-students';

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);

/**
 * The development back door (test students, a fixed code, quick login). 'auto' turns it on only
 * where the app is plainly a developer's own: outside production, listening on loopback, with no
 * public APP_URL and no proxy declared. Behind a proxy on the same machine HOST is loopback too,
 * and a forgotten NODE_ENV must not hand the internet a signed-in account.
 */
function devToolsOn(e: { NODE_ENV: string; DEV_TOOLS: string; HOST: string; APP_URL?: string; TRUST_PROXY: number }): boolean {
  if (e.NODE_ENV === 'production' || e.DEV_TOOLS === 'off') return false;
  if (e.DEV_TOOLS === 'on') return true;
  const localUrl = e.APP_URL === undefined || (URL.canParse(e.APP_URL) && isLoopback(new URL(e.APP_URL).hostname));
  return isLoopback(e.HOST) && localUrl && e.TRUST_PROXY === 0;
}

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
    /** The grading workers' own role on DATABASE_URL's database (README: "Database roles"); unset, they connect as the app. */
    GRADING_DATABASE_URL: optionalUrl('GRADING_DATABASE_URL', ['postgres', 'postgresql']),
    ADMIN_EMAIL: z
      .email()
      .transform((v) => v.toLowerCase())
      .optional(),
    APP_URL: optionalUrl('APP_URL', ['http', 'https']),
    APP_NAME: z.string().trim().min(1).default('CodeTutor'),
    CONTACT_EMAIL: z.email('CONTACT_EMAIL must be an e-mail address').optional(),
    SMTP_URL: optionalUrl('SMTP_URL', ['smtp', 'smtps']),
    /** 'console' prints e-mails (sign-in codes too) in the log; by default only outside production without SMTP_URL. */
    MAIL_TRANSPORT: z.enum(['smtp', 'console']).optional(),
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
    // The media and web helpers. Each is off until its model (or search address) is set;
    // the OpenAI-compatible ones use OPENAI_BASE_URL / OPENAI_API_KEY unless given their own.
    IMAGE_MODEL: z.string().trim().optional(),
    IMAGE_BASE_URL: optionalUrl('IMAGE_BASE_URL', ['http', 'https']),
    IMAGE_API_KEY: z.string().optional(),
    /** The alternative models (of the fixed IMAGE_ALT_MODELS) the provider offers: `name` or `name=provider-model-id`, comma-separated. */
    IMAGE_ALT_MODELS: z.string().trim().optional(),
    IMAGE_SIZE: z
      .string()
      .trim()
      .regex(/^(\d{2,5}x\d{2,5}|auto)$/, 'IMAGE_SIZE must look like 1536x1024 (or auto)')
      .optional(),
    /** Images the tutor may generate per UTC day. */
    IMAGE_DAILY_LIMIT: wholeNumber('IMAGE_DAILY_LIMIT', 1, 100_000).default(40),
    IMAGE_TIMEOUT_MS: wholeNumber('IMAGE_TIMEOUT_MS', 50, 600_000).default(120_000),
    TTS_MODEL: z.string().trim().optional(),
    TTS_BASE_URL: optionalUrl('TTS_BASE_URL', ['http', 'https']),
    TTS_API_KEY: z.string().optional(),
    TTS_VOICE: z.string().trim().min(1).max(100).default('alloy'),
    /** Read-aloud requests (pieces of up to ~600 characters) each student may make per UTC day. */
    TTS_DAILY_LIMIT: wholeNumber('TTS_DAILY_LIMIT', 1, 100_000).default(200),
    TTS_TIMEOUT_MS: wholeNumber('TTS_TIMEOUT_MS', 50, 600_000).default(30_000),
    STT_MODEL: z.string().trim().optional(),
    STT_BASE_URL: optionalUrl('STT_BASE_URL', ['http', 'https']),
    STT_API_KEY: z.string().optional(),
    /** Spoken questions each student may have transcribed per UTC day. */
    STT_DAILY_LIMIT: wholeNumber('STT_DAILY_LIMIT', 1, 100_000).default(50),
    STT_TIMEOUT_MS: wholeNumber('STT_TIMEOUT_MS', 50, 600_000).default(30_000),
    SEARCH_URL: optionalUrl('SEARCH_URL', ['http', 'https']),
    SEARCH_API_KEY: z.string().optional(),
    /** A Jina-style reader (the page's address is appended), to read results the search gave no text for. */
    READER_URL: optionalUrl('READER_URL', ['http', 'https']),
    /** Web searches for the tutor's answers per student per UTC day (past it, answers come without web sources). */
    SEARCH_DAILY_LIMIT: wholeNumber('SEARCH_DAILY_LIMIT', 1, 100_000).default(50),
    SEARCH_TIMEOUT_MS: wholeNumber('SEARCH_TIMEOUT_MS', 50, 600_000).default(8_000),
    /** The development back door: 'auto' turns it on outside production only when the app is plainly local (see devToolsOn). */
    DEV_TOOLS: z.enum(['auto', 'on', 'off']).default('auto'),
    DEV_LOGIN_CODE: z
      .string()
      .regex(/^\d{6}$/, 'DEV_LOGIN_CODE must be 6 digits')
      .default('123456'),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    /** Codes an address gets on request in an hour; past them, one every 10 minutes (the life of a code). */
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
    /** Grading worker processes `npm start` runs beside the server (0: none here, `npm run worker` elsewhere grades). */
    GRADING_WORKERS: wholeNumber('GRADING_WORKERS', 0, 64).default(2),
    /** Code submissions (runs included) each student may send per minute. */
    PRACTICE_SUBMISSIONS_PER_MINUTE: wholeNumber('PRACTICE_SUBMISSIONS_PER_MINUTE', 1, 10_000).default(20),
    /** Submits (not runs) of one exercise a student may send in an hour: each tells a little of the hidden tests. */
    PRACTICE_SUBMITS_PER_EXERCISE_PER_HOUR: wholeNumber('PRACTICE_SUBMITS_PER_EXERCISE_PER_HOUR', 1, 100_000).default(60),
    /** Seconds of a grading worker each student's submissions may take in a minute before the next one waits its turn. */
    PRACTICE_GRADING_SECONDS_PER_MINUTE: wholeNumber('PRACTICE_GRADING_SECONDS_PER_MINUTE', 1, 3_600).default(10),
    /** Learning events each student may send per minute, on average (POST /api/events answers 429 past it). */
    EVENTS_PER_MINUTE: wholeNumber('EVENTS_PER_MINUTE', 1, 100_000).default(60),
    /** Learning events a student may send at once (a client catching up after a reconnection); at least one full batch. */
    EVENTS_BURST: wholeNumber('EVENTS_BURST', 50, 1_000_000).default(500),
    /** Days raw learning events are kept once folded into the analytics; 0 or 'forever' keeps them. */
    EVENTS_RETENTION_DAYS: z
      .string()
      .trim()
      .regex(/^(\d{1,5}|forever)$/i, "EVENTS_RETENTION_DAYS must be a whole number of days (0 or 'forever': keep every event)")
      .transform((v) => (/^forever$/i.test(v) || Number(v) === 0 ? null : Number(v)))
      .default(90),
    /** The nightly backup the app takes by itself: 'off' turns it off (then back up with npm run backup). */
    BACKUP_SCHEDULE: z.enum(['on', 'off'], { message: "BACKUP_SCHEDULE must be 'on' or 'off'" }).default('on'),
    /** The hour (UTC, 0-23) of the nightly backup. */
    BACKUP_HOUR: wholeNumber('BACKUP_HOUR', 0, 23).default(3),
    /** How many of the app's backups are kept in BACKUP_DIR; older ones are deleted after each new one. */
    BACKUP_KEEP: wholeNumber('BACKUP_KEEP', 1, 1000).default(7),
    /**
     * The folder the app's backups go to (default DATA_DIR/backups); with BACKUP_BUCKET, only the
     * folder a backup is packed in before it is uploaded.
     */
    BACKUP_DIR: z.string().min(1).optional(),
    /** An S3-compatible bucket the app's backups go to instead of BACKUP_DIR (kept and pruned there). */
    BACKUP_BUCKET: z
      .string()
      .trim()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'BACKUP_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
      )
      .optional(),
    /** The backups' key prefix in BACKUP_BUCKET, ending in '/': in a bucket shared with the uploads, they never mix. */
    BACKUP_BUCKET_PREFIX: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/,
        "BACKUP_BUCKET_PREFIX must be a key prefix ending in '/', such as backups/ or tutor/backups/",
      )
      .refine((v) => !v.split('/').includes('..'), { message: "BACKUP_BUCKET_PREFIX must not contain '..'" })
      .default('backups/'),
    /**
     * The backup bucket's own store and credentials (AWS S3 unless BACKUP_S3_ENDPOINT); without its
     * own credentials it uses the uploads' S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION.
     */
    BACKUP_S3_ENDPOINT: optionalUrl('BACKUP_S3_ENDPOINT', ['http', 'https']),
    BACKUP_S3_ACCESS_KEY_ID: z.string().trim().optional(),
    BACKUP_S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    BACKUP_S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,40}$/, 'BACKUP_S3_REGION must be a region name such as us-east-1 (or auto)')
      .optional(),
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
    } else if (!env.ADMIN_EMAIL && !devToolsOn(env)) {
      // admin@example.com is a developer's placeholder: on a server that looks public it would make
      // whoever reads that mailbox the administrator.
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_EMAIL'],
        message:
          "ADMIN_EMAIL is required unless the development tools are on (this server is not plainly local): set it to the tutor's address",
      });
    }
    // The console mailer writes sign-in codes into the log, where they must never be in production.
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.MAIL_TRANSPORT !== 'console') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'SMTP_URL is required in production (otherwise e-mails, sign-in codes too, would be printed in the log); set MAIL_TRANSPORT=console if that is really intended',
      });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_TRANSPORT'], message: 'MAIL_TRANSPORT=smtp needs SMTP_URL' });
    }
    for (const [model, base] of [
      ['IMAGE_MODEL', 'IMAGE_BASE_URL'],
      ['TTS_MODEL', 'TTS_BASE_URL'],
      ['STT_MODEL', 'STT_BASE_URL'],
    ] as const) {
      if (env[model] && !env[base] && !env.OPENAI_BASE_URL) {
        ctx.addIssue({ code: 'custom', path: [model], message: `${model} needs ${base} or OPENAI_BASE_URL (the provider's address)` });
      }
    }
    if (env.IMAGE_ALT_MODELS !== undefined) {
      const parsed = parseAltModels(env.IMAGE_ALT_MODELS);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', path: ['IMAGE_ALT_MODELS'], message: parsed });
      else if (!env.IMAGE_MODEL)
        ctx.addIssue({ code: 'custom', path: ['IMAGE_ALT_MODELS'], message: 'IMAGE_ALT_MODELS needs IMAGE_MODEL' });
    }
    if (env.GRADING_DATABASE_URL !== undefined) {
      const grading = roleOfUrl(env.GRADING_DATABASE_URL);
      const message = !env.DATABASE_URL
        ? 'GRADING_DATABASE_URL needs DATABASE_URL (the embedded database makes its own role for the grading workers)'
        : !grading
          ? 'GRADING_DATABASE_URL must name its role (postgres://role:password@host/database)'
          : grading === roleOfUrl(env.DATABASE_URL)
            ? "GRADING_DATABASE_URL must name another role than DATABASE_URL's: the grading workers' own, with fewer rights"
            : undefined;
      if (message) ctx.addIssue({ code: 'custom', path: ['GRADING_DATABASE_URL'], message });
    }
    if (env.READER_URL && !env.SEARCH_URL) {
      ctx.addIssue({ code: 'custom', path: ['READER_URL'], message: 'READER_URL needs SEARCH_URL' });
    }
    // Object storage is all or nothing: half a configuration would silently store files on local disk.
    const s3Given = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => env[name] !== undefined);
    if (env.S3_BUCKET === undefined && s3Given.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: `S3_BUCKET is required when ${s3Given.join(', ')} ${s3Given.length > 1 ? 'are' : 'is'} set`,
      });
    }
    if (env.S3_BUCKET !== undefined) {
      for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when S3_BUCKET is set` });
      }
    }
    // The backup bucket: its own credentials as a pair, or the uploads' ones; settings for it without it are a mistake.
    const backupS3Given = (
      ['BACKUP_S3_ENDPOINT', 'BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY', 'BACKUP_S3_REGION'] as const
    ).filter((name) => env[name] !== undefined);
    if (env.BACKUP_BUCKET === undefined && backupS3Given.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_BUCKET'],
        message: `BACKUP_BUCKET is required when ${backupS3Given.join(', ')} ${backupS3Given.length > 1 ? 'are' : 'is'} set`,
      });
    }
    if (env.BACKUP_BUCKET !== undefined) {
      const own = env.BACKUP_S3_ACCESS_KEY_ID !== undefined || env.BACKUP_S3_SECRET_ACCESS_KEY !== undefined;
      if (own) {
        for (const name of ['BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY'] as const) {
          if (env[name] === undefined)
            ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when the other BACKUP_S3_ credential is set` });
        }
      } else if (env.S3_ACCESS_KEY_ID === undefined || env.S3_SECRET_ACCESS_KEY === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['BACKUP_BUCKET'],
          message:
            "BACKUP_BUCKET needs credentials: set BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY (or the uploads' S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)",
        });
      }
    }
  });

/**
 * IMAGE_ALT_MODELS: the alternative models the provider offers, each a name from the fixed list
 * IMAGE_ALT_MODELS, optionally mapped to the provider's own id
 * (`flux-schnell=black-forest-labs/flux-schnell`). A message when invalid.
 */
export function parseAltModels(value: string): Record<string, string> | string {
  const models: Record<string, string> = {};
  for (const item of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, id] = item.split('=', 2).map((s) => s.trim()) as [string, string | undefined];
    if (!(IMAGE_ALT_MODELS as readonly string[]).includes(name)) {
      return `IMAGE_ALT_MODELS: ${name} is not one of the spec's models (${IMAGE_ALT_MODELS.join(', ')})`;
    }
    if (id === '') return `IMAGE_ALT_MODELS: ${name}= needs the provider's model id after the =`;
    models[name] = id ?? name;
  }
  return models;
}

/** An OpenAI-compatible endpoint for one helper. */
export type ProviderEndpoint = { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number; dailyLimit: number };

export type MediaEnv = {
  /** Null when IMAGE_MODEL is not set. */
  image: (ProviderEndpoint & { altModels: Record<string, string>; size: string | undefined }) | null;
  speech: (ProviderEndpoint & { voice: string }) | null;
  transcription: ProviderEndpoint | null;
  search: { url: string; readerUrl: string | undefined; apiKey: string | undefined; timeoutMs: number; dailyLimit: number } | null;
};

export type Env = {
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The grading workers' address, with a role of their own; unset, they use databaseUrl (or the embedded database's grading role). */
  gradingDatabaseUrl: string | undefined;
  adminEmail: string;
  appUrl: string;
  appName: string;
  contactEmail: string;
  smtpUrl: string | undefined;
  /** How e-mail leaves: through SMTP_URL, or printed in the log (never chosen silently in production). */
  mailTransport: 'smtp' | 'console';
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
  /** The media and web helpers; each null when not configured. */
  media: MediaEnv;
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
  /** Practice: grading processes started beside the server, and each student's submission rate. */
  practice: { gradingWorkers: number; perMinute: number; inFlight: number; submitsPerHour: number; gradingSecondsPerMinute: number };
  /** Bounds on learning events: the per-student rate and burst, and the days raw events are kept (null: forever). */
  events: { perMinute: number; burst: number; retentionDays: number | null };
  /**
   * The app's own backups: whether it takes one every night, at which hour (UTC), how many it keeps, and where:
   * the folder `dir`, or the `bucket` under its prefix when set (then `dir` is only where a backup is packed).
   */
  backup: { scheduled: boolean; hour: number; keep: number; dir: string; bucket?: BackupBucketConfig };
};

/** The backup bucket and where in it the backups go. */
export type BackupBucketConfig = S3Config & { prefix: string };

/** Its own store when its own credentials are given (AWS S3 unless BACKUP_S3_ENDPOINT), else the uploads' store. */
function backupBucketOf(e: z.infer<typeof envSchema>): BackupBucketConfig {
  const own = e.BACKUP_S3_ACCESS_KEY_ID !== undefined;
  return {
    bucket: e.BACKUP_BUCKET!,
    prefix: e.BACKUP_BUCKET_PREFIX,
    endpoint: own ? e.BACKUP_S3_ENDPOINT : (e.BACKUP_S3_ENDPOINT ?? e.S3_ENDPOINT),
    accessKeyId: (own ? e.BACKUP_S3_ACCESS_KEY_ID : e.S3_ACCESS_KEY_ID)!,
    secretAccessKey: (own ? e.BACKUP_S3_SECRET_ACCESS_KEY : e.S3_SECRET_ACCESS_KEY)!,
    region: e.BACKUP_S3_REGION ?? (own ? 'us-east-1' : e.S3_REGION),
  };
}

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
  // A helper's own address and key, else the tutor's provider (its key only goes with its address).
  const endpoint = (
    model: string,
    baseUrl: string | undefined,
    apiKey: string | undefined,
    timeoutMs: number,
    dailyLimit: number,
  ): ProviderEndpoint => ({
    baseUrl: (baseUrl ?? e.OPENAI_BASE_URL)!,
    apiKey: baseUrl ? apiKey : (apiKey ?? e.OPENAI_API_KEY),
    model,
    timeoutMs,
    dailyLimit,
  });
  return {
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    gradingDatabaseUrl: e.GRADING_DATABASE_URL,
    adminEmail,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appName: e.APP_NAME,
    contactEmail: e.CONTACT_EMAIL ?? adminEmail,
    smtpUrl: e.SMTP_URL,
    mailTransport: e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'console'),
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
    media: {
      image: e.IMAGE_MODEL
        ? {
            ...endpoint(e.IMAGE_MODEL, e.IMAGE_BASE_URL, e.IMAGE_API_KEY, e.IMAGE_TIMEOUT_MS, e.IMAGE_DAILY_LIMIT),
            altModels: e.IMAGE_ALT_MODELS ? (parseAltModels(e.IMAGE_ALT_MODELS) as Record<string, string>) : {},
            size: e.IMAGE_SIZE,
          }
        : null,
      speech: e.TTS_MODEL
        ? { ...endpoint(e.TTS_MODEL, e.TTS_BASE_URL, e.TTS_API_KEY, e.TTS_TIMEOUT_MS, e.TTS_DAILY_LIMIT), voice: e.TTS_VOICE }
        : null,
      transcription: e.STT_MODEL ? endpoint(e.STT_MODEL, e.STT_BASE_URL, e.STT_API_KEY, e.STT_TIMEOUT_MS, e.STT_DAILY_LIMIT) : null,
      search: e.SEARCH_URL
        ? {
            url: e.SEARCH_URL,
            readerUrl: e.READER_URL,
            apiKey: e.SEARCH_API_KEY,
            timeoutMs: e.SEARCH_TIMEOUT_MS,
            dailyLimit: e.SEARCH_DAILY_LIMIT,
          }
        : null,
    },
    devLoginCode: e.DEV_LOGIN_CODE,
    devTools: devToolsOn(e),
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
    // Two in flight: a Run and a Submit pressed one after the other; more is a script, not a student.
    practice: {
      gradingWorkers: e.GRADING_WORKERS,
      perMinute: e.PRACTICE_SUBMISSIONS_PER_MINUTE,
      inFlight: 2,
      submitsPerHour: e.PRACTICE_SUBMITS_PER_EXERCISE_PER_HOUR,
      gradingSecondsPerMinute: e.PRACTICE_GRADING_SECONDS_PER_MINUTE,
    },
    events: { perMinute: e.EVENTS_PER_MINUTE, burst: e.EVENTS_BURST, retentionDays: e.EVENTS_RETENTION_DAYS },
    backup: {
      scheduled: e.BACKUP_SCHEDULE === 'on',
      hour: e.BACKUP_HOUR,
      keep: e.BACKUP_KEEP,
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
      ...(e.BACKUP_BUCKET ? { bucket: backupBucketOf(e) } : {}),
    },
  };
}
