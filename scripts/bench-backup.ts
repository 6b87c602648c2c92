/**
 * npm run bench:backup — backups of a platform at scale, taken while students use it.
 *
 * Into a FRESH database it generates the analytics benchmark's data set (5,000 students, ~1M progress
 * rows, ~1M learning events; scripts/bench-data-set.ts) and FILES stored files of 200 KB, adds the
 * practice course of the grading load (scripts/bench-grading-load.ts), then starts the app as its own
 * process (built, NODE_ENV=production, with its two grading workers). Without DATABASE_URL that is the
 * default install: the app's own embedded PostgreSQL in its DATA_DIR (a temporary folder), filled here
 * before the app starts, so that the app starts it, makes its two roles, and backs up as it does for a
 * school (its backup's database process given a lower priority, `npm run backup` going through the
 * running server). With DATABASE_URL, a new database `bench_backup_<pid>` on that server, dropped
 * afterwards, which the app and its workers reach through that address. Throughout, GRADERS students submit code as fast as it is graded
 * (the grading load of npm run bench:practice), and STUDENTS enrolled students each open their
 * course page (GET /api/courses/:id/learn, "the course call") every 50 ms, as a student's screen
 * would refresh, while:
 *   1. no backup runs (the reference, BASELINE seconds, measured again after the backups: the
 *      reference is the median of the two);
 *   2. the app takes a backup itself ('Back Up Now': the app's job runner, as the nightly backup
 *      runs), RUNS times;
 *   3. `npm run backup` runs beside the app (a process of its own through the app's database), once.
 * It prints each backup's duration and size, the course call's p50/p99 meanwhile (medians over
 * the runs), the verdicts graded meanwhile, what the database sessions waited for and how busy
 * the CPU was (to tell CPU, disk and locks apart), and who used it: the server, PostgreSQL, the
 * grading (workers and sandboxes), the backup, this benchmark's own clients, and other programs of
 * the machine (on a shared machine, compare phases of one run), then times a restore of the archive into a new,
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
import { openDatabase, type Database } from '../src/server/platform/db/client';
import { runningEmbeddedServer, startEmbeddedPostgres } from '../src/server/platform/db/embedded';
import { runMigrations } from '../src/server/platform/db/migrate';
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

/** The machine's processes: parent, own CPU ticks, and the ticks of the children each has waited for. */
async function processTable() {
  const table = new Map<number, { ppid: number; cpu: number; reaped: number; nice: number }>();
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await fs.readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    table.set(Number(name), {
      ppid: Number(f[1]),
      cpu: Number(f[11]) + Number(f[12]),
      reaped: Number(f[13]) + Number(f[14]),
      nice: Number(f[16]),
    });
  }
  return table;
}

/** `roots` and every process below them. */
function below(table: Awaited<ReturnType<typeof processTable>>, roots: number[]): Set<number> {
  const set = new Set(roots.filter((pid) => table.has(pid)));
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, p] of table) {
      if (set.has(pid) || !set.has(p.ppid)) continue;
      set.add(pid);
      grew = true;
    }
  }
  return set;
}

/** The processes a phase's CPU is told apart by: the app's server, its PostgreSQL (when on this machine), `npm run backup`. */
type Parts = { server: number; postmaster?: number | undefined; cli?: number | undefined };

/**
 * While a phase runs: what the active database sessions wait for (sampled every 200 ms; "CPU" is
 * no wait: running, or waiting for a core), how busy the CPU was, and who used it, in cores: the
 * server, PostgreSQL (of it, the sessions at a lower priority: the backup's, the grading's), the
 * grading (workers and, as they end, their sandboxes), the backup's process, `npm run backup`, this
 * benchmark's own clients, and other programs of the machine.
 */
function watchMachine(pool: pg.Pool, parts: Parts) {
  const waits = new Map<string, number>();
  const used = new Map<string, number>();
  let stop = false;
  const cpu = async () => {
    const [, ...v] = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).map(Number);
    return { idle: v[3]! + v[4]!, total: v.reduce((a, b) => a + b, 0) };
  };
  const started = cpu();
  const startedAt = performance.now();
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
  // Who used the CPU: the differences between two looks at every process, every half second. A sandbox's CPU is
  // counted when its worker has waited for it (in the worker's children's ticks), so none is counted twice.
  const accounting = (async () => {
    let before = await processTable();
    while (!stop) {
      await new Promise((r) => setTimeout(r, 500));
      const now = await processTable();
      const children = [...now].filter(([, p]) => p.ppid === parts.server).map(([pid]) => pid);
      const commands = await Promise.all(children.map((pid) => fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')));
      const workers = children.filter((_, i) => commands[i]!.includes('worker'));
      const backup = below(
        now,
        children.filter((_, i) => commands[i]!.includes('backup-child')),
      );
      const database = below(now, parts.postmaster ? [parts.postmaster] : []);
      const cli = below(now, parts.cli ? [parts.cli] : []);
      for (const [pid, p] of now) {
        const was = before.get(pid);
        if (!was) continue;
        const part =
          pid === parts.server
            ? 'server'
            : workers.includes(pid)
              ? 'grading'
              : database.has(pid)
                ? p.nice > 0
                  ? 'PostgreSQL at nice > 0'
                  : 'PostgreSQL'
                : backup.has(pid)
                  ? 'backup process'
                  : cli.has(pid)
                    ? 'npm run backup'
                    : pid === process.pid
                      ? 'benchmark clients'
                      : undefined;
        if (!part) continue;
        used.set(part, (used.get(part) ?? 0) + p.cpu - was.cpu);
        if (part === 'grading') used.set(part, used.get(part)! + p.reaped - was.reaped);
      }
      before = now;
    }
  })();
  return async () => {
    stop = true;
    await Promise.all([loop, accounting]);
    const [a, b] = [await started, await cpu()];
    const busy = 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
    const total = [...waits.values()].reduce((x, y) => x + y, 0);
    const top = [...waits.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 4)
      .map(([w, n]) => `${w} ${((100 * n) / Math.max(1, total)).toFixed(0)}%`)
      .join(', ');
    // Clock ticks (USER_HZ, 100 a second) over the phase's seconds: cores.
    const seconds = (performance.now() - startedAt) / 1000;
    const cores = (ticks: number) => ticks / 100 / seconds;
    const ours = [...used.values()].reduce((x, y) => x + y, 0);
    const other = Math.max(0, busy * os.cpus().length - cores(ours));
    const byPart = [...used.entries(), ['other programs', other * 100 * seconds] as const]
      .sort((x, y) => y[1] - x[1])
      .map(([part, ticks]) => `${part} ${cores(ticks).toFixed(2)}`)
      .join(', ');
    return `CPU ${(busy * 100).toFixed(0)}% busy (cores: ${byPart}); sessions: ${top || 'none active'}`;
  };
}

/** The postmaster of the PostgreSQL serving `pool`, when that is a process of this machine (for the CPU by part). */
async function postmasterOf(pool: pg.Pool): Promise<number | undefined> {
  const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]!.pid;
  if ((await fs.readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim() !== 'postgres') return undefined;
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

async function main() {
  const started = performance.now();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-backup-work-'));
  await fs.chmod(work, 0o755);
  // The app's DATA_DIR: its files, and on the default install its PostgreSQL.
  const appData = path.join(work, 'app-data');
  const external = process.env.DATABASE_URL;
  let bench: Awaited<ReturnType<typeof openBenchDatabase>> | undefined;
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let database: Database & { url: URL };
  if (external) {
    bench = await openBenchDatabase('bench-backup', external, 20);
    database = bench;
  } else {
    // The default install: the app's own PostgreSQL in DATA_DIR/postgres, filled here before the app starts it.
    embedded = await startEmbeddedPostgres(appData);
    database = { ...openDatabase(embedded.url, { max: 20 }), url: new URL(embedded.url) };
    const { rows } = await database.pool.query<{ v: string }>(`select current_setting('server_version') as v`);
    console.log(`PostgreSQL ${rows[0]!.v}, embedded: the app's own, in ${path.join(appData, 'postgres')} (the default install)`);
    await runMigrations(database.pool);
  }
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
    const filesDir = path.join(appData, 'files');
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
    if (embedded) {
      // The app starts its PostgreSQL itself, as it does for a school.
      await database.close();
      await embedded.stop();
      embedded = undefined;
    }
    server = await startBenchServer({
      // Empty on the default install: the app then runs its embedded PostgreSQL in DATA_DIR.
      databaseUrl: external ? database.url.toString() : '',
      adminEmail: ADMIN_EMAIL,
      name: 'bench-backup',
      env: {
        LOG_LEVEL: 'warn',
        ...GRADING_LOAD_ENV,
        BACKUP_SCHEDULE: 'off',
        BACKUP_DIR: backupDir,
        BACKUP_KEEP: String(RUNS + 1),
        // The app's files (and on the default install its database) are the ones written above.
        DATA_DIR: appData,
      },
    });
    if (!external) {
      // The benchmark's own look at the database, through the running app's PostgreSQL, as npm run backup does.
      const running = await runningEmbeddedServer(appData);
      if (!running) throw new Error(`the app's embedded PostgreSQL is not running in ${appData}`);
      database = { ...openDatabase(running.url, { max: 4 }), url: new URL(running.url) };
    }
    const parts: Parts = { server: server.child.pid!, postmaster: await postmasterOf(database.pool) };

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
      const machine = watchMachine(database.pool, parts);
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
      const machine = watchMachine(database.pool, parts);
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
    let cliMachine: (() => Promise<string>) | undefined;
    const cliOutput = await new Promise<string>((resolve, reject) => {
      // On the default install, DATA_DIR alone: the command finds the running app's PostgreSQL there.
      const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/data.ts', 'backup', archive], {
        env: { ...process.env, ...(external ? { DATABASE_URL: database.url.toString() } : {}), DATA_DIR: appData },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      cliMachine = watchMachine(database.pool, { ...parts, cli: child.pid });
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
    console.log(
      `npm run backup: ${s(cliMs)}; course call p50 ${ms(median(cliDuring))}, p99 ${ms(percentile(cliDuring, 99))} (${cliDuring.length} calls); ${await cliMachine!()}`,
    );
    await calls.stop();
    calls = undefined;
    gradingOn = false;
    await grading.done;
    const gradingErrors = grading.errors;
    grading = undefined;

    // A restore into a new, empty database on the same server.
    const restoreName = `bench_restore_${process.pid}`;
    const adminClient = new pg.Client({ connectionString: database.url.toString() });
    // A connection ended by the server (its shutdown after a failure here) must not hide that failure.
    adminClient.on('error', () => {});
    await adminClient.connect();
    let restored: Awaited<ReturnType<typeof restoreState>>;
    let restoreMs: number;
    try {
      await adminClient.query(`create database ${restoreName}`);
      const restoreUrl = new URL(database.url.toString());
      restoreUrl.pathname = `/${restoreName}`;
      const target = openDatabase(restoreUrl.toString(), { max: 2 });
      const restoreStart = performance.now();
      try {
        restored = await restoreState({ pool: target.pool, storage: localFileStorage(path.join(work, 'restored-files')), archive });
      } finally {
        await target.close();
      }
      restoreMs = performance.now() - restoreStart;
    } finally {
      await adminClient.query(`drop database if exists ${restoreName} with (force)`).catch(() => {});
      await adminClient.end().catch(() => {});
    }

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
    // On the default install the benchmark's connections end before the app stops its PostgreSQL.
    if (!external) await database.close().catch(() => {});
    await server?.stop();
    await embedded?.stop();
    await bench?.dispose();
    await fs.rm(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
