import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from './app';
import { openDatabase } from './platform/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/db/embedded';
import { runMigrations } from './platform/db/migrate';
import { embeddedRoles, ensureDatabaseRoles, roleOfUrl, withCredentials } from './platform/db/roles';
import { seed } from './seed/seed';
import { EnvError, loadEnv } from './platform/env';
import { consoleMailer, smtpMailer } from './platform/mail/transport';
import { StartError, explainDatabaseError, explainListenError } from './platform/start-errors';
import { scheduleAnalyticsFolds } from './domains/analytics';
import { schedulePruning } from './domains/auth';
import { startBackgroundJobs } from './background-jobs';
import { superviseGradingWorkers } from '../grading/worker/supervisor';
import { languageSupport, SERVER_PROBE_SLOT } from '../grading/dispatch';
import { GRADE_TASK } from '../grading/contract';

/** Read env, open (or start) the database, migrate, seed, listen; on SIGINT/SIGTERM stop in order. */
async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = env.databaseUrl;
  // The grading workers' address and role: their own role where there is one, else the app's.
  let gradingUrl = env.gradingDatabaseUrl ?? databaseUrl;
  let gradingRole = env.gradingDatabaseUrl ? roleOfUrl(env.gradingDatabaseUrl) : undefined;
  if (!databaseUrl) {
    console.log(`Starting the embedded PostgreSQL in ${path.join(env.dataDir, 'postgres')} ...`);
    embedded = await startEmbeddedPostgres(env.dataDir, (msg) => {
      // graphile-worker learns that its tables are missing (a new database) by reading them: expected, not worth a line.
      if (/graphile_worker\.migrations" does not exist/.test(msg)) return;
      if (/FATAL|PANIC|ERROR|crash|recover|Stopping PostgreSQL/i.test(msg)) console.log(`[postgres] ${msg}`);
    });
    // The superuser only makes the two roles and hands the app's role everything, at every start
    // (so a database made by an earlier version, where the superuser owned it all, is moved over);
    // the app and its workers then connect without a superuser's powers (roles.ts).
    const roles = await embeddedRoles(env.dataDir);
    const superuser = new pg.Client({ connectionString: embedded.url });
    try {
      await superuser.connect();
      await ensureDatabaseRoles(superuser, { ...roles, database: new URL(embedded.url).pathname.slice(1), gradingTasks: [GRADE_TASK] });
    } catch (err) {
      await embedded.stop().catch(() => {});
      throw err;
    } finally {
      await superuser.end().catch(() => {});
    }
    databaseUrl = withCredentials(embedded.url, roles.appRole, roles.appPassword);
    gradingUrl = withCredentials(embedded.url, roles.gradingRole, roles.gradingPassword);
    gradingRole = roles.gradingRole;
  }
  const database = openDatabase(databaseUrl, { max: 20 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopFolds: (() => void) | undefined;
  let graders: ReturnType<typeof superviseGradingWorkers> | undefined;
  let jobs: Awaited<ReturnType<typeof startBackgroundJobs>> | undefined;
  let languagesProbed = false;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down ...`);
    try {
      stopFolds?.();
      await graders?.stop();
      await jobs?.stop();
      await app?.close();
      await database.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    const grading = gradingRole ? { role: gradingRole, tasks: [GRADE_TASK] } : undefined;
    await runMigrations(database.pool, { grading }).catch((err: NodeJS.ErrnoException) => {
      throw explainDatabaseError(err, databaseUrl!) ?? err;
    });
    await seed(database.db, { adminEmail: env.adminEmail, isProduction: env.isProduction, testStudents: env.devTools });
    // Built: dist/server/main.js serves dist/web beside it; from source (tsx): the last build in dist/web.
    const here = path.dirname(fileURLToPath(import.meta.url));
    const webRoot = [path.resolve(here, '..', 'web'), path.resolve(here, '..', '..', 'dist', 'web')].find((dir) =>
      fs.existsSync(path.join(dir, 'index.html')),
    );
    const mailer = env.mailTransport === 'smtp' ? smtpMailer(env.smtpUrl!) : consoleMailer();
    app = await buildApp({
      env,
      db: database.db,
      mailer,
      webRoot,
      // Ready once the grading workers started below have loaded their compilers, so the first submissions are not slow.
      gradingWarm: () => (graders?.warm() ?? false) && languagesProbed,
      logger: { level: env.logLevel },
    });
    await app.listen({ port: env.port, host: env.host }).catch((err: NodeJS.ErrnoException) => {
      throw explainListenError(err, env.host, env.port) ?? err;
    });
    const log = app.log;
    // What this machine can grade (Java, and how C runs) is probed once, in a sandbox: done before the app reports
    // ready, so that the first student to open an exercise does not wait for it.
    void languageSupport(SERVER_PROBE_SLOT)
      .catch((err: unknown) => log.warn({ err }, 'probing what this machine can grade failed'))
      .finally(() => (languagesProbed = true));
    schedulePruning(database.db, (err) => log.warn({ err }, 'pruning of old sessions and codes failed'));
    stopFolds = scheduleAnalyticsFolds(
      database.db,
      (err) => log.warn({ err }, 'folding the analytics queue or pruning old learning events failed'),
      {
        retentionDays: env.events.retentionDays,
      },
    );
    // The outbox's sender and the timed notifications (reminders, summaries), in this process.
    jobs = await startBackgroundJobs({
      db: database.db,
      mailer,
      mailFrom: env.mailFrom,
      notifications: app.services.notifications,
      backups: { service: app.services.backups, config: env.backup },
      similarity: app.services.similarity,
      warn: (message) => log.warn(message),
    });
    if (env.practice.gradingWorkers > 0 && !gradingRole) {
      log.warn(
        'The grading workers connect as the app (GRADING_DATABASE_URL is unset), so they hold all its rights in the database: give them a role of their own (README: "Database roles").',
      );
    }
    graders = superviseGradingWorkers({
      count: env.practice.gradingWorkers,
      serverDir: here,
      databaseUrl: gradingUrl!,
      log: { info: (msg) => log.info(msg), warn: (obj, msg) => log.warn(obj, msg) },
    });
    console.log(`${env.appName} is running at http://${env.host === '0.0.0.0' ? 'localhost' : env.host}:${env.port}`);
    if (env.mailTransport === 'console')
      console.log('E-mails (sign-in codes included) are printed here, not sent (SMTP_URL unset or MAIL_TRANSPORT=console).');
  } catch (err) {
    // Known causes print their one sentence; anything else keeps its stack, which is then the useful part.
    console.error(err instanceof StartError ? err.message : err);
    await graders?.stop().catch(() => {});
    await jobs?.stop().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
