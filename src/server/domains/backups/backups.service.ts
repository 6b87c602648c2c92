import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { BACKUP_STALE_HOURS, BackupMessages, type BackupRun, type BackupsOverview, type BackupTrigger } from '../../../common/backups';
import type { Db } from '../../platform/db/client';
import { backupState, BackupError, STAGING_PREFIX } from '../../platform/db/backup';
import { backupRuns, users } from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import type { Env } from '../../platform/env';
import { conflict } from '../../platform/http/errors';
import { queueMail } from '../../platform/mail/outbox';
import type { FileStorage } from '../../platform/storage/storage';

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
    sizeBytes: row.sizeBytes,
    error: row.error,
  };
}

export type BackupsDeps = {
  db: Db;
  storage: FileStorage;
  config: Env['backup'];
  ctx: { appName: string; appUrl: string };
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void; info: (msg: string) => void };
};

export function createBackupsService({ db, storage, config, ctx, now, log }: BackupsDeps) {
  /**
   * Marks as interrupted the open runs whose job is gone: the app stopped while one ran, or the
   * database was restored from a backup that recorded its own run as running (the queue's tables
   * are not part of a backup). A job still waiting or being worked on keeps its run open.
   */
  async function closeOrphans(on: Queryable): Promise<void> {
    await on.execute(sql`
      update backup_runs r set finished_at = ${now()}, error = ${BackupMessages.interrupted}
       where r.finished_at is null
         and not exists (select 1 from graphile_worker.jobs j
                          where j.key = ${JOB_KEY_PREFIX} || r.id::text
                            and (j.locked_at is not null or j.attempts < j.max_attempts))`);
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

  /** Deletes the app's archives beyond the newest `keep`, and what a crashed backup left behind. */
  async function prune(): Promise<void> {
    const names = await fs.readdir(config.dir);
    const archives = names
      .filter((n) => ARCHIVE_NAME.test(n))
      .sort()
      .reverse();
    for (const old of archives.slice(config.keep)) await fs.rm(path.join(config.dir, old), { force: true });
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
        runs: (await latest(20)).map(toRun),
        warning: await warning(),
      };
    },

    warning,

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
      const [row] = await db
        .update(backupRuns)
        .set({ startedAt: now() })
        .where(and(eq(backupRuns.id, id), isNull(backupRuns.finishedAt)))
        .returning();
      if (!row) return;
      const file = archiveName(row.startedAt!);
      try {
        const summary = await backupState({ pool: db.$client, storage, archive: path.join(config.dir, file) });
        await db.update(backupRuns).set({ finishedAt: now(), file, sizeBytes: summary.sizeBytes }).where(eq(backupRuns.id, id));
        log.info(`Backup ${file}: ${summary.rows} rows, ${summary.files} files, ${summary.sizeBytes} bytes.`);
      } catch (err) {
        const error = err instanceof BackupError ? err.message : `The backup failed: ${(err as Error).message}`;
        log.warn({ err }, 'a backup failed');
        await db.transaction(async (tx) => {
          await tx.update(backupRuns).set({ finishedAt: now(), error }).where(eq(backupRuns.id, id));
          await mailFailure(tx, row, error);
        });
        return;
      }
      // Pruning only after a good backup, so a failing night never shrinks the kept set.
      await prune().catch((err: unknown) => log.warn({ err }, 'pruning old backups failed'));
    },
  };
}
export type BackupsService = ReturnType<typeof createBackupsService>;
