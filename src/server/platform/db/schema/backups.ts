import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One backup the app took by itself: the nightly one, or one the tutor asked for with 'Back Up
 * Now'. Queued when asked for (started_at empty), running once started, finished with either the
 * archive's file name and size or the error that stopped it. The tutor's Backups page and the
 * admin home's warning read it.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** 'scheduled' | 'manual' (src/common/backups.ts). */
    trigger: text('trigger').notNull(),
    /** The tutor who pressed 'Back Up Now'; empty for the nightly run. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The archive's file name in the backup folder or bucket. */
    file: text('file'),
    /** Where the archive was written: its path on the server, or s3://bucket/key. */
    location: text('location'),
    /** Set when the run starts and renewed while it works: a run whose heartbeat stopped was interrupted (the app died). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [index('backup_runs_requested_idx').on(t.requestedAt)],
);
