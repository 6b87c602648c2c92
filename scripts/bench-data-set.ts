import type pg from 'pg';

/**
 * The analytics benchmark's data set, shared by the benchmarks that need a platform at scale
 * (npm run bench:analytics, npm run bench:backup): 5,000 approved students, 40 courses of 30
 * lessons, 60,000 enrollments, ~1,000,000 lesson progress rows, ~1,000,000 learning events and AI
 * tutor conversations, generated in SQL (set-based; triggers off during the load, then
 * analytics_rebuild() and VACUUM ANALYZE, as a long-running database would be).
 */
export const STUDENTS = 5000;
const COURSES = 40;
const CHAPTERS_PER_COURSE = 5;
const LESSONS_PER_CHAPTER = 6;
const ENROLLMENTS_PER_STUDENT = 12;

/** The data set, in one session. Timestamps are spread over the last year with realistic paces. */
export const GENERATE = `
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

export const TRIGGER_TABLES = ['lessons', 'enrollments', 'lesson_progress', 'learning_events'];

/** Generates the data set into a migrated, seeded database. */
export async function generateDataSet(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
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
}
