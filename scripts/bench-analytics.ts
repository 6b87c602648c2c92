/**
 * npm run bench:analytics — the analytics answer at scale.
 *
 * Generates into a FRESH database — an embedded PostgreSQL in a temporary folder by default, or a
 * new database `bench_analytics_<pid>` on the server of DATABASE_URL (dropped afterwards) — a
 * realistic data set: 5,000 approved students, 40 courses of 30 lessons, 60,000 enrollments,
 * ~1,000,000 lesson progress rows, ~1,000,000 learning events and AI tutor conversations, in SQL
 * (generate_series, set-based; triggers off during the load, then analytics_rebuild() and VACUUM
 * ANALYZE, as a long-running database would be). Then it prints:
 *   - the whole analytics answer (GET /api/admin/analytics?range=30d through app.inject, signed
 *     in as the administrator): median of 5 after a warm-up; also range=all;
 *   - one `SELECT count(*)` over the progress rows in the same run (median of 5 after a warm-up);
 *   - their ratio, and the process's peak memory (RSS high-water mark).
 * Targets: answer ≤ 5× the scan and < 1 s; peak RSS < 500 MB. Not part of npm test.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openBenchDatabase } from './bench-database';
import { generateDataSet, TRIGGER_TABLES } from './bench-data-set';
import { seed } from '../src/server/seed/seed';
import { loadEnv } from '../src/server/platform/env';
import { memoryMailer } from '../src/server/platform/mail/transport';
import {
  coursesQuery,
  dropoffQuery,
  recentEnrollmentsQuery,
  studentsQuery,
  timeQuery,
  tutorQuery,
} from '../src/server/domains/analytics/analytics.queries';
import { clockFor } from '../src/server/domains/analytics/analytics.service';
import { createSessionService } from '../src/server/domains/auth/sessions.service';
import { AnalyticsRules } from '../src/common/analytics';

const RUNS = 5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main() {
  const started = performance.now();
  const database = await openBenchDatabase('bench-analytics', process.env.DATABASE_URL, 20);
  const tmpDir = database.dataDir;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpDir ?? os.tmpdir(), LOG_LEVEL: 'silent' });
    await seed(database.db, { adminEmail: env.adminEmail, isProduction: false, testStudents: false });

    console.log('Generating the data set ...');
    const gen = performance.now();
    await generateDataSet(database.pool);
    const { rows: sizes } = await database.pool.query<Record<string, number>>(`
      select (select count(*) from users where role = 'student' and approval_status = 'approved') as students,
             (select count(*) from courses) as courses, (select count(*) from lessons) as lessons,
             (select count(*) from enrollments) as enrollments, (select count(*) from lesson_progress) as progress,
             (select count(*) from learning_events) as events, (select count(*) from tutor_messages) as tutor_messages`);
    const n = sizes[0]!;
    console.log(
      `Generated in ${((performance.now() - gen) / 1000).toFixed(1)} s: ${n.students} students, ${n.courses} courses, ${n.lessons} lessons, ` +
        `${n.enrollments} enrollments, ${n.progress} progress rows, ${n.events} events, ${n.tutor_messages} tutor messages`,
    );

    app = await buildApp({ env, db: database.db, mailer: memoryMailer() });
    const { rows: adminRow } = await database.pool.query<{ id: string }>(`select id from users where role = 'admin'`);
    const { token } = await createSessionService(database.db, () => new Date()).create(adminRow[0]!.id, {});
    const answer = async (range: string) => {
      const res = await app!.inject({ method: 'GET', url: `/api/admin/analytics?range=${range}`, headers: { cookie: `sid=${token}` } });
      if (res.statusCode !== 200) throw new Error(`analytics answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
      return res;
    };
    const scan = () => database.pool.query('select count(*) from lesson_progress');

    const bytes = (await answer('30d')).rawPayload.length; // warm-up
    const answerTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) answerTimes.push(await time(() => answer('30d')));
    await answer('all');
    const allTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) allTimes.push(await time(() => answer('all')));
    await scan(); // warm-up
    const scanTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) scanTimes.push(await time(scan));
    const csvTime = await time(async () => {
      const res = await app!.inject({ method: 'GET', url: '/api/admin/analytics/students.csv', headers: { cookie: `sid=${token}` } });
      if (res.statusCode !== 200) throw new Error(`CSV answered ${res.statusCode}`);
    });

    // The write side: a student completing lessons (the rollup triggers run inside), with the
    // triggers on and, for comparison, off; and a batch of 50 events.
    const { rows: todo } = await database.pool.query<{ student_id: string; lesson_id: string }>(`
      select e.student_id, l.id as lesson_id
      from (select student_id from enrollments group by student_id order by student_id limit 1) s
      join enrollments e on e.student_id = s.student_id
      join chapters ch on ch.course_id = e.course_id join lessons l on l.chapter_id = ch.id
      where not exists (select 1 from lesson_progress lp where lp.student_id = e.student_id and lp.lesson_id = l.id)
      limit 40`);
    const learner = await createSessionService(database.db, () => new Date()).create(todo[0]!.student_id, {});
    const complete = async (lessonId: string) => {
      const res = await app!.inject({
        method: 'PUT',
        url: `/api/lessons/${lessonId}/progress`,
        headers: { cookie: `sid=${learner.token}` },
        payload: { status: 'completed' },
      });
      if (res.statusCode !== 200) throw new Error(`progress answered ${res.statusCode}: ${res.body}`);
    };
    const writes = async (lessons: { lesson_id: string }[]) => {
      const times: number[] = [];
      for (const l of lessons) times.push(await time(() => complete(l.lesson_id)));
      return median(times.slice(1));
    };
    const withTriggers = await writes(todo.slice(0, 20));
    for (const t of TRIGGER_TABLES) await database.pool.query(`alter table ${t} disable trigger user`);
    const withoutTriggers = await writes(todo.slice(20, 40));
    for (const t of TRIGGER_TABLES) await database.pool.query(`alter table ${t} enable trigger user`);
    await database.pool.query(`select analytics_rebuild()`); // the 20 writes made without triggers
    const batch = {
      events: Array.from({ length: 50 }, (_, i) => ({
        type: i % 5 === 0 ? 'lesson_opened' : 'lesson_heartbeat',
        lessonId: todo[i % 20]!.lesson_id,
        occurredAt: new Date().toISOString(),
        ...(i % 5 === 0 ? {} : { seconds: 30 }),
      })),
    };
    const eventTimes: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      eventTimes.push(
        await time(async () => {
          const res = await app!.inject({
            method: 'POST',
            url: '/api/events',
            headers: { cookie: `sid=${learner.token}` },
            payload: batch,
          });
          if (res.statusCode !== 200) throw new Error(`events answered ${res.statusCode}: ${res.body}`);
        }),
      );
    }

    // Each statement alone, one after the other (the service runs them side by side).
    const clock = clockFor(new Date(), '30d');
    const statements = {
      students: studentsQuery(clock, AnalyticsRules.velocityListMax),
      courses: coursesQuery(clock),
      time: timeQuery(clock),
      tutor: tutorQuery(clock),
      dropoff: dropoffQuery(clock),
      recent: recentEnrollmentsQuery(clock),
    };
    const breakdown: string[] = [];
    const run = (query: (typeof statements)[keyof typeof statements]) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        await tx.execute(query);
      });
    for (const [name, query] of Object.entries(statements)) {
      await run(query);
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await time(() => run(query)));
      breakdown.push(`${name} ${median(runs).toFixed(1)}`);
    }

    const a = median(answerTimes);
    const all = median(allTimes);
    const s = median(scanTimes);
    const rss = process.resourceUsage().maxRSS;
    const ok = (b: boolean) => (b ? 'ok' : 'MISSED');
    console.log('');
    console.log(
      `analytics answer, range=30d (median of ${RUNS} after a warm-up): ${ms(a)}   [runs: ${answerTimes.map((t) => t.toFixed(0)).join(', ')}] ${bytes} bytes`,
    );
    console.log(
      `analytics answer, range=all (median of ${RUNS} after a warm-up): ${ms(all)}   [runs: ${allTimes.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `SELECT count(*) over ${n.progress} progress rows (median of ${RUNS} after a warm-up): ${ms(s)}   [runs: ${scanTimes.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `ratio answer ÷ scan: ${(a / s).toFixed(2)} (30d), ${(all / s).toFixed(2)} (all)   target ≤ 5: ${ok(a / s <= 5 && all / s <= 5)}`,
    );
    console.log(`under 1 second: ${ok(a < 1000 && all < 1000)}`);
    console.log(`students.csv (every student): ${ms(csvTime)}`);
    console.log(`statements alone, range=30d, median ms: ${breakdown.join(', ')}`);
    console.log(
      `a lesson completed (PUT progress), median of 19: ${ms(withTriggers)} with the rollup triggers, ${ms(withoutTriggers)} without`,
    );
    console.log(`a batch of 50 events (POST /api/events), median of ${RUNS} after a warm-up: ${ms(median(eventTimes.slice(1)))}`);
    console.log(`peak memory of this process (maxRSS): ${mb(rss)}   target < 500 MB: ${ok(rss < 500 * 1024)}`);
    console.log(`total bench time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await app?.close();
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
