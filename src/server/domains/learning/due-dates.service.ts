import type pg from 'pg';
import { CalendarMessages, formatInZone, type DueItem, type DueThisWeek, type ItemDue } from '../../../common/calendar';
import { ErrorCode } from '../../../common/errors';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/errors';
import type { ActiveSession } from '../../platform/http/guards';
import { isPreview } from './learning.service';

/**
 * Due dates and late work as the student meets them: when each exercise and quiz of a course is due for them, what
 * handing it in now would owe, the refusal of late work under 'Closed', and 'Due This Week'. The rules themselves are
 * the calendar's SQL functions (platform/db/sql/calendar.sql): calendar_course_dues says when an item is due for a
 * student (their extension first), calendar_late what work handed in at a moment owes. Nothing here decides either.
 */

type Queryable = Pick<pg.Pool, 'query'>;

type DueRow = {
  exercise_id: string | null;
  quiz_id: string | null;
  due_at: Date;
  extended: boolean;
  late: boolean;
  days_late: number;
  penalty: number;
  accepted: boolean;
};

const itemDueOf = (r: DueRow): ItemDue => ({
  dueAt: r.due_at.toISOString(),
  extended: r.extended,
  lateNow: r.late ? { daysLate: r.days_late, penalty: r.penalty, accepted: r.accepted } : null,
});

/** A student's due dates in one course, and the course's settings that go with them. */
export type StudentDues = {
  exercise: (id: string) => ItemDue | null;
  quiz: (id: string) => ItemDue | null;
  /** 'Show Hidden Tests After the Due Date'. */
  hiddenTestsAfterDue: boolean;
  /** The school's time zone, in which a date in a message is worded. */
  timeZone: string;
};

const NO_DUES: StudentDues = { exercise: () => null, quiz: () => null, hiddenTestsAfterDue: false, timeZone: 'UTC' };

/**
 * The due date of each exercise and quiz of the course for this student, with what a hand-in at `at` owes once it is
 * past. Items without a due date have none. The tutor's preview has no due dates of its own (they are per enrolled
 * student), so it gets none and is never refused.
 */
export async function studentDues(q: Queryable, auth: ActiveSession, courseId: string, at: Date): Promise<StudentDues> {
  if (isPreview(auth)) return NO_DUES;
  const [dues, course] = await Promise.all([
    q.query<DueRow>(
      `select d.exercise_id, d.quiz_id, d.due_at, d.extended, l.late, l.days_late, l.penalty, l.accepted
         from calendar_course_dues($1, $2) d
         cross join lateral calendar_late($1, d.due_at, $3) l
        where d.due_at is not null`,
      [courseId, auth.user.id, at.toISOString()],
    ),
    q.query<{ hidden_tests_after_due: boolean; time_zone: string }>(
      `select c.hidden_tests_after_due, calendar_time_zone() as time_zone
         from courses c where c.id = $1`,
      [courseId],
    ),
  ]);
  const exercises = new Map<string, ItemDue>();
  const quizzes = new Map<string, ItemDue>();
  for (const r of dues.rows) {
    if (r.exercise_id) exercises.set(r.exercise_id, itemDueOf(r));
    if (r.quiz_id) quizzes.set(r.quiz_id, itemDueOf(r));
  }
  return {
    exercise: (id) => exercises.get(id) ?? null,
    quiz: (id) => quizzes.get(id) ?? null,
    hiddenTestsAfterDue: course.rows[0]?.hidden_tests_after_due ?? false,
    timeZone: course.rows[0]?.time_zone ?? 'UTC',
  };
}

/**
 * Refuses a Submit or a quiz attempt past the student's due date in a course whose late submissions are closed, before
 * anything is written. A Run never asks: it grades nothing.
 */
export function refuseIfClosed(due: ItemDue | null, timeZone: string): void {
  if (due?.lateNow && !due.lateNow.accepted)
    throw new AppError(
      409,
      ErrorCode.lateClosed,
      CalendarMessages.lateClosed(formatInZone(due.dueAt, timeZone)),
      'Late Submissions Closed',
    );
}

/** How far 'Due This Week' looks ahead, and how long an item past due stays on it once late work is closed. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** The card lists at most this many items (the soonest); a student behind on more has their courses to go to. */
const DUE_THIS_WEEK_MAX = 50;

type DueItemRow = DueRow & {
  course_id: string;
  course_title: string;
  lesson_id: string;
  lesson_title: string;
  title: string;
};

export function createDueDatesService({ db, now }: { db: Db; now: () => Date }) {
  const pool = db.$client;
  return {
    /**
     * 'Due This Week' on the student's dashboard: their exercises and quizzes (in the published courses they are
     * enrolled in) due from now to 7 days ahead, and those past due and not passed while late work is still taken (or,
     * under 'Closed', for the 7 days after their due date, so the student learns what they missed); soonest first.
     * An exercise passed or a quiz passed is done and left out. The tutor's preview has none.
     */
    async dueThisWeek(auth: ActiveSession): Promise<DueThisWeek> {
      if (isPreview(auth)) return { items: [], preview: true };
      const at = now();
      const { rows } = await pool.query<DueItemRow>(
        `select d.exercise_id, d.quiz_id, d.due_at, d.extended, lt.late, lt.days_late, lt.penalty, lt.accepted,
                c.id as course_id, c.title as course_title, l.id as lesson_id, l.title as lesson_title,
                coalesce(x.title, l.title) as title
           from enrollments e
           join courses c on c.id = e.course_id and c.is_published
           cross join lateral calendar_course_dues(c.id, e.student_id) d
           left join exercises x on x.id = d.exercise_id
           left join quizzes q on q.id = d.quiz_id
           join lessons l on l.id = coalesce(x.lesson_id, q.lesson_id)
           join chapters ch on ch.id = l.chapter_id
           cross join lateral calendar_late(c.id, d.due_at, $2::timestamptz) lt
          where e.student_id = $1
            and d.due_at <= $3::timestamptz
            and (d.due_at > $2::timestamptz or lt.accepted or d.due_at > $4::timestamptz)
            and not exists (select 1 from exercise_submissions s
                             where s.exercise_id = d.exercise_id and s.user_id = e.student_id and practice_passing_submission(s))
            and not exists (select 1 from quiz_attempts a where a.quiz_id = d.quiz_id and a.student_id = e.student_id and a.passed)
          order by d.due_at, c.title, ch.position, l.position, x.position nulls last
          limit $5`,
        [
          auth.user.id,
          at.toISOString(),
          new Date(at.getTime() + WEEK_MS).toISOString(),
          new Date(at.getTime() - WEEK_MS).toISOString(),
          DUE_THIS_WEEK_MAX,
        ],
      );
      return {
        items: rows.map((r): DueItem => ({
          kind: r.exercise_id ? 'exercise' : 'quiz',
          id: (r.exercise_id ?? r.quiz_id)!,
          title: r.title,
          courseId: r.course_id,
          courseTitle: r.course_title,
          lessonId: r.lesson_id,
          lessonTitle: r.lesson_title,
          due: itemDueOf(r),
        })),
        preview: false,
      };
    },
  };
}
export type DueDatesService = ReturnType<typeof createDueDatesService>;
