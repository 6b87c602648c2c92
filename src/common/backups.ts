import { z } from 'zod';

export { BACKUP_STALE_HOURS, BackupMessages } from './backups-texts';

/** The app's own backups: the tutor's Backups page and the admin home's warning. */

export const backupTriggers = ['scheduled', 'manual'] as const;
export type BackupTrigger = (typeof backupTriggers)[number];

export const backupRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(backupTriggers),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The archive's name in the folder or the bucket. */
  file: z.string().nullable(),
  /** Where it was written: its path on the server, or s3://bucket/key. */
  location: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

/** GET /api/admin/backups: the schedule, where the archives go, the latest runs and the warning, if any. */
export const backupsOverviewSchema = z.object({
  schedule: z.object({ on: z.boolean(), hourUtc: z.number().int(), keep: z.number().int() }),
  /** The backup folder; with a bucket, only where a backup is packed before it is uploaded. */
  folder: z.string(),
  /** The bucket the backups go to (BACKUP_BUCKET), under its prefix; null when they stay in the folder. */
  bucket: z.object({ name: z.string(), prefix: z.string(), endpoint: z.string().nullable() }).nullable(),
  runs: z.array(backupRunSchema),
  /** Set when the admin home should warn: the last backup failed, or none succeeded lately. */
  warning: z.string().nullable(),
});
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;

export const backupQueuedSchema = z.object({ run: backupRunSchema, message: z.string() });
