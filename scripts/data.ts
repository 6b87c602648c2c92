// Backup and restore of the whole state: `npm run backup [-- <archive>]`, `npm run restore -- <archive> [--force]`
// (or `npm run data -- backup|restore <archive>`). Uses the app's own configuration (DATA_DIR or
// DATABASE_URL, and S3_* for the files); see src/server/platform/db/backup.ts. A backup runs while
// the app runs, on the embedded default too (through the app's own PostgreSQL).
import path from 'node:path';
import { BackupError, backupAppState, restoreAppState } from '../src/server/platform/db/backup';
import { EnvError, loadEnv } from '../src/server/platform/env';
import { StartError } from '../src/server/platform/start-errors';

const usage = `Usage:
  npm run backup [-- <archive.tar.gz>]          copy the database and the stored files into one archive
                                                (default: BACKUP_DIR/manual-<date>.tar.gz); the app may keep running
  npm run restore -- <archive.tar.gz> [--force] restore an archive into an empty database and storage
                                                (--force: replace the rows of a database that is not empty)`;

async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--force');
  const [command, given, ...rest] = argv.filter((a) => !a.startsWith('-'));
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    return 0;
  }
  if (
    (command !== 'backup' && command !== 'restore') ||
    (!given && command === 'restore') ||
    rest.length ||
    unknown.length ||
    (force && command !== 'restore')
  ) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  // Named apart from the app's nightly archives, which are pruned; these are kept until deleted by hand.
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const archive = given ?? path.join(env.backup.dir, `manual-${stamp}Z.tar.gz`);
  const log = (m: string) => console.log(m);
  const where = env.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${env.dataDir}`;
  const files = env.s3 ? `bucket ${env.s3.bucket}` : `${env.dataDir}/files`;
  if (command === 'backup') {
    log(`Backing up ${where} and the files in ${files} to ${archive} ...`);
    const s = await backupAppState(env, { archive, log });
    log(`Done: ${s.tables} tables, ${s.rows} rows, ${s.files} files in ${s.archive} (${(s.sizeBytes / 1e6).toFixed(1)} MB).`);
  } else {
    log(`Restoring ${archive} into ${where} and the files into ${files} ...`);
    const s = await restoreAppState(env, { archive, force, log });
    log(`Done: ${s.tables} tables, ${s.rows} rows and ${s.files} files restored; row counts match the archive.`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError || err instanceof EnvError || err instanceof StartError ? err.message : err);
    process.exit(1);
  },
);
