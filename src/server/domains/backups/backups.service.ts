import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { BACKUP_STALE_HOURS, BackupMessages, type BackupRun, type BackupsOverview, type BackupTrigger } from '../../../common/backups';
import type { Db } from '../../platform/db/client';
import { BackupError, STAGING_PREFIX } from '../../platform/db/backup';
import { backupBucket } from '../../platform/db/backup-bucket';
import { runBackupProcess, type BackupJob } from '../../platform/db/backup-process';
import { backupRuns, users } from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import type { Env } from '../../platform/env';
import { conflict } from '../../platform/http/errors';
import { queueMail } from '../../platform/mail/outbox';

/** The nightly job (from the crontab) and the job that takes one backup (queued by it or by 'Back Up Now'). */
export const BACKUP_SCHEDULED_TASK = 'backup_scheduled';
export const BACKUP_RUN_TASK = 'backup_run';
/**
 * Every backup job goes into this one queue, which graphile-worker runs one job at a time across
 * all instances: a nightly run and a tutor's 'Back Up Now' never copy at the same moment.
 */
const BACKUP_QUEUE = 'backups';
/** Each run's job carries this key with the run's id, by which an open run finds whether its job still exists. */
const JOB_KEY_PREFIX = 'backup:';

/** The crontab line of the nightly backup, or none when the schedule is off. */
export function backupCrontab(config: Env['backup']): string[] {
  return config.scheduled ? [`0 ${config.hour} * * * ${BACKUP_SCHEDULED_TASK}`] : [];
}

/** The app's archives in the backup folder; only these are pruned (archives made by hand are left alone). */
const ARCHIVE_NAME = /^backup-\d{8}-\d{6}Z\.tar\.gz$/;
const archiveName = (at: Date) => `backup-${at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}Z.tar.gz`;
/** Work folders and partial archives a crash left behind are removed once this old. */
const LEFTOVER_AGE_MS = 24 * 3600_000;
/**
 * A running backup says it is alive this often. The job runner keeps the job of an app that died
 * locked for 4 hours (graphile-worker's limit for a stale lock), and the one queue of backups with
 * it; a run whose heartbeat is this much older is closed as interrupted at once, and its job and
 * queue released, so that the page shows the truth within a minute and the next backup can run.
 */
export const BACKUP_HEARTBEAT_MS = 10_000;
export const BACKUP_STALE_MS = 60_000;

type Row = typeof backupRuns.$inferSelect;

function toRun(row: Row): BackupRun {
  return {
    id: row.id,
    trigger: row.trigger as BackupTrigger,
    status: row.finishedAt ? (row.error ? 'failed' : 'succeeded') : row.startedAt ? 'running' : 'queued',
    requestedAt: row.requestedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    file: row.file,
    location: row.location,
    sizeBytes: row.sizeBytes,
    error: row.error,
  };
}

export type BackupsDeps = {
  db: Db;
  /** The database and the files a backup copies (the app's own), and whether that database's process may be reniced. */
  source: Omit<BackupJob, 'destination'>;
  config: Env['backup'];
  ctx: { appName: string; appUrl: string };
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void; info: (msg: string) => void };
};

export function createBackupsService({ db, source, config, ctx, now, log }: BackupsDeps) {
  const bucket = config.bucket ? backupBucket(config.bucket) : undefined;

  /**
   * Marks as interrupted the open runs whose app stopped: their job is gone (an orderly stop fails
   * it; a database restored from a backup that recorded its own run as running has none, since the
   * queue's tables are not part of a backup), or their heartbeat stopped (the app died: its job
   * stays locked for hours). The job and the queue such a dead app held are released. A job still
   * waiting, or being worked on by a live app, keeps its run open.
   */
  async function closeOrphans(on: Queryable): Promise<void> {
    const staleBefore = new Date(now().getTime() - BACKUP_STALE_MS);
    const { rows } = await on.execute<Record<string, unknown> & { id: string }>(sql`
      update backup_runs r set finished_at = ${now()}, error = ${BackupMessages.interrupted}
       where r.finished_at is null
         and ((r.started_at is not null and coalesce(r.heartbeat_at, r.started_at) < ${staleBefore})
              or not exists (select 1 from graphile_worker.jobs j
                              where j.key = ${JOB_KEY_PREFIX} || r.id::text
                                and (j.locked_at is not null or j.attempts < j.max_attempts)))
      returning r.id`);
    for (const { id } of rows) {
      const [run] = await on.select().from(backupRuns).where(eq(backupRuns.id, id));
      if (run) await mailFailure(on, run, BackupMessages.interrupted);
      const key = JOB_KEY_PREFIX + id;
      // The dead app's worker holds this job and the backups' queue: both are let go, and the job removed.
      await on.execute(sql`
        select graphile_worker.force_unlock_workers(array_agg(j.locked_by))
          from graphile_worker.jobs j where j.key = ${key} and j.locked_by is not null having count(*) > 0`);
      await on.execute(sql`select graphile_worker.remove_job(${key})`);
    }
  }

  /** Adds a run and its job in one transaction, unless one is already queued or running. */
  async function queueRun(trigger: BackupTrigger, requestedBy: string | null): Promise<Row | null> {
    return db.transaction(async (tx) => {
      // Two presses at once (or a press and the nightly run) must not both pass the check below.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('backup_runs'))`);
      await closeOrphans(tx);
      const [open] = await tx.select({ id: backupRuns.id }).from(backupRuns).where(isNull(backupRuns.finishedAt)).limit(1);
      if (open) return null;
      const [row] = await tx.insert(backupRuns).values({ trigger, requestedBy, requestedAt: now() }).returning();
      await tx.execute(
        sql`select graphile_worker.add_job(${BACKUP_RUN_TASK}, ${JSON.stringify({ id: row!.id })}::json, queue_name => ${BACKUP_QUEUE}, max_attempts => 1, job_key => ${JOB_KEY_PREFIX + row!.id})`,
      );
      return row!;
    });
  }

  async function latest(limit: number): Promise<Row[]> {
    return db.select().from(backupRuns).orderBy(desc(backupRuns.requestedAt)).limit(limit);
  }

  /** The admin home's warning: the last backup failed, or (while the schedule is on) none succeeded lately. */
  async function warning(): Promise<string | null> {
    const [last] = await db.select().from(backupRuns).where(isNotNull(backupRuns.finishedAt)).orderBy(desc(backupRuns.finishedAt)).limit(1);
    if (last?.error) return BackupMessages.warningFailed;
    if (!config.scheduled) return null;
    const since = new Date(now().getTime() - BACKUP_STALE_HOURS * 3600_000);
    const [good] = await db
      .select({ at: backupRuns.finishedAt })
      .from(backupRuns)
      .where(and(isNotNull(backupRuns.finishedAt), isNull(backupRuns.error)))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1);
    if (good?.at && good.at > since) return null;
    // A new installation has had no night yet: it is warned once the platform is older than that.
    const [{ born } = { born: null }] = await db.select({ born: sql<Date | null>`min(${users.createdAt})` }).from(users);
    if (!born || new Date(born) > since) return null;
    return good ? BackupMessages.warningStale : BackupMessages.warningNever;
  }

  /** Deletes the app's archives beyond the newest `keep` (in the bucket or the folder), and what a crashed backup left behind. */
  async function prune(): Promise<void> {
    if (bucket) await bucket.prune(config.keep, (name) => ARCHIVE_NAME.test(name), now());
    const names = await fs.readdir(config.dir).catch((err: NodeJS.ErrnoException) => {
      if (bucket && err.code === 'ENOENT') return [];
      throw err;
    });
    if (!bucket) {
      const archives = names
        .filter((n) => ARCHIVE_NAME.test(n))
        .sort()
        .reverse();
      for (const old of archives.slice(config.keep)) await fs.rm(path.join(config.dir, old), { force: true });
    }
    for (const name of names.filter((n) => n.startsWith(STAGING_PREFIX) || n.endsWith('.tar.gz.partial'))) {
      const where = path.join(config.dir, name);
      const stat = await fs.stat(where).catch(() => undefined);
      if (stat && now().getTime() - stat.mtimeMs > LEFTOVER_AGE_MS) await fs.rm(where, { recursive: true, force: true });
    }
  }

  /** One e-mail to each tutor per failed run (the dedupe key makes a retried job send none twice). */
  async function mailFailure(on: Queryable, run: Row, error: string): Promise<void> {
    const tutors = await on.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin'));
    for (const tutor of tutors) {
      await queueMail(on, {
        kind: 'backup_failed',
        userId: tutor.id,
        to: tutor.email,
        subject: BackupMessages.failureMailSubject(ctx.appName),
        text: BackupMessages.failureMailText({
          appName: ctx.appName,
          at: (run.startedAt ?? run.requestedAt).toISOString(),
          error,
          pageUrl: `${ctx.appUrl}/admin/backups`,
        }),
        dedupeKey: `backup_failed:${run.id}:${tutor.id}`,
      });
    }
  }

  return {
    async overview(): Promise<BackupsOverview> {
      await closeOrphans(db);
      return {
        schedule: { on: config.scheduled, hourUtc: config.hour, keep: config.keep },
        folder: config.dir,
        bucket: config.bucket
          ? { name: config.bucket.bucket, prefix: config.bucket.prefix, endpoint: config.bucket.endpoint ?? null }
          : null,
        runs: (await latest(20)).map(toRun),
        warning: await warning(),
      };
    },

    /** The admin home's warning; a run the app left open when it died is closed first. */
    async warning(): Promise<string | null> {
      await closeOrphans(db);
      return warning();
    },

    /** 'Back Up Now': queues a backup; 409 while one is queued or running. */
    async request(userId: string): Promise<BackupRun> {
      const row = await queueRun('manual', userId);
      if (!row) throw conflict(BackupMessages.alreadyRunning);
      return toRun(row);
    },

    /** The nightly job: queues a run (none when one is already waiting or running). */
    async queueScheduled(): Promise<void> {
      await queueRun('scheduled', null);
    },

    /** Takes the backup of one queued run and records how it ended. */
    async run(id: string): Promise<void> {
      const startedAt = now();
      const [row] = await db
        .update(backupRuns)
        .set({ startedAt, heartbeatAt: startedAt })
        .where(and(eq(backupRuns.id, id), isNull(backupRuns.finishedAt)))
        .returning();
      if (!row) return;
      const file = archiveName(row.startedAt!);
      const open = and(eq(backupRuns.id, id), isNull(backupRuns.finishedAt));
      const beat = setInterval(() => {
        db.update(backupRuns)
          .set({ heartbeatAt: now() })
          .where(open)
          .catch((err: unknown) => log.warn({ err }, 'recording that a backup is alive failed'));
      }, BACKUP_HEARTBEAT_MS);
      try {
        const summary = await runBackupProcess({
          ...source,
          destination: config.bucket
            ? { kind: 'bucket', bucket: config.bucket, name: file, workDir: config.dir }
            : { kind: 'folder', folder: config.dir, name: file },
        });
        await db.update(backupRuns).set({ finishedAt: now(), file, location: summary.archive, sizeBytes: summary.sizeBytes }).where(open);
        log.info(`Backup ${summary.archive}: ${summary.rows} rows, ${summary.files} files, ${summary.sizeBytes} bytes.`);
      } catch (err) {
        const error = err instanceof BackupError ? err.message : `The backup failed: ${(err as Error).message}`;
        log.warn({ err }, 'a backup failed');
        await db.transaction(async (tx) => {
          await tx.update(backupRuns).set({ finishedAt: now(), error }).where(open);
          await mailFailure(tx, row, error);
        });
        return;
      } finally {
        clearInterval(beat);
      }
      // Pruning only after a good backup, so a failing night never shrinks the kept set.
      await prune().catch((err: unknown) => log.warn({ err }, 'pruning old backups failed'));
    },
  };
}
export type BackupsService = ReturnType<typeof createBackupsService>;
