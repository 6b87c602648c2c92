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

const STUDENTS = 5000;
const COURSES = 40;
const CHAPTERS_PER_COURSE = 5;
const LESSONS_PER_CHAPTER = 6;
const ENROLLMENTS_PER_STUDENT = 12;
const RUNS = 5;

/** The data set, in one session. Timestamps are spread over the last year with realistic paces. */
const GENERATE = `
select setseed(0.42);
insert into users (email, first_name, last_name, role, approval_status, created_at)
select 'student' || g || '@bench.example', 'First' || g, 'Last' || g, 'student', 'approved', now() - (30 + random() * 400) * interval '1 day'
from generate_series(1, ${STUDENTS}) g;
insert into users (email, first_name, last_name, role, approval_status, created_at)
select 'pending' || g || '@bench.example', 'Pending' || g, 'Last' || g, 'student', 'pending', now() - random() * interval '30 days'
from generate_series(1, 50) g;
insert into courses (title, description, is_published, created_at)
select 'Course ' || lpad(g::text, 2, '0'), 'Bench course ' || g, g <= ${COURSES - 2}, now() - interval '420 days'
from generate_series(1, ${COURSES}) g;
insert into chapters (course_id, title, position)
select c.id, 'Chapter ' || p, p from courses c cross join generate_series(1, ${CHAPTERS_PER_COURSE}) p;
insert into lessons (chapter_id, title, lesson_type, video_url, pdf_url, tutorial_pdf_url, position)
select ch.id, 'Lesson ' || ch.position || '.' || p,
  (array['VIDEO', 'VIDEO', 'PDF', 'MIXED'])[1 + (p + ch.position) % 4]::lesson_type,
  case when (p + ch.position) % 4 in (0, 1, 3) then 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' end,
  case when (p + ch.position) % 4 in (2, 3) then '/api/files/00000000-0000-4000-8000-000000000000' end,
  case when p % 5 in (0, 2) then '/api/files/00000000-0000-4000-8000-000000000001' end,
  p
from chapters ch cross join generate_series(1, ${LESSONS_PER_CHAPTER}) p;
create temp table lesson_rank as
select ch.course_id, l.id as lesson_id, row_number() over (partition by ch.course_id order by ch.position, l.position)::int as ord
from lessons l join chapters ch on ch.id = l.chapter_id;
-- Popular courses first: weighted sampling without replacement (exponential race).
create temp table course_weight as
select id, 1.0 / (1 + row_number() over (order by title)) ^ 0.6 as w from courses where is_published;
insert into enrollments (student_id, course_id, enrolled_at, created_at, updated_at)
select u.id, pick.id, pick.t, pick.t, pick.t
from users u
cross join lateral (
  select cw.id, greatest(u.created_at, now() - interval '365 days') + random() * (now() - greatest(u.created_at, now() - interval '365 days')) as t
  from course_weight cw where u.id is not null
  order by -ln(1 - random()) / cw.w limit ${ENROLLMENTS_PER_STUDENT}
) pick
where u.role = 'student' and u.approval_status = 'approved';
-- Per enrollment: how far the student will get (30% finish) and their pace (0.4 to 9 days a lesson).
create temp table plan as
select e.student_id, e.course_id, e.enrolled_at,
  case when random() < 0.3 then 30 else floor(random() * 30)::int end as k,
  exp(ln(0.4) + random() * (ln(9) - ln(0.4))) * interval '1 day' as per_lesson
from enrollments e;
insert into lesson_progress (student_id, lesson_id, status, completed_at, created_at, updated_at)
select p.student_id, lr.lesson_id, s.status::progress_status,
  case when s.status = 'completed' then t.done_at end, t.start_at,
  case when s.status = 'completed' then t.done_at else t.start_at end
from plan p
join lesson_rank lr on lr.course_id = p.course_id and lr.ord <= least(p.k + 1, 30)
cross join lateral (select p.enrolled_at + p.per_lesson * (lr.ord - 1) as start_at, p.enrolled_at + p.per_lesson * lr.ord as done_at) t
cross join lateral (select case when lr.ord <= p.k and t.done_at <= now() then 'completed' else 'in_progress' end as status) s
where t.start_at <= now();
-- Events since tracking began (the last 85 days): openings, visible-time heartbeats, video starts,
-- PDF views, tutorial downloads (more often by students who complete the lesson).
insert into learning_events (student_id, lesson_id, type, seconds, occurred_at)
select lp.student_id, lp.lesson_id, ev.type::learning_event_type, ev.seconds,
  least(now(), lp.created_at + random() * (coalesce(lp.completed_at, lp.created_at + interval '1 hour') - lp.created_at))
from lesson_progress lp
join lessons l on l.id = lp.lesson_id
cross join lateral (
  select 'lesson_opened' as type, null::int as seconds where random() < 0.8
  union all select 'lesson_heartbeat', 30 + floor(random() * 270)::int from generate_series(1, 3) g where random() < 0.2 + 0 * g
  union all select 'video_started', null where l.video_url is not null and random() < 0.6
  union all select 'pdf_viewed', null where l.pdf_url is not null and random() < 0.6
  union all select 'tutorial_downloaded', null
    where l.tutorial_pdf_url is not null and random() < case when lp.status = 'completed' then 0.35 else 0.12 end
) ev
where lp.created_at > now() - interval '85 days';
insert into tutor_conversations (user_id, lesson_id, course_id, created_at, updated_at)
select lp.student_id, lp.lesson_id, ch.course_id, lp.created_at, lp.created_at
from lesson_progress lp join lessons l on l.id = lp.lesson_id join chapters ch on ch.id = l.chapter_id
where random() < 0.02;
insert into tutor_messages (conversation_id, role, content, created_at)
select c.id, r.role::tutor_role,
  case when r.role = 'user' then 'How does this part of the lesson work? Question ' || g
       else repeat('An answer of a few paragraphs, as the tutor writes them. ', 20) end,
  c.created_at + (g * 2 + r.o) * interval '1 minute'
from tutor_conversations c
cross join generate_series(1, 1 + floor(random() * 3)::int + 0 * extract(epoch from c.created_at)::int) g
cross join (values ('user', 0), ('assistant', 1)) r(role, o);
`;

const TRIGGER_TABLES = ['lessons', 'enrollments', 'lesson_progress', 'learning_events'];

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
    const client = await database.pool.connect();
    try {
      const { rows: su } = await client.query<{ s: boolean }>(`select rolsuper as s from pg_roles where rolname = current_user`);
      await client.query(`set work_mem = '256MB'`);
      // A bulk load: foreign-key checks (superuser only) and the rollup triggers off, then one rebuild.
      if (su[0]?.s) await client.query(`set session_replication_role = replica`);
      for (const t of TRIGGER_TABLES) await client.query(`alter table ${t} disable trigger user`);
      await client.query(GENERATE);
      for (const t of TRIGGER_TABLES) await client.query(`alter table ${t} enable trigger user`);
      await client.query(`set session_replication_role = origin`);
      await client.query(`select analytics_rebuild()`);
      await client.query(`vacuum analyze`);
    } finally {
      client.release();
    }
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
