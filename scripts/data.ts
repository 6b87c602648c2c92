// Backup and restore of the whole state: `npm run backup [-- <archive>]`, `npm run restore -- <archive> [--force]`
// (or `npm run data -- backup|restore <archive>`). Uses the app's own configuration (DATA_DIR or
// DATABASE_URL, S3_* for the files, BACKUP_BUCKET for the backup bucket); see
// src/server/platform/db/backup.ts. A backup runs while the app runs, on the embedded default too
// (through the app's own PostgreSQL).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BackupError, backupAppState, restoreAppState } from '../src/server/platform/db/backup';
import { backupBucket, explainBucketError } from '../src/server/platform/db/backup-bucket';
import { EnvError, loadEnv } from '../src/server/platform/env';
import { StartError } from '../src/server/platform/start-errors';

const usage = `Usage:
  npm run backup [-- <archive.tar.gz>]          copy the database and the stored files into one archive
                                                (default: BACKUP_DIR/manual-<date>.tar.gz, or the same name in
                                                BACKUP_BUCKET when it is set); the app may keep running
  npm run restore -- <archive.tar.gz> [--force] restore an archive into an empty database and storage
                                                (--force: replace the rows of a database that is not empty)
  npm run restore -- s3://<bucket>/<key> [--force]
                                                the same from the backup bucket (BACKUP_BUCKET and its credentials)
  npm run restore -- --list                     list the backups in BACKUP_BUCKET, or in BACKUP_DIR`;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const list = argv.includes('--list');
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--force' && a !== '--list');
  const [command, given, ...rest] = argv.filter((a) => !a.startsWith('-'));
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    return 0;
  }
  if (
    (command !== 'backup' && command !== 'restore') ||
    (!given && command === 'restore' && !list) ||
    (list && (command !== 'restore' || given || force)) ||
    rest.length ||
    unknown.length ||
    (force && command !== 'restore')
  ) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  const bucket = env.backup.bucket ? backupBucket(env.backup.bucket) : undefined;
  const log = (m: string) => console.log(m);
  if (list) {
    if (bucket) {
      const stored = await bucket.list().catch((err: unknown) => {
        throw explainBucketError(err, bucket.config, 'Nothing was listed.') ?? err;
      });
      log(`Backups in s3://${bucket.config.bucket}/${bucket.config.prefix}, newest first:`);
      for (const b of stored) log(`  ${bucket.location(b.name)}  ${b.modifiedAt.toISOString()}  ${mb(b.sizeBytes)}`);
      if (!stored.length) log('  (none)');
    } else {
      const names = (await fs.readdir(env.backup.dir).catch(() => [] as string[]))
        .filter((n) => n.endsWith('.tar.gz'))
        .sort()
        .reverse();
      log(`Backups in ${env.backup.dir}, newest first:`);
      for (const name of names) {
        const stat = await fs.stat(path.join(env.backup.dir, name));
        log(`  ${path.join(env.backup.dir, name)}  ${stat.mtime.toISOString()}  ${mb(stat.size)}`);
      }
      if (!names.length) log('  (none)');
    }
    return 0;
  }
  // Named apart from the app's nightly archives, which are pruned; these are kept until deleted by hand.
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const manual = `manual-${stamp}Z.tar.gz`;
  const where = env.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${env.dataDir}`;
  const files = env.s3 ? `bucket ${env.s3.bucket}` : `${env.dataDir}/files`;
  if (command === 'backup') {
    const to = given
      ? { archive: given }
      : bucket
        ? { target: bucket.target(manual, env.backup.dir) }
        : { archive: path.join(env.backup.dir, manual) };
    log(`Backing up ${where} and the files in ${files} to ${to.archive ?? to.target!.location} ...`);
    const s = await backupAppState(env, { ...to, log });
    log(`Done: ${s.tables} tables, ${s.rows} rows, ${s.files} files in ${s.archive} (${mb(s.sizeBytes)}).`);
    return 0;
  }
  const fromBucket = given!.startsWith('s3://');
  if (fromBucket) {
    const [, name, key] = /^s3:\/\/([^/]+)\/(.+)$/.exec(given!) ?? [];
    if (!bucket)
      throw new BackupError(`${given} is in a bucket, but BACKUP_BUCKET is not set: set BACKUP_BUCKET (and its credentials) to read it.`);
    if (name !== bucket.config.bucket || !key?.startsWith(bucket.config.prefix) || key.slice(bucket.config.prefix.length).includes('/')) {
      throw new BackupError(
        `${given} is not in the backup bucket: give s3://${bucket.config.bucket}/${bucket.config.prefix}<file> (npm run restore -- --list shows them).`,
      );
    }
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-restore-'));
    try {
      const archive = path.join(work, key.slice(bucket.config.prefix.length));
      log(`Downloading ${given} ...`);
      await bucket.download(key.slice(bucket.config.prefix.length), archive);
      log(`Restoring it into ${where} and the files into ${files} ...`);
      const s = await restoreAppState(env, { archive, force, log });
      log(`Done: ${s.tables} tables, ${s.rows} rows and ${s.files} files restored; row counts match the archive.`);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
    return 0;
  }
  log(`Restoring ${given} into ${where} and the files into ${files} ...`);
  const s = await restoreAppState(env, { archive: given!, force, log });
  log(`Done: ${s.tables} tables, ${s.rows} rows and ${s.files} files restored; row counts match the archive.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError || err instanceof EnvError || err instanceof StartError ? err.message : err);
    process.exit(1);
  },
);
