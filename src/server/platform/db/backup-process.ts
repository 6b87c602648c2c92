import { fork } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BackupBucketConfig } from '../env';
import type { S3Config } from '../storage/storage-s3';
import { BackupError, type BackupSummary } from './backup';

/**
 * The app's own backups run in a process of their own (backup-child.ts), at a lower CPU priority
 * than the app's (BACKUP_NICENESS), on a connection of their own whose database process, on the
 * embedded default, is given the same lower priority. In the app's process the COPY's stream, the
 * checksums and the packing shared the event loop that answers the students' requests.
 */

/** One backup: where the database and the files are, and where the archive goes. */
export type BackupJob = {
  databaseUrl: string;
  /** The app's file storage: its bucket, or DATA_DIR/files. */
  files: { dataDir: string; s3?: S3Config | undefined };
  destination:
    { kind: 'folder'; folder: string; name: string } | { kind: 'bucket'; bucket: BackupBucketConfig; name: string; workDir: string };
  /** The database is the embedded PostgreSQL, a process on this machine that may be given a lower priority too. */
  lowerBackendPriority: boolean;
};

export type BackupJobAnswer = { ok: true; summary: BackupSummary } | { ok: false; message: string; sentence: boolean };

/** The child's script: beside the bundle (dist/server/backup-child.js), else its source through tsx. */
function childEntry(): { file: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('./backup-child.js', import.meta.url));
  if (fs.existsSync(built)) return { file: built, execArgv: [] };
  return { file: fileURLToPath(new URL('./backup-child.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

/** Takes one backup in a child process; its error comes back as a BackupError when it is one sentence for the operator. */
export function runBackupProcess(job: BackupJob): Promise<BackupSummary> {
  const { file, execArgv } = childEntry();
  return new Promise((resolve, reject) => {
    const child = fork(file, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answer: BackupJobAnswer | undefined;
    child.once('message', (message) => {
      answer = message as BackupJobAnswer;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!answer) return reject(new Error(`the backup process ended without an answer (${signal ?? `exit code ${code}`})`));
      if (answer.ok) return resolve(answer.summary);
      reject(answer.sentence ? new BackupError(answer.message) : new Error(answer.message));
    });
    child.send(job);
  });
}
