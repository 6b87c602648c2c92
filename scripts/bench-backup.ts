/**
 * npm run bench:backup — backups of a platform at scale, taken while students use it.
 *
 * Into a FRESH database (an embedded PostgreSQL in a temporary folder, or a new database
 * `bench_backup_<pid>` on the server of DATABASE_URL, dropped afterwards) it generates the analytics
 * benchmark's data set (5,000 students, ~1M progress rows, ~1M learning events; scripts/bench-data-set.ts)
 * and FILES stored files of 200 KB, then starts the app as its own process (built, NODE_ENV=production).
 * STUDENTS enrolled students each open their course page (GET /api/courses/:id/learn, "the course
 * call") every 50 ms, as a student's screen would refresh, while:
 *   1. nothing else runs (the reference, BASELINE seconds);
 *   2. the app takes a backup itself ('Back Up Now': the app's job runner, in the app's process, as the
 *      nightly backup runs), RUNS times;
 *   3. `npm run backup` runs beside the app (a process of its own through the app's database), once.
 * It prints each backup's duration and size and the course call's p50/p99 meanwhile (medians over
 * the runs), then times a restore of the archive into a new, empty database (`npm run restore`'s
 * path: the migrations, every table, the row counts checked, the files).
 * Target: the course call's p99 under 100 ms during a backup. Options: RUNS (default 3), STUDENTS
 * (default 20), BASELINE (default 10), FILES (default 50). Not part of npm test.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openBenchDatabase } from './bench-database';
import { generateDataSet } from './bench-data-set';
import { startBenchServer } from './bench-server';
import { seed } from '../src/server/seed/seed';
import { createSessionService } from '../src/server/domains/auth/sessions.service';
import { restoreState } from '../src/server/platform/db/backup';
import { openDatabase } from '../src/server/platform/db/client';
import { localFileStorage } from '../src/server/platform/storage/storage';
import type { BackupsOverview } from '../src/common/backups';

const RUNS = Number(process.env.RUNS ?? 3);
const STUDENTS = Number(process.env.STUDENTS ?? 20);
const BASELINE = Number(process.env.BASELINE ?? 10);
const FILES = Number(process.env.FILES ?? 50);
const ADMIN_EMAIL = 'admin@bench.example';
const COOKIE = '__Host-sid';

function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
const median = (xs: number[]) => percentile(xs, 50);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const s = (v: number) => `${(v / 1000).toFixed(1)} s`;

/** The students' screens: each asks for its course page every 50 ms until stopped; every answer's time. */
function courseCalls(base: string, students: { cookie: string; courseId: string }[]) {
  const times: number[] = [];
  let errors = 0;
  let stop = false;
  const loops = students.map(async ({ cookie, courseId }) => {
    while (!stop) {
      const t = performance.now();
      const res = await fetch(`${base}/api/courses/${courseId}/learn`, { headers: { cookie } }).catch(() => undefined);
      if (res?.ok) {
        await res.arrayBuffer();
        times.push(performance.now() - t);
      } else errors++;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    times,
    errors: () => errors,
    /** Keeps only the answers from now on. */
    reset: () => {
      times.length = 0;
      errors = 0;
    },
    stop: async () => {
      stop = true;
      await Promise.all(loops);
    },
  };
}

async function main() {
  const started = performance.now();
  const database = await openBenchDatabase('bench-backup', process.env.DATABASE_URL, 20);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-backup-work-'));
  await fs.chmod(work, 0o755);
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  let calls: ReturnType<typeof courseCalls> | undefined;
  try {
    await seed(database.db, { adminEmail: ADMIN_EMAIL, isProduction: false, testStudents: false });
    console.log('Generating the data set ...');
    const gen = performance.now();
    await generateDataSet(database.pool);
    const { rows: sizes } = await database.pool.query<Record<string, string>>(`
      select (select count(*) from users where role = 'student') as students, (select count(*) from lesson_progress) as progress,
             (select count(*) from learning_events) as events, (select count(*) from tutor_messages) as tutor_messages,
             pg_size_pretty(pg_database_size(current_database())) as size`);
    const n = sizes[0]!;
    console.log(
      `Generated in ${s(performance.now() - gen)}: ${n.students} students, ${n.progress} progress rows, ${n.events} events, ` +
        `${n.tutor_messages} tutor messages; database ${n.size}`,
    );

    // Stored files: the app's files folder is the server's DATA_DIR/files, set below.
    const filesDir = path.join(work, 'app-data', 'files');
    const storage = localFileStorage(filesDir);
    for (let i = 0; i < FILES; i++) {
      const bytes = crypto.randomBytes(200_000);
      const key = `bench-${i}.pdf`;
      await storage.put(key, bytes);
      await database.pool.query(
        `insert into files (storage_key, original_name, content_type, size_bytes, sha256) values ($1, $2, 'application/pdf', $3, $4)`,
        [key, `handout-${i}.pdf`, bytes.length, crypto.createHash('sha256').update(bytes).digest('hex')],
      );
    }

    const { rows: enrolled } = await database.pool.query<{ student_id: string; course_id: string }>(`
      select e.student_id, e.course_id from enrollments e
       where e.course_id = (select course_id from enrollments group by course_id order by count(*) desc limit 1)
       order by e.student_id limit ${STUDENTS}`);
    const sessions = createSessionService(database.db, () => new Date());
    const students = [];
    for (const e of enrolled) {
      const { token } = await sessions.create(e.student_id, {});
      students.push({ cookie: `${COOKIE}=${token}`, courseId: e.course_id });
    }
    const { rows: adminRow } = await database.pool.query<{ id: string }>(`select id from users where role = 'admin'`);
    const admin = `${COOKIE}=${(await sessions.create(adminRow[0]!.id, {})).token}`;

    const backupDir = path.join(work, 'backups');
    server = await startBenchServer({
      databaseUrl: database.url.toString(),
      adminEmail: ADMIN_EMAIL,
      name: 'bench-backup',
      env: {
        LOG_LEVEL: 'warn',
        GRADING_WORKERS: '0',
        BACKUP_SCHEDULE: 'off',
        BACKUP_DIR: backupDir,
        BACKUP_KEEP: String(RUNS + 1),
        // The app's files are the ones written above.
        DATA_DIR: path.join(work, 'app-data'),
      },
    });

    calls = courseCalls(server.url, students);
    await new Promise((r) => setTimeout(r, 3000)); // warm-up, not counted
    calls.reset();
    await new Promise((r) => setTimeout(r, BASELINE * 1000));
    const baseline = [...calls.times];
    const baselineErrors = calls.errors();

    const inApp: { ms: number; bytes: number; p50: number; p99: number; calls: number; errors: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      calls.reset();
      const res = await fetch(`${server.url}/api/admin/backups`, { method: 'POST', headers: { cookie: admin, origin: server.url } });
      if (res.status !== 202) throw new Error(`Back Up Now answered ${res.status}: ${await res.text()}`);
      const { run: queued } = (await res.json()) as { run: { id: string } };
      let done: BackupsOverview['runs'][number] | undefined;
      while (!done) {
        await new Promise((r) => setTimeout(r, 200));
        const overview = (await (await fetch(`${server.url}/api/admin/backups`, { headers: { cookie: admin } })).json()) as BackupsOverview;
        done = overview.runs.find((r) => r.id === queued.id && (r.status === 'succeeded' || r.status === 'failed'));
      }
      if (done.status === 'failed') throw new Error(`the backup failed: ${done.error}`);
      const during = [...calls.times];
      inApp.push({
        ms: Date.parse(done.finishedAt!) - Date.parse(done.startedAt!),
        bytes: done.sizeBytes!,
        p50: median(during),
        p99: percentile(during, 99),
        calls: during.length,
        errors: calls.errors(),
      });
      console.log(
        `in-app backup ${run + 1}: ${s(inApp.at(-1)!.ms)}, ${mb(done.sizeBytes!)}; course call p50 ${ms(median(during))}, p99 ${ms(percentile(during, 99))} (${during.length} calls, ${calls.errors()} errors)`,
      );
    }

    // npm run backup beside the running app: the real command, in a process of its own.
    calls.reset();
    const archive = path.join(work, 'cli.tar.gz');
    const cliStart = performance.now();
    const cliOutput = await new Promise<string>((resolve, reject) => {
      const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/data.ts', 'backup', archive], {
        env: { ...process.env, DATABASE_URL: database.url.toString(), DATA_DIR: path.join(work, 'app-data') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`npm run backup failed:\n${out}`))));
    });
    const cliMs = performance.now() - cliStart;
    if (!/^Done: /m.test(cliOutput)) throw new Error(`npm run backup said:\n${cliOutput}`);
    const cliSummary = { sizeBytes: (await fs.stat(archive)).size };
    const cliDuring = [...calls.times];
    const cliErrors = calls.errors();
    await calls.stop();
    calls = undefined;

    // A restore into a new, empty database on the same server.
    const restoreName = `bench_restore_${process.pid}`;
    const adminClient = new pg.Client({ connectionString: database.url.toString() });
    await adminClient.connect();
    await adminClient.query(`create database ${restoreName}`);
    const restoreUrl = new URL(database.url.toString());
    restoreUrl.pathname = `/${restoreName}`;
    const target = openDatabase(restoreUrl.toString(), { max: 2 });
    const restoreStart = performance.now();
    const restored = await restoreState({ pool: target.pool, storage: localFileStorage(path.join(work, 'restored-files')), archive });
    const restoreMs = performance.now() - restoreStart;
    await target.close();
    await adminClient.query(`drop database if exists ${restoreName} with (force)`);
    await adminClient.end();

    const p99s = inApp.map((r) => r.p99);
    const worst = Math.max(...p99s, percentile(cliDuring, 99));
    console.log('');
    console.log(`| measure | value |`);
    console.log(`|---|---|`);
    console.log(
      `| data set | ${n.students} students, ${n.progress} progress rows, ${n.events} learning events, ${FILES} files of 200 KB; database ${n.size} |`,
    );
    console.log(
      `| course call alone (${STUDENTS} students, every 50 ms), p50 / p99 | ${ms(median(baseline))} / ${ms(percentile(baseline, 99))} (${baseline.length} calls, ${baselineErrors} errors) |`,
    );
    console.log(
      `| in-app backup ('Back Up Now', the app's job runner), median of ${RUNS} | ${s(median(inApp.map((r) => r.ms)))} [${inApp.map((r) => s(r.ms)).join(', ')}], ${mb(median(inApp.map((r) => r.bytes)))} |`,
    );
    console.log(
      `| course call during it, p50 / p99 (median of ${RUNS}) | ${ms(median(inApp.map((r) => r.p50)))} / ${ms(median(p99s))} [p99s ${p99s.map((v) => v.toFixed(0)).join(', ')} ms]; errors ${inApp.reduce((a, r) => a + r.errors, 0)} |`,
    );
    console.log(
      `| npm run backup beside the app (a process of its own) | ${s(cliMs)}, ${mb(cliSummary.sizeBytes)}; course call p50 ${ms(median(cliDuring))} / p99 ${ms(percentile(cliDuring, 99))}, errors ${cliErrors} |`,
    );
    console.log(`| restore into a new, empty database (${restored.rows} rows, ${restored.files} files) | ${s(restoreMs)} |`);
    console.log(`| target: course call p99 < 100 ms during a backup | ${worst < 100 ? 'met' : 'NOT met'} (worst ${ms(worst)}) |`);
    console.log(`\ntotal bench time ${s(performance.now() - started)}`);
  } finally {
    await calls?.stop();
    await server?.stop();
    await database.dispose();
    await fs.rm(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
