import {
  PracticeMessages,
  SUBMISSION_HISTORY_PAGE,
  type Submission,
  type SubmissionHistory,
  type SubmissionHistoryEntry,
  type TestOutcome,
} from '../../../common/practice';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/http/errors';
import { isUuid, requireId } from '../../platform/http/ids';
import { RUN_RETENTION_DAYS, SUBMISSION_COLUMNS, submissionCalendar, type SubmissionCalendar } from './practice.queries';
import { resultOfRow, submissionOfRow, withCalendar, type SubmissionRow } from './submission-view';

/**
 * The tutor's history of one student's attempts at one exercise: every Run and Submit the student sent, newest first, a
 * page at a time, and any one of them in full to read or compare. The tutor's own reference checks and previews are not
 * the student's history. The list carries no code (up to 64 KB each): the tutor asks for the attempts they open.
 */

const STUDENT_NOT_FOUND = 'Student not found';
/** A student's own attempts: not the tutor's check of a reference solution, not sent from the tutor's preview. */
const STUDENTS_ATTEMPT = `s.exercise_id = $1 and s.user_id = $2 and s.purpose <> 'reference' and not s.preview`;

/**
 * Where a page ends: the last attempt's time to the microsecond (as the database keeps it; a JavaScript date would cut it
 * to the millisecond and skip or repeat attempts of the same millisecond) and its id, which orders attempts of one moment.
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

type HistoryRow = Pick<
  SubmissionRow,
  'id' | 'purpose' | 'status' | 'verdict' | 'passed_count' | 'total_count' | 'summary' | 'lesson_completed' | 'created_at' | 'finished_at'
> & {
  number: number;
  total: number;
  cursor_at: string;
  /** Of each test only what the score needs: whether it is the student's own input, passed, and its points. */
  tests: Pick<TestOutcome, 'custom' | 'passed' | 'points'>[];
};

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

function entryOfRow(r: HistoryRow, calendar: SubmissionCalendar | undefined): SubmissionHistoryEntry {
  // The result as the tutor's other views build it (summary, score, the picture's source), then only its summary fields.
  const result = resultOfRow({
    ...r,
    exercise_id: null,
    preview: false,
    code: '',
    student_files: null,
    results: r.tests.map((t) => ({ ...t, points: t.points ?? undefined }) as TestOutcome),
    compile_output: null,
    diagnostics: null,
    course_just_completed: false,
  });
  return {
    id: r.id,
    number: r.number,
    mode: r.purpose === 'run' ? 'run' : 'submit',
    status: r.status,
    createdAt: iso(r.created_at)!,
    finishedAt: iso(r.finished_at),
    result: result && {
      verdict: result.verdict,
      passedCount: result.passedCount,
      totalCount: result.totalCount,
      summary: result.summary,
      pictureSource: result.pictureSource ?? null,
      score: result.score ?? null,
    },
    lessonCompleted: r.lesson_completed,
    late: calendar?.late ?? null,
  };
}

export function createSubmissionHistoryService({ db, now }: { db: Db; now: () => Date }) {
  const pool = db.$client;

  /** 404 unless the exercise exists and the student is one (the tutor and unknown ids alike). */
  async function subject(exerciseId: string, studentId: string): Promise<{ name: string }> {
    requireId(exerciseId, PracticeMessages.exerciseNotFound);
    const { rowCount } = await pool.query('select 1 from exercises where id = $1', [exerciseId]);
    if (!rowCount) throw notFound(PracticeMessages.exerciseNotFound);
    if (!isUuid(studentId)) throw notFound(STUDENT_NOT_FOUND);
    const { rows } = await pool.query<{ name: string }>(
      `select trim(first_name || ' ' || last_name) as name from users where id = $1 and role = 'student'`,
      [studentId],
    );
    if (!rows[0]) throw notFound(STUDENT_NOT_FOUND);
    return rows[0];
  }

  return {
    /** A page of the student's attempts, newest first: `before` is the `nextBefore` of the page shown. */
    async list(
      exerciseId: string,
      studentId: string,
      { before, limit = SUBMISSION_HISTORY_PAGE }: { before?: string; limit?: number },
    ): Promise<SubmissionHistory> {
      const { name } = await subject(exerciseId, studentId);
      const cursor = before === undefined ? null : CURSOR.exec(before);
      if (cursor === null && before !== undefined) throw badRequest('That page of the history does not exist.');
      // Numbered over every attempt kept, then paged: a number stays the attempt's while newer ones arrive.
      const { rows } = await pool.query<HistoryRow>(
        `with history as (
           select s.id, s.created_at, row_number() over (order by s.created_at, s.id)::int as number, count(*) over ()::int as total
             from exercise_submissions s
            where ${STUDENTS_ATTEMPT}
         )
         select h.number, h.total, s.id, s.purpose, s.status, s.verdict, s.passed_count, s.total_count, s.summary,
                s.lesson_completed, s.created_at, s.finished_at,
                to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
                (select coalesce(jsonb_agg(jsonb_build_object('custom', t->'custom', 'passed', t->'passed', 'points', t->'points')), '[]')
                   from jsonb_array_elements(coalesce(s.results, '[]')) t) as tests
           from history h
           join exercise_submissions s on s.id = h.id
          where $3::timestamptz is null or (h.created_at, h.id) < ($3::timestamptz, $4::uuid)
          order by h.created_at desc, h.id desc
          limit $5`,
        [exerciseId, studentId, cursor?.[1] ?? null, cursor?.[2] ?? null, limit + 1],
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      // Late as it is read: against the student's due date now, so an extension granted since shows at once.
      const calendar = await submissionCalendar(
        pool,
        page.map((r) => r.id),
        now(),
      );
      const total =
        rows[0]?.total ??
        (
          await pool.query<{ n: number }>(`select count(*)::int as n from exercise_submissions s where ${STUDENTS_ATTEMPT}`, [
            exerciseId,
            studentId,
          ])
        ).rows[0]!.n;
      return {
        studentId,
        name,
        total,
        entries: page.map((r) => entryOfRow(r, calendar.get(r.id))),
        nextBefore: rows.length > limit && last ? `${last.cursor_at}_${last.id}` : null,
        runsKeptDays: RUN_RETENTION_DAYS,
      };
    },

    /** One attempt in full, its code and every test's outcome as stored, with exact times. */
    async attempt(exerciseId: string, studentId: string, submissionId: string): Promise<Submission> {
      await subject(exerciseId, studentId);
      requireId(submissionId, PracticeMessages.submissionNotFound);
      const { rows } = await pool.query<SubmissionRow>(
        `select ${SUBMISSION_COLUMNS} from exercise_submissions s where ${STUDENTS_ATTEMPT} and s.id = $3`,
        [exerciseId, studentId, submissionId],
      );
      const row = rows[0];
      if (!row) throw notFound(PracticeMessages.submissionNotFound);
      const calendar = await submissionCalendar(pool, [row.id], now());
      // The student's view rounds the times of an attempt with hidden tests; the tutor's is exact.
      return {
        ...withCalendar(submissionOfRow(row), calendar.get(row.id)),
        createdAt: iso(row.created_at)!,
        finishedAt: iso(row.finished_at),
      };
    },
  };
}
export type SubmissionHistoryService = ReturnType<typeof createSubmissionHistoryService>;
