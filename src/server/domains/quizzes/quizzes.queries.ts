import { asc, eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import type { LateWork } from '../../../common/calendar';
import type { AdminQuiz, ExplanationsShown, QuestionKind, QuizInputParsed, QuizStanding, QuizStats } from '../../../common/quizzes';
import { quizChoices, quizQuestions, quizzes } from '../../platform/db/schema/index';
import type { Queryable, Tx } from '../../platform/db/transaction';
import { attemptsAllowance } from './quiz-allowance';
import type { GradableQuestion } from './quiz-grading';

/** The SQL of quizzes, shared by the tutor's and the student's services and the analytics. */

export type QuizRow = typeof quizzes.$inferSelect;
type QuestionRow = typeof quizQuestions.$inferSelect;
type ChoiceRow = typeof quizChoices.$inferSelect;
export type LoadedQuestion = QuestionRow & { kind: QuestionKind; choices: ChoiceRow[] };
export type LoadedQuiz = { quiz: QuizRow; questions: LoadedQuestion[] };

/** A lesson's quiz with its questions and their choices in order, or null when it has none. */
export async function loadQuiz(q: Queryable, lessonId: string): Promise<LoadedQuiz | null> {
  const [quiz] = await q.select().from(quizzes).where(eq(quizzes.lessonId, lessonId));
  if (!quiz) return null;
  const questions = await q
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quiz.id))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  const choices = questions.length
    ? await q
        .select()
        .from(quizChoices)
        .where(
          inArray(
            quizChoices.questionId,
            questions.map((x) => x.id),
          ),
        )
        .orderBy(asc(quizChoices.position))
    : [];
  return {
    quiz,
    questions: questions.map((x) => ({ ...x, kind: x.kind as QuestionKind, choices: choices.filter((c) => c.questionId === x.id) })),
  };
}

/**
 * Which of these attempts were made after their student's current due date of the quiz, as they are read: days late
 * and penalty (calendar_late at the attempt's time against calendar_course_dues, so an extension granted since removes
 * it), and the score before and after the penalty (calendar_score_hundredths, the gradebook's rule, in whole percent).
 * Attempts on time are not in the map.
 */
export async function attemptsLate(pool: Pick<pg.Pool, 'query'>, attemptIds: string[]): Promise<Map<string, LateWork>> {
  if (!attemptIds.length) return new Map();
  const { rows } = await pool.query<{ id: string; days_late: number; penalty: number; raw_score: number; score: number }>(
    `select a.id, lt.days_late, lt.penalty, a.score as raw_score, round(calendar_score_hundredths(a.score, 100, a.passed, lt.penalty) / 100.0)::int as score
       from quiz_attempts a
       join quizzes q on q.id = a.quiz_id
       join lessons l on l.id = q.lesson_id
       join chapters ch on ch.id = l.chapter_id
       join calendar_course_dues(ch.course_id, a.student_id) d on d.quiz_id = a.quiz_id
       cross join lateral calendar_late(ch.course_id, d.due_at, a.created_at) lt
      where a.id = any($1::uuid[]) and lt.late`,
    [attemptIds],
  );
  return new Map(rows.map((r) => [r.id, { daysLate: r.days_late, penalty: r.penalty, rawScore: r.raw_score, score: r.score }]));
}

export const gradable = (questions: LoadedQuestion[]): GradableQuestion[] =>
  questions.map((x) => ({
    id: x.id,
    kind: x.kind,
    choices: x.choices.map((c) => ({ id: c.id, correct: c.correct })),
    acceptedAnswers: x.acceptedAnswers ?? [],
    correctNumber: x.correctNumber,
    tolerance: x.tolerance ?? 0,
  }));

/**
 * Writes the quiz of a lesson, replacing its questions (attempts stay: they keep their own
 * results). In the caller's transaction, so a refused or failed save leaves the old quiz whole.
 */
export async function writeQuiz(tx: Tx, lessonId: string, input: QuizInputParsed, at: Date): Promise<string> {
  const settings = {
    passMark: input.passMark,
    attemptsAllowed: input.attemptsAllowed,
    shuffle: input.shuffle,
    explanationsShown: input.explanationsShown,
    // Absent: the due date it has stays.
    ...(input.dueAt !== undefined ? { dueAt: input.dueAt === null ? null : new Date(input.dueAt) } : {}),
    updatedAt: at,
  };
  const [quiz] = await tx
    .insert(quizzes)
    .values({ lessonId, ...settings })
    .onConflictDoUpdate({ target: quizzes.lessonId, set: settings })
    .returning({ id: quizzes.id });
  const quizId = quiz!.id;
  await tx.delete(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  const choiceKinds = new Set<QuestionKind>(['single', 'multiple']);
  const rows = await tx
    .insert(quizQuestions)
    .values(
      input.questions.map((x, i) => ({
        quizId,
        position: i + 1,
        kind: x.kind,
        prompt: x.prompt,
        explanation: x.explanation,
        // Only what the kind uses is kept, so a question switched from one kind to another carries nothing stale.
        acceptedAnswers: x.kind === 'short' ? x.acceptedAnswers.filter((a) => a.length > 0) : null,
        correctNumber: x.kind === 'number' ? x.correctNumber : null,
        tolerance: x.kind === 'number' ? x.tolerance : null,
      })),
    )
    .returning({ id: quizQuestions.id, position: quizQuestions.position });
  const choices = input.questions.flatMap((x, i) =>
    choiceKinds.has(x.kind)
      ? x.choices.map((c, j) => ({
          questionId: rows.find((r) => r.position === i + 1)!.id,
          position: j + 1,
          text: c.text,
          correct: c.correct,
        }))
      : [],
  );
  if (choices.length) await tx.insert(quizChoices).values(choices);
  return quizId;
}

export type QuizFigureRow = {
  quiz_id: string;
  lesson_id: string;
  lesson_title: string;
  course_id: string;
  course_title: string;
  attempts: number;
  students: number;
  passed_students: number;
  average_score: number | null;
  hardest_id: string | null;
  hardest_position: number | null;
  hardest_prompt: string | null;
  hardest_right: number | null;
  hardest_answered: number | null;
};

/**
 * Each quiz's figures from students' real attempts (the tutor's preview writes none): attempts,
 * students, students who passed, the mean score, and the question of the quiz as it is now with
 * the lowest share of right answers. `$1` narrows to some quizzes; `$2`/`$3` to attempts in a range.
 */
export async function quizFigures(
  pool: Pick<pg.Pool, 'query'>,
  quizIds: string[] | null,
  range: { from: string | null; to: string | null } = { from: null, to: null },
): Promise<QuizFigureRow[]> {
  const { rows } = await pool.query<QuizFigureRow>(
    `with tries as (
       select a.* from quiz_attempts a
         join users u on u.id = a.student_id and u.role = 'student'
        where ($1::uuid[] is null or a.quiz_id = any($1::uuid[]))
          and ($2::timestamptz is null or a.created_at >= $2::timestamptz)
          and ($3::timestamptz is null or a.created_at <= $3::timestamptz)
     ), per_quiz as (
       select quiz_id, count(*)::int as attempts, count(distinct student_id)::int as students,
              count(distinct student_id) filter (where passed)::int as passed_students,
              round(avg(score))::int as average_score
         from tries group by 1
     ), per_question as (
       select t.quiz_id, (r->>'questionId')::uuid as question_id,
              count(*)::int as answered, count(*) filter (where (r->>'correct')::boolean)::int as right_count
         from tries t cross join lateral jsonb_array_elements(t.results) r
        group by 1, 2
     ), hardest as (
       select pq.*, qq.position, qq.prompt,
              row_number() over (partition by pq.quiz_id order by pq.right_count::float / pq.answered, qq.position) as rank
         from per_question pq join quiz_questions qq on qq.id = pq.question_id and qq.quiz_id = pq.quiz_id
     )
     select q.id as quiz_id, l.id as lesson_id, l.title as lesson_title, c.id as course_id, c.title as course_title,
            coalesce(p.attempts, 0) as attempts, coalesce(p.students, 0) as students,
            coalesce(p.passed_students, 0) as passed_students, p.average_score,
            h.question_id as hardest_id, h.position as hardest_position, h.prompt as hardest_prompt,
            case when h.answered > 0 then round(h.right_count * 100.0 / h.answered)::int end as hardest_right,
            h.answered as hardest_answered
       from quizzes q
       join lessons l on l.id = q.lesson_id
       join chapters ch on ch.id = l.chapter_id
       join courses c on c.id = ch.course_id
       left join per_quiz p on p.quiz_id = q.id
       left join hardest h on h.quiz_id = q.id and h.rank = 1
      where $1::uuid[] is null or q.id = any($1::uuid[])
      order by c.title, c.id, ch.position, l.position`,
    [quizIds, range.from, range.to],
  );
  return rows;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : null);

export const quizStatsOf = (r: QuizFigureRow | undefined): QuizStats => ({
  attempts: r?.attempts ?? 0,
  students: r?.students ?? 0,
  passRate: r ? percent(r.passed_students, r.students) : null,
  averageScore: r?.average_score ?? null,
  hardestQuestion:
    r && r.hardest_id
      ? {
          questionId: r.hardest_id,
          position: r.hardest_position!,
          prompt: r.hardest_prompt!,
          rightPercent: r.hardest_right ?? 0,
          answered: r.hardest_answered ?? 0,
        }
      : null,
});

export function toAdminQuiz(loaded: LoadedQuiz, stats: QuizStats): AdminQuiz {
  const { quiz, questions } = loaded;
  return {
    id: quiz.id,
    lessonId: quiz.lessonId,
    passMark: quiz.passMark,
    attemptsAllowed: quiz.attemptsAllowed,
    shuffle: quiz.shuffle,
    explanationsShown: quiz.explanationsShown as ExplanationsShown,
    dueAt: quiz.dueAt?.toISOString() ?? null,
    questions: questions.map((x) => ({
      id: x.id,
      position: x.position,
      kind: x.kind,
      prompt: x.prompt,
      explanation: x.explanation,
      choices: x.choices.map((c) => ({ id: c.id, text: c.text, correct: c.correct })),
      acceptedAnswers: x.acceptedAnswers ?? [],
      correctNumber: x.correctNumber,
      tolerance: x.tolerance ?? 0,
    })),
    updatedAt: quiz.updatedAt.toISOString(),
    stats,
  };
}

/** Students' attempts in a range, and how many students made them. */
export async function quizAttemptTotals(pool: Pick<pg.Pool, 'query'>, range: { from: string | null; to: string }) {
  const { rows } = await pool.query<{ attempts: number; students: number }>(
    `select count(*)::int as attempts, count(distinct a.student_id)::int as students
       from quiz_attempts a join users u on u.id = a.student_id and u.role = 'student'
      where a.created_at <= $2::timestamptz and ($1::timestamptz is null or a.created_at >= $1::timestamptz)`,
    [range.from, range.to],
  );
  return rows[0] ?? { attempts: 0, students: 0 };
}

/**
 * Which students at which quizzes: those who tried a quiz (or were granted attempts at it), the quizzes of a
 * student's enrolled courses, or one pair.
 */
const STANDING_PAIRS = {
  quiz: `select quiz_id, student_id from quiz_attempts where quiz_id = $1
         union select quiz_id, student_id from quiz_attempt_grants where quiz_id = $1`,
  student: `select q.id as quiz_id, e.student_id from enrollments e
              join chapters ch on ch.course_id = e.course_id join lessons l on l.chapter_id = ch.id join quizzes q on q.lesson_id = l.id
             where e.student_id = $1`,
  one: `select $1::uuid as quiz_id, $2::uuid as student_id`,
} as const;

type StandingRow = {
  quiz_id: string;
  attempts_allowed: number | null;
  lesson_id: string;
  lesson_title: string;
  course_id: string;
  course_title: string;
  student_id: string;
  first_name: string;
  last_name: string;
  email: string;
  enrolled: boolean;
  attempts_made: number;
  best_score: number | null;
  passed: boolean;
  last_attempt_at: Date | null;
  extra_attempts: number | null;
  attempts_before_reset: number | null;
};

/**
 * Students at quizzes as the tutor sees them: every attempt they made (the history), their
 * allowance by the one rule (`attemptsAllowance`), their best score and whether they passed. By
 * course, chapter and lesson, then by name.
 */
export async function quizStandings(
  pool: Pick<pg.Pool, 'query'>,
  by: keyof typeof STANDING_PAIRS,
  params: [string] | [string, string],
): Promise<QuizStanding[]> {
  const { rows } = await pool.query<StandingRow>(
    `with pairs as (${STANDING_PAIRS[by]})
     select q.id as quiz_id, q.attempts_allowed, l.id as lesson_id, l.title as lesson_title, c.id as course_id, c.title as course_title,
            u.id as student_id, u.first_name, u.last_name, u.email,
            exists (select 1 from enrollments e where e.student_id = u.id and e.course_id = c.id) as enrolled,
            coalesce(a.made, 0)::int as attempts_made, a.best_score, coalesce(a.passed, false) as passed, a.last_at as last_attempt_at,
            g.extra_attempts, g.attempts_before_reset
       from pairs p
       join quizzes q on q.id = p.quiz_id
       join lessons l on l.id = q.lesson_id
       join chapters ch on ch.id = l.chapter_id
       join courses c on c.id = ch.course_id
       join users u on u.id = p.student_id and u.role = 'student'
       left join lateral (
         select count(*) as made, max(x.score)::int as best_score, bool_or(x.passed) as passed, max(x.created_at) as last_at
           from quiz_attempts x where x.quiz_id = q.id and x.student_id = u.id
       ) a on true
       left join quiz_attempt_grants g on g.quiz_id = q.id and g.student_id = u.id
      order by c.title, c.id, ch.position, l.position, u.last_name, u.first_name, u.id`,
    params,
  );
  return rows.map((r) => {
    const grant = r.extra_attempts === null ? null : { extraAttempts: r.extra_attempts, attemptsBeforeReset: r.attempts_before_reset ?? 0 };
    const allowance = attemptsAllowance(r.attempts_allowed, grant, r.attempts_made);
    return {
      quizId: r.quiz_id,
      lessonId: r.lesson_id,
      lessonTitle: r.lesson_title,
      courseId: r.course_id,
      courseTitle: r.course_title,
      studentId: r.student_id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      enrolled: r.enrolled,
      attemptsMade: r.attempts_made,
      attemptsAllowed: allowance.allowed,
      attemptsUsed: allowance.used,
      attemptsLeft: allowance.left,
      extraAttempts: grant?.extraAttempts ?? 0,
      bestScore: r.best_score,
      passed: r.passed,
      lastAttemptAt: r.last_attempt_at?.toISOString() ?? null,
    };
  });
}
