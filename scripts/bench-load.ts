/**
 * npm run bench:load — the API under load (issue 8).
 *
 * Into a FRESH database (an embedded PostgreSQL in a temporary folder, or a new database
 * `bench_load_<pid>` on the server of DATABASE_URL, dropped afterwards) it seeds 1,000 approved
 * students enrolled in one published course of 30 lessons, starts the app as its own process (as in
 * production: NODE_ENV=production), then drives it from this process with autocannon for DURATION
 * seconds over 50 connections on loopback, four calls side by side with a quarter of the
 * connections each: the course-learning data call, marking lessons complete, the dashboard call, and
 * GET /api/health as the reference. It prints requests per second, p50/p99 latency and errors per
 * call, each call's throughput as a share of the health route's, the server's peak memory, and then
 * checks that every acknowledged completion is in the database, once.
 *
 * Targets (on PostgreSQL): zero errors, p99 under 50 ms, the course call at least 30% of health.
 * Options: DURATION (seconds, default 30), CONNECTIONS (default 50). Not part of npm test.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { seed } from '../src/server/db/seed';
import { createSessionService } from '../src/server/modules/auth/sessions.service';
import { freePort } from '../tests/support/server-process';

const STUDENTS = 1000;
const CHAPTERS = 3;
const LESSONS_PER_CHAPTER = 10;
const DURATION = Number(process.env.DURATION ?? 30);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
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
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-load-data-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // Resident memory, sampled: the peak is what the machine must have.
  let peakKb = 0;
  const rssKb = async () => {
    const status = await fs.readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  };
  const sampler = setInterval(() => void rssKb().then((kb) => (peakKb = Math.max(peakKb, kb))), 200);
  return {
    url,
    peakMb: () => peakKb / 1024,
    async stop() {
      clearInterval(sampler);
      const hwm = /VmHWM:\s+(\d+)/.exec(await fs.readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => ''))?.[1];
      if (hwm) peakKb = Math.max(peakKb, Number(hwm));
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

async function main() {
  const db = await freshDatabase();
  console.log(`Seeding ${STUDENTS} enrolled students and a course of ${CHAPTERS * LESSONS_PER_CHAPTER} lessons on ${db.label} ...`);
  const data = await seedLoad(db.url);
  const server = await startServer(db.url);
  const acknowledged = new Set<string>();
  const perCall = Math.floor(CONNECTIONS / 4);
  const connections = [CONNECTIONS - 3 * perCall, perCall, perCall, perCall];
  console.log(`Driving ${server.url} for ${DURATION} s with ${CONNECTIONS} connections (${connections.join(' + ')}) ...`);

  const run = (connections: number, request: Parameters<typeof autocannon>[0]['requests']) =>
    autocannon({ url: server.url, connections, duration: DURATION, timeout: 10, requests: request });
  const withStudent = (req: { headers?: Record<string, string> }, context: Record<string, unknown>) => {
    const i = Math.floor(Math.random() * data.cookies.length);
    context.student = i;
    return { ...req, headers: { ...req.headers, cookie: data.cookies[i]! } };
  };
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
  await server.stop();

  const rows = [
    ['course outline  GET /api/courses/:id/learn', course],
    ['mark complete   PUT /api/lessons/:id/progress', complete],
    ['dashboard       GET /api/student/dashboard', dashboard],
    ['health          GET /api/health', health],
  ] as const;
  console.log(`\n${'call'.padEnd(48)} ${'req/s'.padStart(8)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'errors'.padStart(7)} ${'vs health'.padStart(10)}`);
  for (const [label, r] of rows) {
    const errors = r.errors + r.timeouts + r.non2xx;
    console.log(
      `${label.padEnd(48)} ${r.requests.average.toFixed(0).padStart(8)} ${`${r.latency.p50}ms`.padStart(7)} ${`${r.latency.p99}ms`.padStart(7)} ${String(errors).padStart(7)} ${`${((100 * r.requests.average) / health.requests.average).toFixed(0)}%`.padStart(10)}`,
    );
  }
  console.log(`server peak memory (RSS): ${server.peakMb().toFixed(0)} MB`);

  // Every completion the server acknowledged is stored, once.
  const check = new pg.Client({ connectionString: db.url });
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
  console.log(`acknowledged completions: ${acknowledged.size}; in the database: ${acknowledged.size - lost}; lost: ${lost}; duplicate rows: ${duplicates}`);

  const allErrors = rows.reduce((n, [, r]) => n + r.errors + r.timeouts + r.non2xx, 0);
  const worstP99 = Math.max(...rows.map(([, r]) => r.latency.p99));
  const courseShare = course.requests.average / health.requests.average;
  console.log(
    `targets: zero errors ${allErrors === 0 ? 'met' : 'MISSED'}; p99 < 50 ms ${worstP99 < 50 ? 'met' : 'MISSED'} (worst ${worstP99} ms); ` +
      `course call ≥ 30% of health ${courseShare >= 0.3 ? 'met' : 'MISSED'} (${(100 * courseShare).toFixed(0)}%); nothing lost ${lost === 0 && duplicates === 0 ? 'met' : 'MISSED'}`,
  );
  await db.drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
