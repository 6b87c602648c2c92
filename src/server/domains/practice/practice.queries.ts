import { asc, eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import type { LateWork } from '../../../common/calendar';
import type { AdminExercise, ExerciseLanguage, ExerciseStats, GradingModeName, OutputMatch } from '../../../common/practice';
import type { Queryable } from '../../platform/db/transaction';
import { exerciseFiles, exercises, exerciseTests } from '../../platform/db/schema/index';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { GRADE_JOB_MAX_ATTEMPTS, GRADE_TASK, type GradingTestSpec, type SubmissionSpec } from '../../../grading/contract';
import type { SubmissionRow } from './submission-view';

/** The SQL of practice, shared by the tutor's and the student's services. */

export type ExerciseRow = typeof exercises.$inferSelect;
export type TestRow = typeof exerciseTests.$inferSelect;
export type FileRow = typeof exerciseFiles.$inferSelect;

export const limitsOf = (x: ExerciseRow) => ({ timeMs: x.timeLimitMs, memoryMb: x.memoryLimitMb, outputKb: x.outputLimitKb });

/** A lesson's exercises in order, with their tests and the tutor's files in order. */
export async function loadExercises(db: Queryable, where: { lessonId: string } | { exerciseId: string }) {
  const rows = await db
    .select()
    .from(exercises)
    .where('lessonId' in where ? eq(exercises.lessonId, where.lessonId) : eq(exercises.id, where.exerciseId))
    .orderBy(asc(exercises.position), asc(exercises.id));
  const tests = rows.length
    ? await db
        .select()
        .from(exerciseTests)
        .where(
          inArray(
            exerciseTests.exerciseId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(exerciseTests.position))
    : [];
  const files = rows.length
    ? await db
        .select()
        .from(exerciseFiles)
        .where(
          inArray(
            exerciseFiles.exerciseId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(exerciseFiles.position))
    : [];
  return rows.map((exercise) => ({
    exercise,
    tests: tests.filter((t) => t.exerciseId === exercise.id),
    files: files.filter((f) => f.exerciseId === exercise.id),
  }));
}

export function toAdminExercise(x: ExerciseRow, tests: TestRow[], files: FileRow[]): AdminExercise {
  return {
    id: x.id,
    lessonId: x.lessonId,
    position: x.position,
    title: x.title,
    statement: x.statement,
    language: x.language,
    starterCode: x.starterCode,
    referenceSolution: x.referenceSolution,
    tests: tests.map((t) => ({
      id: t.id,
      position: t.position,
      input: t.input,
      expectedOutput: t.expectedOutput,
      match: t.match as OutputMatch,
      expectedExitCode: t.expectedExitCode,
      hidden: t.hidden,
      name: t.name,
      code: t.code,
      points: t.points,
    })),
    limits: limitsOf(x),
    dueAt: x.dueAt?.toISOString() ?? null,
    files: files.map((f) => ({
      name: f.name,
      content: f.content,
      hidden: f.hidden,
      editable: f.editable,
      referenceContent: f.referenceContent,
    })),
    mode: x.gradingMode as GradingModeName,
    updatedAt: x.updatedAt.toISOString(),
  };
}

/** The columns every answer about a submission needs, with its place in the queue while queued. */
export const SUBMISSION_COLUMNS = `s.id, s.exercise_id, s.purpose, s.preview, s.code, s.student_files, s.status, s.verdict, s.passed_count, s.total_count,
  s.results, s.compile_output, s.diagnostics, s.summary, s.lesson_completed, s.course_just_completed, s.created_at, s.finished_at,
  case when s.status = 'queued' then (
    select count(*)::int from exercise_submissions q where q.status = 'queued' and q.created_at <= s.created_at
  ) end as queue_position`;

/**
 * The queue's order is fair by student: a submission waits behind every other student's earlier ones only while its
 * student already has one waiting (each such submission puts it a round back), so one student's stream of
 * submissions cannot hold up the class. Within a round, JavaScript goes first: its answer is graded in milliseconds.
 * Every other language shares one rank and waits in the order it came: ranking Java below C starved Java under a
 * class's steady load (the C students' next submissions always came first), and a WebGL picture is now drawn by a
 * browser on the server, no quicker than a compile.
 */
export function gradingPriority(openOfStudent: number, language: SubmissionSpec['language']): number {
  const cost = { javascript: 0, webgl: 1, c: 1, java: 1 }[language];
  return openOfStudent * 10 + cost;
}

/**
 * How long a student's next grading is held back: by as much as their gradings of the last minute took a worker past
 * their budget. Priority alone cannot protect the class from a student whose programs each hold a worker for the whole
 * compile or time limit: with two in flight, two such students keep two workers busy and everyone else waits a whole
 * limit for each verdict. Counting worker seconds (not submissions) lets an honest student, whose gradings take a
 * fraction of a second, never notice, while a stream of runaway programs gets a share of the workers that shrinks the
 * harder it pushes. A running grading counts up to now.
 */
export async function gradingDelayMs(db: Pick<pg.ClientBase, 'query'>, userId: string, secondsPerMinute: number): Promise<number> {
  const { rows } = await db.query<{ used: number }>(
    `select coalesce(sum(extract(epoch from coalesce(finished_at, now()) - greatest(started_at, now() - interval '1 minute'))), 0)::float8 as used
       from exercise_submissions
      where user_id = $1 and started_at is not null and coalesce(finished_at, now()) > now() - interval '1 minute'
        -- Bounds the read to the student's recent rows (their index is by creation); a grading queued over an hour
        -- before it ran (workers down that long) is left out, which only counts the budget short.
        and created_at > now() - interval '1 hour'`,
    [userId],
  );
  return Math.max(0, Math.round(((rows[0]?.used ?? 0) - secondsPerMinute) * 1000));
}

/** Inserts a submission and its grading job in one transaction: a job exists exactly when its row does. */
export async function enqueueSubmission(
  pool: pg.Pool,
  s: {
    exerciseId: string | null;
    lessonId: string;
    userId: string;
    purpose: 'run' | 'submit' | 'reference';
    preview: boolean;
    code: string;
    /** The student's further files (Java), stored with the submission to be shown again; none for one file. */
    studentFiles?: { name: string; content: string }[];
    spec: SubmissionSpec;
  },
  /** The submitter's rate, checked under a per-user lock so that requests sent together are counted one by one. */
  rate?: {
    perMinute: number;
    inFlight: number;
    refuse: () => Error;
    submitsPerHour?: number;
    refuseSubmits?: () => Error;
    gradingSecondsPerMinute?: number;
  },
): Promise<SubmissionRow> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Counted under a per-user lock, so that requests sent together are counted one by one.
    await client.query('select pg_advisory_xact_lock(hashtextextended($1, 727))', [s.userId]);
    const { rows: counts } = await client.query<{ recent: number; open: number }>(
      `select count(*) filter (where created_at > now() - interval '1 minute')::int as recent,
              count(*) filter (where status <> 'done')::int as open
         from exercise_submissions where user_id = $1 and created_at > now() - interval '10 minutes'`,
      [s.userId],
    );
    const open = counts[0]?.open ?? 0;
    if (rate) {
      // The recent submissions themselves are the count, so the limit holds across app instances.
      if ((counts[0]?.recent ?? 0) >= rate.perMinute || open >= rate.inFlight) throw rate.refuse();
      if (s.purpose === 'submit' && s.exerciseId && rate.submitsPerHour !== undefined && rate.refuseSubmits) {
        const { rows: submits } = await client.query<{ n: number }>(
          `select count(*)::int as n from exercise_submissions
            where user_id = $1 and exercise_id = $2 and purpose = 'submit' and created_at > now() - interval '1 hour'`,
          [s.userId, s.exerciseId],
        );
        if ((submits[0]?.n ?? 0) >= rate.submitsPerHour) throw rate.refuseSubmits();
      }
    }
    const { rows } = await client.query<{ id: string }>(
      `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, preview, code, student_files, spec)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        s.exerciseId,
        s.lessonId,
        s.userId,
        s.purpose,
        s.preview,
        s.code,
        s.studentFiles?.length ? JSON.stringify(s.studentFiles) : null,
        JSON.stringify(s.spec),
      ],
    );
    const id = rows[0]!.id;
    const delayMs = rate?.gradingSecondsPerMinute === undefined ? 0 : await gradingDelayMs(client, s.userId, rate.gradingSecondsPerMinute);
    await enqueueJob(
      client,
      GRADE_TASK,
      { submissionId: id },
      { maxAttempts: GRADE_JOB_MAX_ATTEMPTS, priority: gradingPriority(open, s.spec.language), delayMs },
    );
    const row = await client.query<SubmissionRow>(`select ${SUBMISSION_COLUMNS} from exercise_submissions s where s.id = $1`, [id]);
    await client.query('commit');
    return row.rows[0]!;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export async function readSubmission(pool: pg.Pool, id: string): Promise<(SubmissionRow & { user_id: string }) | undefined> {
  const { rows } = await pool.query<SubmissionRow & { user_id: string }>(
    `select ${SUBMISSION_COLUMNS}, s.user_id from exercise_submissions s where s.id = $1`,
    [id],
  );
  return rows[0];
}

/** The latest submission (runs included, reference checks not) of each of these exercises by the user. */
export async function latestSubmissions(pool: pg.Pool, userId: string, exerciseIds: string[]): Promise<Map<string, SubmissionRow>> {
  if (!exerciseIds.length) return new Map();
  const { rows } = await pool.query<SubmissionRow>(
    `select distinct on (s.exercise_id) ${SUBMISSION_COLUMNS}
       from exercise_submissions s
      where s.user_id = $1 and s.exercise_id = any($2::uuid[]) and s.purpose <> 'reference'
      order by s.exercise_id, s.created_at desc`,
    [userId, exerciseIds],
  );
  return new Map(rows.map((r) => [r.exercise_id!, r]));
}

/** What the calendar says of one submission as it is read: late or not, and whether its hidden tests are named now. */
export type SubmissionCalendar = {
  late: LateWork | null;
  /** Once the student's due date has passed in a course that shows hidden tests then: the hidden tests' names by position. */
  hiddenNames: Record<string, string> | null;
};

/**
 * The calendar's word on these submissions (Submits of students; the preview and Runs have none), read now: a Submit
 * handed in after the student's current due date is late, with its penalty (calendar_late at its created_at against
 * calendar_course_dues, so an extension granted since removes it) and its score in whole percent before and after it
 * (calendar_score_hundredths, the gradebook's rule). `at` decides whether
 * the due date has passed, for the hidden tests' names ('Show Hidden Tests After the Due Date').
 */
export async function submissionCalendar(pool: Pick<pg.Pool, 'query'>, ids: string[], at: Date): Promise<Map<string, SubmissionCalendar>> {
  if (!ids.length) return new Map();
  const { rows } = await pool.query<{
    id: string;
    late: boolean;
    days_late: number;
    penalty: number;
    raw_score: number | null;
    score: number | null;
    hidden_names: Record<string, string> | null;
  }>(
    `select s.id, lt.late, lt.days_late, lt.penalty,
            case when s.status = 'done' then round(calendar_score_hundredths(s.points_earned, s.points_total, s.verdict = 'passed', 0) / 100.0)::int end as raw_score,
            case when s.status = 'done' then round(calendar_score_hundredths(s.points_earned, s.points_total, s.verdict = 'passed', lt.penalty) / 100.0)::int end as score,
            case when c.hidden_tests_after_due and d.due_at < $2::timestamptz then
              (select coalesce(jsonb_object_agg(t.position::text, t.name), '{}'::jsonb) from exercise_tests t
                where t.exercise_id = s.exercise_id and t.hidden and t.name <> '')
            end as hidden_names
       from exercise_submissions s
       join exercises x on x.id = s.exercise_id
       join lessons l on l.id = x.lesson_id
       join chapters ch on ch.id = l.chapter_id
       join courses c on c.id = ch.course_id
       join calendar_course_dues(c.id, s.user_id) d on d.exercise_id = s.exercise_id
       cross join lateral calendar_late(c.id, d.due_at, s.created_at) lt
      where s.id = any($1::uuid[]) and s.purpose = 'submit' and not s.preview and d.due_at is not null`,
    [ids, at.toISOString()],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        late: r.late ? { daysLate: r.days_late, penalty: r.penalty, rawScore: r.raw_score, score: r.score } : null,
        hiddenNames: r.hidden_names,
      },
    ]),
  );
}

/** Which of these exercises the student has passed: those with a passing submission of theirs. */
export async function passedExerciseIds(pool: pg.Pool, userId: string, exerciseIds: string[]): Promise<Set<string>> {
  if (!exerciseIds.length) return new Set();
  const { rows } = await pool.query<{ exercise_id: string }>(
    `select distinct s.exercise_id from exercise_submissions s
      where s.user_id = $1 and s.exercise_id = any($2::uuid[]) and practice_passing_submission(s)`,
    [userId, exerciseIds],
  );
  return new Set(rows.map((r) => r.exercise_id));
}

export type ExerciseStudentRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  submissions: number;
  passed: boolean;
  last_at: Date;
};

/** Each student who submitted to the exercise: how many graded submissions, whether one passed, and the last one's time. */
export async function exerciseStudents(pool: pg.Pool, exerciseId: string): Promise<ExerciseStudentRow[]> {
  const { rows } = await pool.query<ExerciseStudentRow>(
    `select u.id, u.first_name, u.last_name, u.email, count(*)::int as submissions, bool_or(practice_passing_submission(s)) as passed,
            max(s.created_at) as last_at
       from exercise_submissions s
       join users u on u.id = s.user_id and u.role = 'student'
      where s.exercise_id = $1 and practice_graded_submission(s)
      group by u.id
      order by max(s.created_at) desc`,
    [exerciseId],
  );
  return rows;
}

/** The student's latest submission (runs included) of the exercise, outside the preview; reference checks are the tutor's. */
export async function latestStudentSubmission(pool: pg.Pool, exerciseId: string, studentId: string): Promise<SubmissionRow | undefined> {
  const { rows } = await pool.query<SubmissionRow>(
    `select ${SUBMISSION_COLUMNS} from exercise_submissions s
      where s.exercise_id = $1 and s.user_id = $2 and s.purpose <> 'reference' and not s.preview
      order by s.created_at desc limit 1`,
    [exerciseId, studentId],
  );
  return rows[0];
}

/** The grading spec of an exercise's tests (all of them, or only the visible ones for a run). */
export function specTests(tests: TestRow[], which: 'all' | 'visible'): GradingTestSpec[] {
  return tests
    .filter((t) => which === 'all' || !t.hidden)
    .map((t) => ({
      position: t.position,
      hidden: t.hidden,
      input: t.input,
      expectedOutput: t.expectedOutput,
      match: t.match as OutputMatch,
      expectedExitCode: t.expectedExitCode,
      code: t.code || null,
      name: t.name || null,
      points: t.points,
    }));
}

export type ExerciseFigureRow = {
  id: string;
  title: string;
  language: ExerciseLanguage;
  lesson_id: string;
  lesson_title: string;
  course_id: string;
  course_title: string;
  tried: number;
  passed: number;
  median: number | null;
  hardest_position: number | null;
  hardest_hidden: boolean | null;
  hardest_failures: number | null;
  /** What the tutor wrote for that test (cut to 200 characters), to name it by; null when the test is gone since. */
  hardest_name: string | null;
  hardest_input: string | null;
  hardest_code: string | null;
};

/**
 * Per exercise, over students' graded submissions (runs and the tutor's own are not counted):
 * students who tried, who passed, the median of the submissions each needed to pass, and the test
 * failed by the most submissions. All exercises, or those of `exerciseIds`.
 */
export async function exerciseFigures(pool: pg.Pool, exerciseIds: string[] | null): Promise<ExerciseFigureRow[]> {
  const { rows } = await pool.query<ExerciseFigureRow>(
    `with subs as (
       select s.exercise_id, s.user_id, practice_passing_submission(s) as passing, s.test_passed,
              row_number() over (partition by s.exercise_id, s.user_id order by s.created_at) as n
         from exercise_submissions s
         join users u on u.id = s.user_id and u.role = 'student'
        where practice_graded_submission(s)
          and ($1::uuid[] is null or s.exercise_id = any($1::uuid[]))
     ), per_student as (
       select exercise_id, user_id, bool_or(passing) as passed, min(n) filter (where passing) as to_pass
         from subs group by 1, 2
     ), per_exercise as (
       select exercise_id, count(*)::int as tried, count(*) filter (where passed)::int as passed,
              percentile_cont(0.5) within group (order by to_pass) as median
         from per_student group by 1
     ), failures as (
       select exercise_id, (t->>'position')::int as position, (t->>'hidden')::boolean as hidden, count(*)::int as failures,
              row_number() over (partition by exercise_id order by count(*) desc, (t->>'position')::int) as rank
         from subs cross join lateral jsonb_array_elements(subs.test_passed) t
        where not (t->>'passed')::boolean
        group by 1, 2, 3
     )
     select x.id, x.title, x.language, l.id as lesson_id, l.title as lesson_title, c.id as course_id, c.title as course_title,
            coalesce(p.tried, 0) as tried, coalesce(p.passed, 0) as passed, p.median,
            f.position as hardest_position, f.hidden as hardest_hidden, f.failures as hardest_failures,
            left(t.name, 200) as hardest_name, left(t.input, 200) as hardest_input, left(t.code, 200) as hardest_code
       from exercises x
       join lessons l on l.id = x.lesson_id
       join chapters ch on ch.id = l.chapter_id
       join courses c on c.id = ch.course_id
       left join per_exercise p on p.exercise_id = x.id
       left join failures f on f.exercise_id = x.id and f.rank = 1
       left join exercise_tests t on t.exercise_id = x.id and t.position = f.position
      where $1::uuid[] is null or x.id = any($1::uuid[])
      order by c.title, c.id, ch.position, l.position, x.position`,
    [exerciseIds],
  );
  return rows;
}

export const exerciseStatsOf = (r: ExerciseFigureRow): ExerciseStats => ({
  exerciseId: r.id,
  title: r.title,
  language: r.language,
  tried: r.tried,
  passed: r.passed,
  medianSubmissionsToPass: r.median,
  hardestTest:
    r.hardest_position === null
      ? null
      : {
          position: r.hardest_position,
          hidden: r.hardest_hidden ?? false,
          failures: r.hardest_failures ?? 0,
          name: r.hardest_name ?? '',
          input: r.hardest_input ?? '',
          code: r.hardest_code ?? '',
        },
});

/** How long runs, previews and reference checks are kept; submissions stay, they are the figures' source. */
export const RUN_RETENTION_DAYS = 30;

/**
 * Deletes finished runs, preview gradings and reference checks older than the retention, in
 * batches so one pass never holds a long lock. Submissions (the figures, the completion history)
 * are kept. Returns the rows deleted.
 */
export async function pruneOldRuns(pool: pg.Pool, now: Date, days = RUN_RETENTION_DAYS): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `delete from exercise_submissions where id in (
         select s.id from exercise_submissions s
         where s.status = 'done' and not practice_graded_submission(s) and s.created_at < $1
         limit 5000)`,
      [before],
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < 5000) return total;
  }
}
