import type pg from 'pg';
import type { LatePolicy } from '../../../common/calendar';
import type { GradebookItemKind } from '../../../common/gradebook';

/**
 * The gradebook's SQL. Every statement takes the course ($1) and a student ($2; null: every enrolled student), so the
 * tutor's gradebook, its CSV and the student's own grades are one computation. Set-based: one statement per kind of
 * row for the whole class, never one per student or item (500 students x 100 items answer in well under a second).
 */

export type CourseRow = {
  id: string;
  title: string;
  exercises_weight: number;
  quizzes_weight: number;
  late_policy: LatePolicy;
  late_penalty_per_day: number;
  late_penalty_cap: number;
};

export async function courseRow(pool: pg.Pool, courseId: string): Promise<CourseRow | undefined> {
  const { rows } = await pool.query<CourseRow>(
    `select id, title, exercises_weight, quizzes_weight, late_policy, late_penalty_per_day, late_penalty_cap
       from courses where id = $1`,
    [courseId],
  );
  return rows[0];
}

export type ItemRow = {
  id: string;
  kind: GradebookItemKind;
  title: string;
  lesson_title: string;
  chapter_id: string;
  chapter_title: string;
  /** The class's due date (the students' without an extension), or one student's own; null: not due. */
  due_at: Date | null;
};

/**
 * The course's exercises and quizzes in outline order (chapter, lesson, the lesson's exercises, then its quiz), each
 * with its number `n` in that order from 0: the cells name their item by it. One definition for both statements.
 */
const ITEMS_CTE = `items as (
  select i.*, (row_number() over (order by i.chapter_position, i.chapter_id, i.lesson_position, i.lesson_id, i.item_order, i.position, i.id) - 1)::int as n
    from (select x.id, 'exercise' as kind, x.title, ch.id as chapter_id, ch.title as chapter_title, l.title as lesson_title,
                 ch.position as chapter_position, l.position as lesson_position, l.id as lesson_id, 0 as item_order, x.position
            from chapters ch join lessons l on l.chapter_id = ch.id join exercises x on x.lesson_id = l.id
           where ch.course_id = $1
          union all
          select q.id, 'quiz', l.title, ch.id, ch.title, l.title, ch.position, l.position, l.id, 1, 0
            from chapters ch join lessons l on l.chapter_id = ch.id join quizzes q on q.lesson_id = l.id
           where ch.course_id = $1) i
)`;

/**
 * The course's items in outline order, with their chapters (a chapter without items is left out: it has nothing to
 * total). The due date is read from calendar_course_dues, the one owner of the rule: for the class, the date of the
 * students without an extension; for one student, theirs.
 */
export async function itemRows(pool: pg.Pool, courseId: string, studentId: string | null): Promise<ItemRow[]> {
  const { rows } = await pool.query<ItemRow>(
    `with ${ITEMS_CTE}, dues as (
       select coalesce(d.exercise_id, d.quiz_id) as item_id,
              coalesce(max(d.due_at) filter (where not d.extended), max(d.due_at) filter (where $2::uuid is not null)) as due_at
         from calendar_course_dues($1, $2) d
        group by 1
     )
     select i.id, i.kind, i.title, i.lesson_title, i.chapter_id, i.chapter_title, d.due_at
       from items i left join dues d on d.item_id = i.id
      order by i.n`,
    [courseId, studentId],
  );
  return rows;
}

export type StudentRow = { id: string; first_name: string; last_name: string; email: string };

/** The course's enrolled students (or the one asked for, if enrolled), by name. */
export async function studentRows(pool: pg.Pool, courseId: string, studentId: string | null): Promise<StudentRow[]> {
  const { rows } = await pool.query<StudentRow>(
    `select u.id, u.first_name, u.last_name, u.email
       from enrollments e join users u on u.id = e.student_id
      where e.course_id = $1 and ($2::uuid is null or e.student_id = $2)
      order by lower(u.last_name), lower(u.first_name), u.email, u.id`,
    [courseId, studentId],
  );
  return rows;
}

/**
 * What counts of one student's work on one item, packed into one integer so that PostgreSQL picks it with max() in a
 * hash aggregate instead of sorting every submission of the class: from the highest bits down, the score in hundredths
 * of a percent (so the best score wins), 1 for work on time (on a tie, on time wins), 4095 minus the days late (then
 * the least late), and the penalty taken off (carried along). BEST_KEY_SQL writes it, bestOfKey reads it back.
 */
const BEST_KEY_SQL = `(score_hundredths::bigint << 20) | ((case when late then 0 else 1 end)::bigint << 19)
  | ((4095 - least(days_late, 4095))::bigint << 7) | penalty`;

export function bestOfKey(key: number): { score: number; late: boolean; daysLate: number; penalty: number } {
  return {
    score: Math.floor(key / 2 ** 20) / 100,
    late: Math.floor(key / 2 ** 19) % 2 === 0,
    daysLate: 4095 - (Math.floor(key / 2 ** 7) % 4096),
    penalty: key % 128,
  };
}

/**
 * One student's cells with something to say, by the items' numbers (ITEMS_CTE): `best`, pairs of an item's number and
 * its packed best (bestOfKey); `extended`, pairs of an item's number and the student's extended due date. Flat arrays
 * of numbers rather than objects: 50,000 cells per class are built, sent and read, and this keeps that cheap.
 */
export type StudentCellsRow = { student_id: string; best: number[]; extended: (number | string)[] };

/**
 * Every cell that has something to say, per student: a graded submit or quiz attempt, or an extension. The score of
 * one submit or attempt is calendar_score_hundredths' (points earned of the points there are), after the penalty that
 * calendar_late_rows (calendar_late's rule) sets for its time against the student's due date now
 * (calendar_course_dues), so an extension granted later takes the penalty away. Scores are counted in whole
 * hundredths of a percent, rounded half up, in integers. The best counts; on a tie, work on time, then the least
 * late. A cell not listed is not submitted and not extended. The items are named by their numbers from the start, so
 * that the class's best per cell is grouped on a student and a small integer.
 */
export async function cellRows(pool: pg.Pool, courseId: string, studentId: string | null): Promise<StudentCellsRow[]> {
  const { rows } = await pool.query<{ student_id: string; best: string | null; extended: string | null }>(
    `with ${ITEMS_CTE}, work as (
       select s.exercise_id as item_id, s.user_id as student_id, s.created_at, s.points_earned as earned, s.points_total as total,
              s.verdict = 'passed' as passed
         from exercise_submissions s
        where s.exercise_id in (select id from items) and ($2::uuid is null or s.user_id = $2) and practice_graded_submission(s)
       union all
       select a.quiz_id, a.student_id, a.created_at, a.score, 100, a.passed
         from quiz_attempts a
        where a.quiz_id in (select id from items) and ($2::uuid is null or a.student_id = $2)
     ), scored as (
       select w.student_id, i.n, lt.late, lt.days_late, lt.penalty,
              calendar_score_hundredths(w.earned, w.total, w.passed, lt.penalty) as score_hundredths
         from work w
         join calendar_course_dues($1, $2) d on coalesce(d.exercise_id, d.quiz_id) = w.item_id and d.student_id = w.student_id
         join items i on i.id = w.item_id
         cross join lateral calendar_late_rows($1, d.due_at, w.created_at) lt
     ), best as (
       select student_id, '[' || string_agg(n || ',' || best, ',') || ']' as best
         from (select student_id, n, max(${BEST_KEY_SQL}) as best from scored group by student_id, n) b
        group by student_id
     ), extended as (
       -- calendar_course_dues once more rather than its rows above a second time: a result read twice is kept whole
       -- (50,000 rows for a class), where this asks for the few extended ones.
       select d.student_id, json_agg(json_build_array(i.n, d.due_at))::text as extended
         from calendar_course_dues($1, $2) d join items i on i.id = coalesce(d.exercise_id, d.quiz_id)
        where d.extended
        group by d.student_id
     )
     select coalesce(b.student_id, x.student_id) as student_id, b.best, x.extended
       from best b full join extended x on x.student_id = b.student_id`,
    [courseId, studentId],
  );
  // One flat JSON array of numbers per student: JSON.parse of it is the cheapest read there is.
  return rows.map((r) => ({
    student_id: r.student_id,
    best: r.best ? (JSON.parse(r.best) as number[]) : [],
    extended: r.extended ? (JSON.parse(r.extended) as (number | string)[][]).flat() : [],
  }));
}

export type OverrideRow = {
  student_id: string;
  item_id: string;
  score: number;
  reason: string;
  overridden_at: Date;
  by_first: string | null;
  by_last: string | null;
};

/** The tutor's overrides of the course (or of one student), with who gave them. */
export async function overrideRows(pool: pg.Pool, courseId: string, studentId: string | null): Promise<OverrideRow[]> {
  const { rows } = await pool.query<OverrideRow>(
    `select o.student_id, coalesce(o.exercise_id, o.quiz_id) as item_id, o.score, o.reason, o.overridden_at,
            u.first_name as by_first, u.last_name as by_last
       from grade_overrides o left join users u on u.id = o.overridden_by
      where o.course_id = $1 and ($2::uuid is null or o.student_id = $2)`,
    [courseId, studentId],
  );
  return rows;
}

/** Which of the course's items `itemId` is, and whether the student is enrolled: what an override needs to exist. */
export async function overrideTarget(
  pool: pg.Pool,
  courseId: string,
  studentId: string,
  itemId: string,
): Promise<{ course: boolean; enrolled: boolean; kind: GradebookItemKind | null }> {
  const { rows } = await pool.query<{ course: boolean; enrolled: boolean; kind: GradebookItemKind | null }>(
    `select exists (select 1 from courses where id = $1) as course,
            exists (select 1 from enrollments where course_id = $1 and student_id = $2) as enrolled,
            (select case when exists (select 1 from exercises x join lessons l on l.id = x.lesson_id join chapters ch on ch.id = l.chapter_id
                                       where x.id = $3 and ch.course_id = $1) then 'exercise'
                         when exists (select 1 from quizzes q join lessons l on l.id = q.lesson_id join chapters ch on ch.id = l.chapter_id
                                       where q.id = $3 and ch.course_id = $1) then 'quiz' end) as kind`,
    [courseId, studentId, itemId],
  );
  return rows[0]!;
}

/** Writes the tutor's score for the student's item, replacing an earlier override of it: one statement. */
export async function upsertOverride(
  pool: pg.Pool,
  o: { courseId: string; studentId: string; kind: GradebookItemKind; itemId: string; score: number; reason: string; by: string; at: Date },
): Promise<void> {
  await pool.query(
    `insert into grade_overrides (student_id, course_id, exercise_id, quiz_id, score, reason, overridden_by, overridden_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (student_id, coalesce(exercise_id, quiz_id))
     do update set score = excluded.score, reason = excluded.reason, overridden_by = excluded.overridden_by,
                   overridden_at = excluded.overridden_at`,
    [o.studentId, o.courseId, o.kind === 'exercise' ? o.itemId : null, o.kind === 'quiz' ? o.itemId : null, o.score, o.reason, o.by, o.at],
  );
}

/** Removes the override of the student's item; whether there was one. */
export async function deleteOverride(pool: pg.Pool, courseId: string, studentId: string, itemId: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `delete from grade_overrides where course_id = $1 and student_id = $2 and coalesce(exercise_id, quiz_id) = $3`,
    [courseId, studentId, itemId],
  );
  return (rowCount ?? 0) > 0;
}
