/**
 * npm run bench:gradebook — the gradebook of a large class.
 *
 * Into a FRESH database (an embedded PostgreSQL in a temporary folder, or a new database `bench_gradebook_<pid>` on
 * the server of DATABASE_URL, dropped afterwards) it writes, in SQL (generate_series, set-based), one course of
 * STUDENTS enrolled students (default 500) and 100 graded items: 10 chapters, each due on its own date, of 4 lessons
 * with a quiz and one or two exercises (60 exercises, 40 quizzes). Each student submits each exercise one to three
 * times (and runs it, which never counts) and attempts each quiz once or twice, a share of it after the due date,
 * under a late penalty of 10% a day; some students have extensions and some scores are overridden. Then, through the
 * app (app.inject, signed in as the tutor), it times:
 *   - GET /api/admin/courses/:courseId/gradebook (the screen's JSON),
 *   - GET /api/admin/courses/:courseId/gradebook.csv,
 *   - GET /api/courses/:courseId/grades (one student's My Grades),
 * each the median of RUNS (default 5) after a warm-up. Targets: the JSON under 300 ms, the CSV under 2 s. Not part
 * of npm test.
 */
import os from 'node:os';
import { buildApp } from '../src/server/app';
import { createSessionService } from '../src/server/domains/auth/sessions.service';
import { loadEnv } from '../src/server/platform/env';
import { memoryMailer } from '../src/server/platform/mail/transport';
import { seed } from '../src/server/seed/seed';
import type { Gradebook } from '../src/common/gradebook';
import { openBenchDatabase } from './bench-database';
import { median, percentile } from './bench-stats';

const STUDENTS = Number(process.env.STUDENTS ?? 500);
const RUNS = Number(process.env.RUNS ?? 5);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The class, in SQL: deterministic (hashes of the row numbers instead of random()), so every run measures the same data. */
function dataSet(students: number): string {
  // h(a, b): a number in [0, 1) from two integers.
  const h = (a: string, b: string) => `(('x' || substr(md5((${a})::text || ':' || (${b})::text), 1, 8))::bit(32)::bigint / 4294967296.0)`;
  return `
    create temporary table bench_ids (name text primary key, id uuid);
    with c as (
      insert into courses (title, is_published, late_policy, late_penalty_per_day, late_penalty_cap, exercises_weight, quizzes_weight)
      values ('Bench: Programming in C', true, 'penalty', 10, 50, 60, 40) returning id
    ) insert into bench_ids select 'course', id from c;

    -- 10 chapters, due a week apart from 70 days ago.
    insert into chapters (course_id, title, position, due_at)
    select (select id from bench_ids where name = 'course'), 'Week ' || g, g, now() - interval '70 days' + g * interval '7 days'
    from generate_series(1, 10) g;
    insert into lessons (chapter_id, title, lesson_type, video_url, position)
    select ch.id, ch.title || ', lesson ' || g, 'VIDEO', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', g
    from chapters ch cross join generate_series(1, 4) g
    where ch.course_id = (select id from bench_ids where name = 'course');
    -- Each lesson: one exercise, a second one in the first two lessons of a chapter (60), and a quiz (40).
    insert into exercises (lesson_id, position, title, language, reference_solution)
    select l.id, g, l.title || ', exercise ' || g, 'c', 'int main(void) { return 0; }'
    from lessons l join chapters ch on ch.id = l.chapter_id cross join generate_series(1, 2) g
    where ch.course_id = (select id from bench_ids where name = 'course') and (g = 1 or l.position <= 2);
    insert into quizzes (lesson_id)
    select l.id from lessons l join chapters ch on ch.id = l.chapter_id where ch.course_id = (select id from bench_ids where name = 'course');

    insert into users (email, first_name, last_name, role, approval_status)
    select 'bench.student' || g || '@example.com', 'Student', 'Number ' || lpad(g::text, 4, '0'), 'student', 'approved'
    from generate_series(1, ${students}) g;
    insert into enrollments (student_id, course_id, enrolled_at)
    select u.id, (select id from bench_ids where name = 'course'), now() - interval '80 days'
    from users u where u.email like 'bench.student%';

    create temporary table bench_students as
      select u.id, row_number() over (order by u.email) as n from users u where u.email like 'bench.student%';
    create temporary table bench_exercises as
      select x.id, x.lesson_id, ch.due_at, row_number() over (order by ch.position, l.position, x.position) as n
      from exercises x join lessons l on l.id = x.lesson_id join chapters ch on ch.id = l.chapter_id
      where ch.course_id = (select id from bench_ids where name = 'course');
    create temporary table bench_quizzes as
      select q.id, ch.due_at, row_number() over (order by ch.position, l.position) as n
      from quizzes q join lessons l on l.id = q.lesson_id join chapters ch on ch.id = l.chapter_id
      where ch.course_id = (select id from bench_ids where name = 'course');

    -- Graded submits: 1 to 3 per student and exercise, 10 points each, up to two days before the due date or, for
    -- about one in six, up to four days after it. Each graded submit comes after a run, which never counts.
    insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, code, status, verdict, points_earned,
                                      points_total, passed_count, total_count, created_at, finished_at)
    select x.id, x.lesson_id, s.id, p.purpose, 'int main(void) { return 0; }', 'done',
           case when k.earned = 10 then 'passed' else 'failed' end, k.earned, 10, k.earned, 10, k.at, k.at
    from bench_students s cross join bench_exercises x
    cross join lateral generate_series(1, 1 + floor(${h('s.n', 'x.n')} * 3)::int) a
    cross join lateral (select floor(${h('s.n * 7 + a', 'x.n')} * 11)::int as earned,
                               x.due_at - interval '2 days' + (case when ${h('s.n * 13 + a', 'x.n')} < 0.17 then 6 else 2 end)
                                 * ${h('s.n * 17 + a', 'x.n')} * interval '1 day' as at) k
    cross join (values ('run'::submission_purpose), ('submit'::submission_purpose)) p(purpose);

    -- Quiz attempts: one or two per student and quiz, some late as above.
    insert into quiz_attempts (quiz_id, student_id, number, answers, results, correct_count, question_count, score, passed, created_at)
    select q.id, s.id, a, '[]', '[]', k.correct, 10, k.correct * 10, k.correct >= 7, k.at
    from bench_students s cross join bench_quizzes q
    cross join lateral generate_series(1, 1 + floor(${h('s.n', 'q.n + 1000')} * 2)::int) a
    cross join lateral (select floor(${h('s.n * 7 + a', 'q.n + 1000')} * 11)::int as correct,
                               q.due_at - interval '2 days' + (case when ${h('s.n * 13 + a', 'q.n + 1000')} < 0.17 then 6 else 2 end)
                                 * ${h('s.n * 17 + a', 'q.n + 1000')} * interval '1 day' as at) k;

    -- Every tenth student has an extension of a chapter, every twentieth of an exercise; 200 scores are overridden.
    insert into deadline_extensions (student_id, course_id, chapter_id, due_at)
    select s.id, ch.course_id, ch.id, ch.due_at + interval '3 days'
    from bench_students s join chapters ch on ch.course_id = (select id from bench_ids where name = 'course') and ch.position = 1 + s.n % 10
    where s.n % 10 = 0;
    insert into deadline_extensions (student_id, course_id, exercise_id, due_at)
    select s.id, (select id from bench_ids where name = 'course'), x.id, x.due_at + interval '2 days'
    from bench_students s join bench_exercises x on x.n = 1 + s.n % 60
    where s.n % 20 = 0;
    insert into grade_overrides (student_id, course_id, exercise_id, score, reason, overridden_by)
    select s.id, (select id from bench_ids where name = 'course'), x.id, 100, 'Regraded by hand', (select id from users where role = 'admin')
    from bench_students s join bench_exercises x on x.n = 1 + (s.n * 7) % 60
    where s.n <= 200;

    drop table bench_ids, bench_students, bench_exercises, bench_quizzes;`;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main() {
  const database = await openBenchDatabase('bench-gradebook', process.env.DATABASE_URL, 10);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: database.dataDir ?? os.tmpdir(), LOG_LEVEL: 'silent' });
    await seed(database.db, { adminEmail: env.adminEmail, isProduction: false, testStudents: false });

    console.log(`Generating ${STUDENTS} students x 100 graded items ...`);
    const started = performance.now();
    await database.pool.query(dataSet(STUDENTS));
    // As a database in use is: statistics current and the tables vacuumed, so autovacuum does not start mid-measurement.
    await database.pool.query('vacuum analyze');
    const { rows: sizes } = await database.pool.query<Record<string, number>>(`
      select (select count(*) from enrollments) as enrollments,
             (select count(*) from exercises) as exercises, (select count(*) from quizzes) as quizzes,
             (select count(*) from exercise_submissions where purpose = 'submit') as submits,
             (select count(*) from exercise_submissions where purpose = 'run') as runs,
             (select count(*) from quiz_attempts) as attempts,
             (select count(*) from deadline_extensions) as extensions, (select count(*) from grade_overrides) as overrides`);
    const n = sizes[0]!;
    console.log(
      `Generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ${n.enrollments} students, ${n.exercises} exercises, ` +
        `${n.quizzes} quizzes, ${n.submits} graded submits (and ${n.runs} runs), ${n.attempts} quiz attempts, ` +
        `${n.extensions} extensions, ${n.overrides} overrides`,
    );

    app = await buildApp({ env, db: database.db, mailer: memoryMailer() });
    const { rows: ids } = await database.pool.query<{ course: string; admin: string; student: string }>(`
      select (select id from courses where title like 'Bench:%') as course, (select id from users where role = 'admin') as admin,
             (select id from users where email = 'bench.student1@example.com') as student`);
    const { course, admin, student } = ids[0]!;
    const sessions = createSessionService(database.db, () => new Date());
    const adminCookie = `sid=${(await sessions.create(admin, {})).token}`;
    const studentCookie = `sid=${(await sessions.create(student, {})).token}`;
    const call = async (url: string, cookie: string) => {
      const res = await app!.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res;
    };
    const measure = async (label: string, url: string, cookie: string) => {
      const first = await call(url, cookie); // warm-up
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await time(() => call(url, cookie)));
      console.log(
        `${label.padEnd(28)} median ${ms(median(times))}, slowest ${ms(percentile(times, 100))} (${RUNS} runs), ${kb(first.rawPayload.length)}`,
      );
      return { body: first.body, median: median(times) };
    };

    const json = await measure('Gradebook (JSON)', `/api/admin/courses/${course}/gradebook`, adminCookie);
    const csv = await measure('Gradebook (CSV)', `/api/admin/courses/${course}/gradebook.csv`, adminCookie);
    await measure("My Grades (one student's)", `/api/courses/${course}/grades`, studentCookie);

    const g = JSON.parse(json.body) as Gradebook;
    const cells = g.students.reduce((sum, s) => sum + s.cells.length, 0);
    const late = g.students.reduce((sum, s) => sum + s.cells.filter((c) => c.late).length, 0);
    console.log(
      `${g.students.length} students x ${g.items.length} items = ${cells} cells (${late} late), CSV ${csv.body.split('\r\n').length - 2} rows`,
    );
    const verdict = (value: number, target: number) => (value < target ? `under ${target} ms` : `OVER ${target} ms`);
    console.log(`Targets: JSON ${verdict(json.median, 300)}, CSV ${verdict(csv.median, 2000)}`);
  } finally {
    await app?.close();
    await database.dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
