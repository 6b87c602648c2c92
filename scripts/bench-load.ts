/**
 * npm run bench:load — the API under load.
 *
 * Into a FRESH database (an embedded PostgreSQL in a temporary folder, or a new database
 * `bench_load_<pid>` on the server of DATABASE_URL, dropped afterwards) it seeds 1,000 approved
 * students enrolled in one published course of 30 lessons, starts the app as its own process (as in
 * production: built, NODE_ENV=production), then drives it from this process with autocannon for
 * DURATION seconds over 50 connections on loopback, four calls side by side with a quarter of the
 * connections each: the course-learning data call, marking lessons complete, the dashboard call, and
 * GET /api/health as the reference. It prints requests per second, p50/p99 latency and errors per
 * call, each call's throughput as a share of the health route's, the server's peak memory, and then
 * checks that every acknowledged completion is in the database, once.
 *
 * The server is warmed up first with WARMUP seconds of the same load, not counted. Then, unless
 * FAULT=0, PostgreSQL is restarted under FAULT_DURATION seconds of the same load (see outage()).
 *
 * Targets (on PostgreSQL): zero errors, p99 under 50 ms, the course call at least 30% of health;
 * during the restart only 2xx or 503 answers, serving again within 5 s, nothing lost.
 * Then GET /api/health alone on every connection for 15 s (HEALTH_ALONE=0 skips it): the floor of
 * any call's latency on the machine.
 * Options: DURATION (seconds, default 30), CONNECTIONS (default 50), WARMUP (default 5), FAULT,
 * FAULT_DURATION (default 20), OUTAGE_MS (default 3000); diagnostics: PROFILE=<folder> (a CPU
 * profile of the server), WAITS=1 (what the database sessions wait for). Not part of npm test.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/platform/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/server/platform/db/embedded';
import { runMigrations } from '../src/server/platform/db/migrate';
import { seed } from '../src/server/seed/seed';
import { createSessionService } from '../src/server/domains/auth/sessions.service';
import { startBenchServer } from './bench-server';

const STUDENTS = 1000;
const CHAPTERS = 3;
const LESSONS_PER_CHAPTER = 10;
const DURATION = Number(process.env.DURATION ?? 30);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const WARMUP = Number(process.env.WARMUP ?? 5);
const ADMIN_EMAIL = 'admin@bench.example';
const COOKIE = '__Host-sid';

/** The PostgreSQL server to use and a fresh database on it. */
async function freshDatabase() {
  let embedded: EmbeddedDatabase | undefined;
  let tmp: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
    await fs.chmod(tmp, 0o755);
    embedded = await startEmbeddedPostgres(tmp);
    serverUrl = embedded.url;
  }
  const name = `bench_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `${embedded ? 'embedded' : 'external'} PostgreSQL ${version}`,
    embedded: Boolean(embedded),
    /**
     * PostgreSQL goes away for `ms` and comes back. The embedded server is really stopped and started
     * again on its port. A DATABASE_URL server is shared with others and cannot be restarted here:
     * every session of the bench database is terminated, as a restart does, and again every 20 ms
     * for `ms` (what the app sees of a restart: its connections cut, new ones failing).
     */
    async outage(ms: number) {
      if (embedded) {
        const port = Number(new URL(embedded.url).port);
        await embedded.stop();
        await new Promise((r) => setTimeout(r, ms));
        embedded = await startEmbeddedPostgres(tmp!, () => {}, { port });
        return;
      }
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      const until = Date.now() + ms;
      do {
        await a.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        await new Promise((r) => setTimeout(r, 20));
      } while (Date.now() < until);
      await a.end();
    },
    async drop() {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
      await embedded?.stop();
      if (tmp) await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}

async function seedLoad(url: string) {
  const database = openDatabase(url, { max: 4 });
  await runMigrations(database.pool);
  await seed(database.db, { adminEmail: ADMIN_EMAIL, isProduction: true, testStudents: false });
  const [course] = (
    await database.db.execute<{ id: string }>(
      sql`insert into courses (title, description, is_published) values ('Load Course', 'Seeded by bench:load', true) returning id`,
    )
  ).rows;
  await database.db.execute(sql`
    insert into chapters (course_id, title, position) select ${course!.id}, 'Chapter ' || p, p from generate_series(1, ${CHAPTERS}) p`);
  await database.db.execute(sql`
    insert into lessons (chapter_id, title, lesson_type, video_url, position)
    select ch.id, 'Lesson ' || ch.position || '.' || p, 'VIDEO', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', p
    from chapters ch cross join generate_series(1, ${LESSONS_PER_CHAPTER}) p where ch.course_id = ${course!.id}`);
  await database.db.execute(sql`
    insert into users (email, first_name, last_name, role, approval_status)
    select 'load' || g || '@bench.example', 'Load', 'Student ' || g, 'student', 'approved' from generate_series(1, ${STUDENTS}) g`);
  await database.db.execute(sql`
    insert into enrollments (student_id, course_id) select id, ${course!.id} from users where email like 'load%@bench.example'`);
  const students = (await database.db.execute<{ id: string }>(sql`select id from users where email like 'load%@bench.example'`)).rows;
  const lessonIds = (
    await database.db.execute<{ id: string }>(
      sql`select l.id from lessons l join chapters ch on ch.id = l.chapter_id where ch.course_id = ${course!.id}`,
    )
  ).rows.map((r) => r.id);
  const sessions = createSessionService(database.db, () => new Date());
  const cookies: string[] = [];
  const studentIds: string[] = [];
  for (const s of students) {
    const { token } = await sessions.create(s.id, { userAgent: 'bench-load' });
    cookies.push(`${COOKIE}=${token}`);
    studentIds.push(s.id);
  }
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  return { courseId: course!.id, lessonIds, cookies, studentIds };
}

async function startServer(databaseUrl: string) {
  // PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.PROFILE)}`] : [];
  // LOG_LEVEL as in production: unset (info) unless given.
  const server = await startBenchServer({ databaseUrl, adminEmail: ADMIN_EMAIL, name: 'bench-load', nodeArgs: profile });
  const { child, url } = server;
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`\nTHE SERVER EXITED (code ${code}, signal ${signal}) under load; its last output:\n${server.output().slice(-4000)}`);
  });
  // Resident memory, sampled: the peak is what the machine must have.
  let peakKb = 0;
  const rssKb = async () => {
    const status = await fs.readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  };
  const sampler = setInterval(() => void rssKb().then((kb) => (peakKb = Math.max(peakKb, kb))), 200);
  return {
    url,
    pid: child.pid!,
    peakMb: () => peakKb / 1024,
    async stop() {
      stopping = true;
      clearInterval(sampler);
      const hwm = /VmHWM:\s+(\d+)/.exec(await fs.readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => ''))?.[1];
      if (hwm) peakKb = Math.max(peakKb, Number(hwm));
      await server.stop();
    },
  };
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** CPU seconds (user + system) a local process has used so far; 0 once it is gone. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100; // utime, stime in clock ticks (100 per second)
}

/**
 * Where the machine's CPU went during a run: the app, this process (the load generator) and the
 * PostgreSQL sessions of the bench database (when PostgreSQL runs on this machine), sampled
 * every 500 ms so that sessions closed before the end are counted too.
 */
function cpuMeter(serverPid: number, databaseUrl: string) {
  const sessions = new Map<number, { first: number; last: number }>();
  const client = new pg.Client({ connectionString: databaseUrl });
  const name = new URL(databaseUrl).pathname.slice(1);
  let timer: NodeJS.Timeout | undefined;
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      for (const { pid } of rows) {
        const t = await cpuSeconds(pid);
        const seen = sessions.get(pid);
        if (seen) seen.last = Math.max(seen.last, t);
        else sessions.set(pid, { first: t, last: t });
      }
    } finally {
      busy = false;
    }
  };
  let start: { server: number; self: NodeJS.CpuUsage; at: number };
  return {
    async start() {
      await client.connect();
      start = { server: await cpuSeconds(serverPid), self: process.cpuUsage(), at: Date.now() };
      await sample();
      timer = setInterval(() => void sample().catch(() => {}), 500);
    },
    async stop() {
      clearInterval(timer);
      await sample().catch(() => {});
      await client.end();
      const self = process.cpuUsage(start.self);
      const database = [...sessions.values()].reduce((n, s) => n + s.last - s.first, 0);
      return {
        seconds: (Date.now() - start.at) / 1000,
        server: (await cpuSeconds(serverPid)) - start.server,
        loadGenerator: (self.user + self.system) / 1e6,
        database,
      };
    },
  };
}

type Call = { label: string; result: Result };

async function main() {
  const db = await freshDatabase();
  console.log(`Seeding ${STUDENTS} enrolled students and a course of ${CHAPTERS * LESSONS_PER_CHAPTER} lessons on ${db.label} ...`);
  const data = await seedLoad(db.url);
  const server = await startServer(db.url);
  const acknowledged = new Set<string>();
  const perCall = Math.floor(CONNECTIONS / 4);
  const connections = [CONNECTIONS - 3 * perCall, perCall, perCall, perCall];

  const withStudent = (req: { headers?: Record<string, string> }, context: Record<string, unknown>) => {
    const i = Math.floor(Math.random() * data.cookies.length);
    context.student = i;
    return { ...req, headers: { ...req.headers, cookie: data.cookies[i]! } };
  };
  /** The four calls side by side for `seconds`, a quarter of the connections each. */
  async function load(seconds: number): Promise<Call[]> {
    const run = (connections: number, request: Parameters<typeof autocannon>[0]['requests']) =>
      autocannon({ url: server.url, connections, duration: seconds, timeout: 10, requests: request });
    const [course, complete, dashboard, health] = (await Promise.all([
      run(connections[0]!, [{ method: 'GET', path: `/api/courses/${data.courseId}/learn`, setupRequest: withStudent }]),
      run(connections[1]!, [
        {
          method: 'PUT',
          setupRequest: (req, context) => {
            const lessonId = pick(data.lessonIds);
            context.lesson = lessonId;
            return { ...withStudent(req, context), path: `/api/lessons/${lessonId}/progress`, body: '{"status":"completed"}' };
          },
          headers: { 'content-type': 'application/json' },
          onResponse: (status, _body, context) => {
            if (status === 200) acknowledged.add(`${data.studentIds[context.student as number]}|${context.lesson as string}`);
          },
        },
      ]),
      run(connections[2]!, [{ method: 'GET', path: '/api/student/dashboard', setupRequest: withStudent }]),
      run(connections[3]!, [{ method: 'GET', path: '/api/health' }]),
    ])) as [Result, Result, Result, Result];
    return [
      { label: 'course outline  GET /api/courses/:id/learn', result: course },
      { label: 'mark complete   PUT /api/lessons/:id/progress', result: complete },
      { label: 'dashboard       GET /api/student/dashboard', result: dashboard },
      { label: 'health          GET /api/health', result: health },
    ];
  }

  // WAITS=1: what the database's sessions of this database are doing, sampled every 100 ms.
  const waits = new Map<string, number>();
  let sampling: pg.Client | undefined;
  let samplerTimer: NodeJS.Timeout | undefined;
  if (process.env.WAITS) {
    sampling = new pg.Client({ connectionString: db.url });
    await sampling.connect();
    const dbName = new URL(db.url).pathname.slice(1);
    const sample = async () => {
      const { rows } = await sampling!.query<{ w: string; n: number }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') || ' ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as w, count(*)::int as n
         from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid() group by 1`,
        [dbName],
      );
      for (const r of rows) waits.set(r.w, (waits.get(r.w) ?? 0) + r.n);
    };
    let busy = false;
    samplerTimer = setInterval(() => {
      if (busy) return;
      busy = true;
      void sample()
        .catch(() => {})
        .finally(() => (busy = false));
    }, 100);
  }

  // A server is measured warm: the first seconds (JIT compilation, the pool opening its connections,
  // PostgreSQL's caches) are load too, but not counted.
  if (WARMUP > 0) {
    console.log(`Warming up for ${WARMUP} s (not counted) ...`);
    await load(WARMUP);
  }
  console.log(`Driving ${server.url} for ${DURATION} s with ${CONNECTIONS} connections (${connections.join(' + ')}) ...`);
  const meter = cpuMeter(server.pid, db.url);
  await meter.start();
  const calls = await load(DURATION);
  const cpu = await meter.stop();
  if (sampling) {
    clearInterval(samplerTimer);
    await sampling.end();
    const total = [...waits.values()].reduce((a, b) => a + b, 0);
    console.log(`\nactive database sessions by wait event and query (${total} samples of sessions):`);
    for (const [w, n] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${String(n).padStart(7)}  ${w}`);
  }
  const health = calls[3]!.result;
  console.log(
    `\n${'call'.padEnd(48)} ${'req/s'.padStart(8)} ${'p50'.padStart(7)} ${'p90'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'errors'.padStart(7)} ${'vs health'.padStart(10)}`,
  );
  for (const { label, result: r } of calls) {
    const errors = r.errors + r.timeouts + r.non2xx;
    console.log(
      `${label.padEnd(48)} ${r.requests.average.toFixed(0).padStart(8)} ${`${r.latency.p50}ms`.padStart(7)} ${`${r.latency.p90}ms`.padStart(7)} ${`${r.latency.p99}ms`.padStart(7)} ${`${r.latency.max}ms`.padStart(7)} ${String(errors).padStart(7)} ${`${((100 * r.requests.average) / health.requests.average).toFixed(0)}%`.padStart(10)}`,
    );
  }
  console.log(`server peak memory (RSS): ${server.peakMb().toFixed(0)} MB`);
  const share = (v: number) => `${v.toFixed(1)} s (${((100 * v) / cpu.seconds).toFixed(0)}% of a core)`;
  console.log(
    `CPU over the ${cpu.seconds.toFixed(0)} s (${os.cpus().length} cores): app ${share(cpu.server)}, PostgreSQL sessions ${share(cpu.database)}, load generator ${share(cpu.loadGenerator)}`,
  );
  const allErrors = calls.reduce((n, { result: r }) => n + r.errors + r.timeouts + r.non2xx, 0);
  const worstP99 = Math.max(...calls.map(({ result: r }) => r.latency.p99));
  const courseShare = calls[0]!.result.requests.average / health.requests.average;
  const lostAfterLoad = await checkCompletions(db.url, acknowledged);

  // The floor (HEALTH_ALONE=0 skips it): the cheapest call, one `select 1`, alone on every
  // connection. Whatever the mix, no call can be faster than this on this machine.
  let floor: Result | undefined;
  if (process.env.HEALTH_ALONE !== '0') {
    floor = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: 15,
      timeout: 10,
      requests: [{ method: 'GET', path: '/api/health' }],
    });
    console.log(
      `\nhealth alone on all ${CONNECTIONS} connections, 15 s: ${floor.requests.average.toFixed(0)} req/s, p50 ${floor.latency.p50} ms, ` +
        `p90 ${floor.latency.p90} ms, p99 ${floor.latency.p99} ms, errors ${floor.errors + floor.timeouts + floor.non2xx}`,
    );
  }

  // FAULT (default on; FAULT=0 skips it): PostgreSQL restarted under the same load. While it is
  // away the app must answer 503 (never another error, never hang), and serve again on its own soon
  // after it is back, without losing an acknowledged completion.
  let faultOk: boolean | undefined;
  if (process.env.FAULT !== '0') {
    const seconds = Number(process.env.FAULT_DURATION ?? 20);
    const outageMs = Number(process.env.OUTAGE_MS ?? 3000);
    console.log(
      `\nFault: ${seconds} s of the same load; after 5 s PostgreSQL ${db.embedded ? 'is stopped and started again' : 'has every session of the database terminated'} (${outageMs} ms) ...`,
    );
    let outageEnd = 0;
    let recoveredAt = 0;
    let lastOk = true;
    const outage = new Promise<void>((resolve, reject) =>
      setTimeout(() => {
        db.outage(outageMs).then(() => {
          outageEnd = Date.now();
          resolve();
        }, reject);
      }, 5000),
    );
    // Health every 100 ms from here: the first 200 after PostgreSQL is back is the recovery.
    const probe = setInterval(() => {
      void fetch(`${server.url}/api/health`).then(
        (r) => {
          if (r.ok && outageEnd && !recoveredAt) recoveredAt = Date.now();
          lastOk = r.ok;
        },
        () => (lastOk = false),
      );
    }, 100);
    const [fault] = await Promise.all([load(seconds), outage]);
    clearInterval(probe);
    console.log(
      `${'call'.padEnd(48)} ${'2xx'.padStart(7)} ${'503'.padStart(7)} ${'other'.padStart(7)} ${'timeouts'.padStart(9)} ${'conn err'.padStart(9)} ${'max'.padStart(8)}`,
    );
    let bad = 0;
    for (const { label, result: r } of fault!) {
      const codes = r.statusCodeStats ?? {};
      const unavailable = codes['503']?.count ?? 0;
      const other = r.non2xx - unavailable;
      bad += other + r.timeouts + r.errors;
      console.log(
        `${label.padEnd(48)} ${String(r['2xx']).padStart(7)} ${String(unavailable).padStart(7)} ${String(other).padStart(7)} ${String(r.timeouts).padStart(9)} ${String(r.errors).padStart(9)} ${`${r.latency.max}ms`.padStart(8)}`,
      );
    }
    const recoveryMs = recoveredAt ? recoveredAt - outageEnd : Infinity;
    const lost = await checkCompletions(db.url, acknowledged);
    faultOk = bad === 0 && recoveryMs < 5000 && lastOk && lost === 0;
    console.log(
      `serving again ${Number.isFinite(recoveryMs) ? `${Math.max(0, recoveryMs)} ms` : 'NEVER'} after PostgreSQL was back; ` +
        `targets: only 2xx or 503, no timeouts ${bad === 0 ? 'met' : 'MISSED'}; serving again within 5 s ${recoveryMs < 5000 && lastOk ? 'met' : 'MISSED'}; nothing lost ${lost === 0 ? 'met' : 'MISSED'}`,
    );
  }
  await server.stop();

  console.log(
    `\ntargets: zero errors ${allErrors === 0 ? 'met' : 'MISSED'}; p99 < 50 ms ${worstP99 < 50 ? 'met' : 'MISSED'} (worst ${worstP99} ms` +
      `${floor ? `; health alone: ${floor.latency.p99} ms` : ''}); ` +
      `course call ≥ 30% of health ${courseShare >= 0.3 ? 'met' : 'MISSED'} (${(100 * courseShare).toFixed(0)}%); nothing lost ${lostAfterLoad === 0 ? 'met' : 'MISSED'}` +
      (faultOk === undefined ? '' : `; PostgreSQL restart ${faultOk ? 'met' : 'MISSED'}`),
  );
  await db.drop();
}

/** Every completion the server acknowledged is stored, once: prints the check and returns the number lost or duplicated. */
async function checkCompletions(url: string, acknowledged: Set<string>): Promise<number> {
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const stored = await check.query<{ student_id: string; lesson_id: string }>(
    `select student_id, lesson_id from lesson_progress where status = 'completed'`,
  );
  const duplicates = (
    await check.query<{ n: number }>(`select (count(*) - count(distinct (student_id, lesson_id)))::int as n from lesson_progress`)
  ).rows[0]!.n;
  await check.end();
  const storedSet = new Set(stored.rows.map((r) => `${r.student_id}|${r.lesson_id}`));
  const lost = [...acknowledged].filter((k) => !storedSet.has(k)).length;
  console.log(
    `acknowledged completions: ${acknowledged.size}; in the database: ${acknowledged.size - lost}; lost: ${lost}; duplicate rows: ${duplicates}`,
  );
  return lost + duplicates;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
