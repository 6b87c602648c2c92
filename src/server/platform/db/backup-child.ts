// The process one backup of the app runs in (see backup-process.ts): it takes the job from its
// parent, answers once, and ends. When the app that started it dies, it ends too.
import os from 'node:os';
import path from 'node:path';
import { BACKUP_NICENESS, BackupError, backupState, fileTarget } from './backup';
import { backupBucket } from './backup-bucket';
import type { BackupJob, BackupJobAnswer } from './backup-process';
import { openDatabase } from './client';
import { createStorage } from '../storage/storage';

let answered = false;
// The parent is gone (the app stopped or died): nobody waits for this backup. Its leftovers are pruned later.
process.on('disconnect', () => {
  if (!answered) process.exit(1);
});

process.once('message', (message) => {
  void take(message as BackupJob).then((answer) => {
    answered = true;
    process.send!(answer, () => process.exit(0));
  });
});

async function take(job: BackupJob): Promise<BackupJobAnswer> {
  try {
    os.setPriority(Math.max(os.getPriority(), BACKUP_NICENESS));
  } catch {
    // Not permitted here: the backup runs at the app's priority.
  }
  const database = openDatabase(job.databaseUrl, { max: 1 });
  try {
    const d = job.destination;
    const target = d.kind === 'bucket' ? backupBucket(d.bucket).target(d.name, d.workDir) : fileTarget(path.join(d.folder, d.name));
    const summary = await backupState({
      pool: database.pool,
      storage: createStorage(job.files),
      target,
      lowerBackendPriority: job.lowerBackendPriority,
    });
    return { ok: true, summary };
  } catch (err) {
    return err instanceof BackupError
      ? { ok: false, message: err.message, sentence: true }
      : { ok: false, message: (err as Error).message ?? String(err), sentence: false };
  } finally {
    await database.close().catch(() => {});
  }
}
