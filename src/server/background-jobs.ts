import type { TaskList } from 'graphile-worker';
import type { Db } from './platform/db/client';
import { runJobWorker, type JobWorker } from './platform/jobs/job-queue';
import type { Mailer } from './platform/mail/transport';
import {
  DUE_REMINDERS_TASK,
  INACTIVITY_REMINDERS_TASK,
  REGISTRATION_DIGEST_TASK,
  WEEKLY_SUMMARY_TASK,
  type NotificationsService,
} from './domains/notifications';
import { pruneOldRuns } from './domains/practice';
import { deliverOutboxMessage, MAIL_SEND_TASK } from './platform/mail/outbox';
import { BACKUP_RUN_TASK, BACKUP_SCHEDULED_TASK, backupCrontab, type BackupsService } from './domains/backups';
import type { Env } from './platform/env';
import { SIMILARITY_CHECK_TASK, type SimilarityService } from './domains/similarity';

/**
 * The app's own background jobs, on the same queue as the grading workers but run in the app's
 * process (they need its mail settings): sending the outbox, the tutor's registration digest, the
 * reminders to inactive students (hourly), the reminders of due dates (hourly), the weekly summary (Mondays, 07:00 UTC) and the nightly
 * pruning of old exercise runs, and the nightly backup (at BACKUP_HOUR, unless BACKUP_SCHEDULE=off)
 * with the backups the tutor asks for, and the tutor's similarity checks. Each runner
 * takes only the tasks it knows, so graders never see these and this runner never grades; cron
 * items are scheduled once per time however many instances run them.
 */
const PRUNE_RUNS_TASK = 'prune_practice_runs';

export const BACKGROUND_CRONTAB = [
  `0 * * * * ${INACTIVITY_REMINDERS_TASK}`,
  // A day before a due date, hourly: what falls due within the next 24 hours and is not met yet.
  `10 * * * * ${DUE_REMINDERS_TASK}`,
  `0 7 * * 1 ${WEEKLY_SUMMARY_TASK}`,
  // Old exercise runs and reference checks, nightly (submissions are kept).
  `30 3 * * * ${PRUNE_RUNS_TASK}`,
].join('\n');

/** The crontab with the nightly backup's line, when its schedule is on. */
export const backgroundCrontab = (backup: Env['backup'] | undefined) =>
  [BACKGROUND_CRONTAB, ...(backup ? backupCrontab(backup) : [])].join('\n');

export type BackgroundJobDeps = {
  db: Db;
  mailer: Mailer;
  mailFrom: string;
  notifications: NotificationsService;
  /** The app's backups, and their schedule (the nightly line is left out when it is off). */
  backups?: { service: BackupsService; config: Env['backup'] };
  /** The tutor's similarity checks ('Check Similarity'), each compared in a worker thread of its own. */
  similarity?: SimilarityService;
  warn: (message: string) => void;
  /** Off in tests that drive the timed jobs themselves. */
  crontab?: boolean;
};

export function backgroundTasks({ db, mailer, mailFrom, notifications, backups, similarity }: BackgroundJobDeps): TaskList {
  return {
    ...(similarity
      ? {
          [SIMILARITY_CHECK_TASK]: async (payload: unknown) => {
            await similarity.run(payload as { exerciseId: string; runId: string });
          },
        }
      : {}),
    ...(backups
      ? {
          [BACKUP_SCHEDULED_TASK]: async () => {
            await backups.service.queueScheduled();
          },
          [BACKUP_RUN_TASK]: async (payload: unknown) => {
            await backups.service.run((payload as { id: string }).id);
          },
        }
      : {}),
    [MAIL_SEND_TASK]: async (payload) => {
      const { id } = payload as { id: string };
      await deliverOutboxMessage(db, mailer, mailFrom, id);
    },
    [REGISTRATION_DIGEST_TASK]: async () => {
      await notifications.sendRegistrationDigest();
    },
    [INACTIVITY_REMINDERS_TASK]: async () => {
      await notifications.sendInactivityReminders();
    },
    [DUE_REMINDERS_TASK]: async () => {
      await notifications.sendDueReminders();
    },
    [WEEKLY_SUMMARY_TASK]: async () => {
      await notifications.sendWeeklySummary();
    },
    [PRUNE_RUNS_TASK]: async () => {
      await pruneOldRuns(db.$client, new Date());
    },
  };
}

export async function startBackgroundJobs(deps: BackgroundJobDeps): Promise<JobWorker> {
  return runJobWorker({
    pool: deps.db.$client,
    tasks: backgroundTasks(deps),
    // Sending mail waits on the network, not the CPU: a few at once keep a backlog short.
    concurrency: 4,
    warn: deps.warn,
    crontab: deps.crontab === false ? undefined : backgroundCrontab(deps.backups?.config),
  });
}
