/**
 * npm run bench:backup — backups of a platform at scale, taken while students use it.
 *
 * Into a FRESH database (an embedded PostgreSQL in a temporary folder, or a new database
 * `bench_backup_<pid>` on the server of DATABASE_URL, dropped afterwards) it generates the analytics
 * benchmark's data set (5,000 students, ~1M progress rows, ~1M learning events; scripts/bench-data-set.ts)
 * and FILES stored files of 200 KB, adds the practice course of the grading load
 * (scripts/bench-grading-load.ts), then starts the app as its own process (built, NODE_ENV=production,
 * with its two grading workers). Throughout, GRADERS students submit code as fast as it is graded
 * (the grading load of npm run bench:practice), and STUDENTS enrolled students each open their
 * course page (GET /api/courses/:id/learn, "the course call") every 50 ms, as a student's screen
 * would refresh, while:
 *   1. no backup runs (the reference, BASELINE seconds, measured again after the backups: the
 *      reference is the median of the two);
 *   2. the app takes a backup itself ('Back Up Now': the app's job runner, as the nightly backup
 *      runs), RUNS times;
 *   3. `npm run backup` runs beside the app (a process of its own through the app's database), once.
 * It prints each backup's duration and size, the course call's p50/p99 meanwhile (medians over
 * the runs), the verdicts graded meanwhile, and what the database sessions waited for and how busy
 * the CPU was (to tell CPU, disk and locks apart), then times a restore of the archive into a new,
 * empty database (`npm run restore`'s path: the migrations, every table, the row counts checked,
 * the files). Target: the course call's p99 under 100 ms during a backup. Options: RUNS (default
 * 3), STUDENTS (default 20), GRADERS (default 20), BASELINE (default 10), FILES (default 50). Not
 * part of npm test.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openBenchDatabase } from './bench-database';
import { generateDataSet } from './bench-data-set';
import { addPracticeCourse, GRADING_LOAD_ENV, PROGRAMS, startGradingLoad, submitAndWait } from './bench-grading-load';
import { startBenchServer } from './bench-server';
import { seed } from '../src/server/seed/seed';
import { createSessionService } from '../src/server/domains/auth/sessions.service';
import { restoreState } from '../src/server/platform/db/backup';
import { openDatabase } from '../src/server/platform/db/client';
import { localFileStorage } from '../src/server/platform/storage/storage';
import type { BackupsOverview } from '../src/common/backups';
import { courseCalls } from './bench-course-calls';
import { median, percentile } from './bench-stats';

const RUNS = Number(process.env.RUNS ?? 3);
const STUDENTS = Number(process.env.STUDENTS ?? 20);
const GRADERS = Number(process.env.GRADERS ?? 20);
const BASELINE = Number(process.env.BASELINE ?? 10);
const FILES = Number(process.env.FILES ?? 50);
const ADMIN_EMAIL = 'admin@bench.example';
const COOKIE = '__Host-sid';

const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const s = (v: number) => `${(v / 1000).toFixed(1)} s`;

/**
 * While a phase runs: what the active database sessions wait for (sampled every 200 ms; "CPU" is
 * no wait: running, or waiting for a core), and the share of the machine's CPU in use.
 */
function watchMachine(pool: pg.Pool) {
  const waits = new Map<string, number>();
  let stop = false;
  const cpu = async () => {
    const [, ...v] = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).map(Number);
    return { idle: v[3]! + v[4]!, total: v.reduce((a, b) => a + b, 0) };
  };
  const started = cpu();
  const loop = (async () => {
    while (!stop) {
      const { rows } = await pool
        .query<{ w: string; n: number }>(
          `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as w, count(*)::int as n from pg_stat_activity
            where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend' group by 1`,
        )
        .catch(() => ({ rows: [] }));
      for (const { w, n } of rows) waits.set(w, (waits.get(w) ?? 0) + n);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    const [a, b] = [await started, await cpu()];
    const busy = 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
    const total = [...waits.values()].reduce((x, y) => x + y, 0);
    const top = [...waits.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 4)
      .map(([w, n]) => `${w} ${((100 * n) / Math.max(1, total)).toFixed(0)}%`)
      .join(', ');
    return `CPU ${(busy * 100).toFixed(0)}% busy; sessions: ${top || 'none active'}`;
  };
}

async function main() {
  const started = performance.now();
  const database = await openBenchDatabase('bench-backup', process.env.DATABASE_URL, 20);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-backup-work-'));
  await fs.chmod(work, 0o755);
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  let calls: ReturnType<typeof courseCalls> | undefined;
  let grading: ReturnType<typeof startGradingLoad> | undefined;
  let gradingOn = true;
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
    const practice = await addPracticeCourse(database.db, GRADERS);
    const { rows: adminRow } = await database.pool.query<{ id: string }>(`select id from users where role = 'admin'`);
    const admin = `${COOKIE}=${(await sessions.create(adminRow[0]!.id, {})).token}`;

    const backupDir = path.join(work, 'backups');
    server = await startBenchServer({
      databaseUrl: database.url.toString(),
      adminEmail: ADMIN_EMAIL,
      name: 'bench-backup',
      env: {
        LOG_LEVEL: 'warn',
        ...GRADING_LOAD_ENV,
        BACKUP_SCHEDULE: 'off',
        BACKUP_DIR: backupDir,
        BACKUP_KEEP: String(RUNS + 1),
        // The app's files are the ones written above.
        DATA_DIR: path.join(work, 'app-data'),
      },
    });

    // Warm graders: each language once, not counted.
    for (const language of ['c', 'javascript', 'java'] as const) {
      const r = await submitAndWait(server.url, practice.cookies[0]!, practice.exercises[language], PROGRAMS[language]);
      if (!r.ok) throw new Error(`warming the graders, ${language}: ${r.why}\nThe server's last output:\n${server.output().slice(-3000)}`);
    }
    grading = startGradingLoad({ base: server.url, ...practice, students: GRADERS, going: () => gradingOn });
    calls = courseCalls(server.url, students);
    await new Promise((r) => setTimeout(r, 3000)); // warm-up, not counted
    /** The course calls and verdicts of a phase of BASELINE seconds with no backup running. */
    const reference = async () => {
      calls!.reset();
      const graded = grading!.answers.length;
      const machine = watchMachine(database.pool);
      await new Promise((r) => setTimeout(r, BASELINE * 1000));
      return { times: [...calls!.times], errors: calls!.errors(), graded: grading!.answers.length - graded, machine: await machine() };
    };
    const before = await reference();
    console.log(
      `no backup: course call p50 ${ms(median(before.times))}, p99 ${ms(percentile(before.times, 99))} (${before.times.length} calls); ${before.graded} verdicts; ${before.machine}`,
    );

    const inApp: { ms: number; bytes: number; p50: number; p99: number; calls: number; errors: number; graded: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      calls.reset();
      const graded = grading.answers.length;
      const machine = watchMachine(database.pool);
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
        graded: grading.answers.length - graded,
      });
      console.log(
        `in-app backup ${run + 1}: ${s(inApp.at(-1)!.ms)}, ${mb(done.sizeBytes!)}; course call p50 ${ms(median(during))}, p99 ${ms(percentile(during, 99))} (${during.length} calls, ${calls.errors()} errors); ${inApp.at(-1)!.graded} verdicts; ${await machine()}`,
      );
    }
    const after = await reference();
    console.log(
      `no backup, again: course call p50 ${ms(median(after.times))}, p99 ${ms(percentile(after.times, 99))} (${after.times.length} calls); ${after.graded} verdicts; ${after.machine}`,
    );

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
    gradingOn = false;
    await grading.done;
    const gradingErrors = grading.errors;
    grading = undefined;

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
    const refP99 = median([percentile(before.times, 99), percentile(after.times, 99)]);
    console.log(
      `| course call (${STUDENTS} students, every 50 ms) under the grading load (${GRADERS} students), no backup, p50 / p99 (before, after the backups) | ${ms(median(before.times))} / ${ms(percentile(before.times, 99))}, ${ms(median(after.times))} / ${ms(percentile(after.times, 99))} (${before.errors + after.errors} errors); reference p99 ${ms(refP99)} |`,
    );
    console.log(
      `| verdicts in ${BASELINE} s with no backup (before, after) / during each backup | ${before.graded}, ${after.graded} / ${inApp.map((r) => r.graded).join(', ')}; grading errors ${gradingErrors.length} |`,
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
    console.log(
      `| target: course call p99 < 100 ms during a backup | median ${ms(median(p99s))}: ${median(p99s) < 100 ? 'met' : 'NOT met'} (worst ${ms(worst)}; reference without a backup ${ms(refP99)}) |`,
    );
    if (gradingErrors.length) console.log(`\nFirst grading errors:\n${gradingErrors.slice(0, 5).join('\n')}`);
    console.log(`\ntotal bench time ${s(performance.now() - started)}`);
  } finally {
    await calls?.stop();
    gradingOn = false;
    await grading?.done;
    await server?.stop();
    await database.dispose();
    await fs.rm(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
