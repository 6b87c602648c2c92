/** The texts of the app's own backups, without zod, so that the web pages can import them cheaply. */

/** Without a successful backup for this long while the schedule is on, the admin home warns. */
export const BACKUP_STALE_HOURS = 48;

export const BackupMessages = {
  alreadyRunning: 'A backup is already queued or running. Wait for it to finish, then back up again if needed.',
  queued: 'Backup queued. This page shows when it finishes.',
  interrupted: 'Interrupted: the app stopped during the backup.',
  warningFailed: 'The last backup failed.',
  warningStale: `No backup has succeeded in the last ${BACKUP_STALE_HOURS} hours.`,
  warningNever: 'No backup has been made yet.',
  failureMailSubject: (appName: string) => `${appName}: a backup failed`,
  failureMailText: (o: { appName: string; at: string; error: string; pageUrl: string }) =>
    `The backup of ${o.appName} started at ${o.at} failed:\n\n${o.error}\n\n` +
    `Until a backup succeeds, the data since the last good one exists only on the server. ` +
    `See the Backups page (${o.pageUrl}) and press Back Up Now once the cause is fixed.`,
} as const;
