import { and, eq, sql } from 'drizzle-orm';
import { CalendarMessages } from '../../../common/calendar';
import { QuizMessages, QUIZ_ATTEMPTS_MAX, type AdminQuiz, type QuizInputParsed, type QuizStanding } from '../../../common/quizzes';
import type { Db } from '../../platform/db/client';
import { chapters, courses, enrollments, lessons, quizAttempts, quizzes, users } from '../../platform/db/schema/index';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { isUuid, requireId } from '../../platform/http/ids';
import { findLesson } from '../courses';
import { loadQuiz, quizFigures, quizStandings, quizStatsOf, toAdminQuiz, writeQuiz } from './quizzes.queries';

/**
 * The tutor's side of quizzes: a lesson's quiz with everything, saving it whole, deleting it, its
 * figures, and each student's attempts with one more granted or a fresh allowance (a reset).
 */
export function createQuizzesAuthoringService({ db, now }: { db: Db; now: () => Date }) {
  async function read(lessonId: string): Promise<AdminQuiz | null> {
    const loaded = await loadQuiz(db, lessonId);
    if (!loaded) return null;
    const [figures] = await quizFigures(db.$client, [loaded.quiz.id]);
    return toAdminQuiz(loaded, quizStatsOf(figures));
  }

  async function quizRow(quizId: string) {
    requireId(quizId, QuizMessages.quizNotFound);
    const [row] = await db
      .select({ id: quizzes.id, attemptsAllowed: quizzes.attemptsAllowed, courseId: courses.id, courseTitle: courses.title })
      .from(quizzes)
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
      .innerJoin(courses, eq(courses.id, chapters.courseId))
      .where(eq(quizzes.id, quizId));
    if (!row) throw notFound(QuizMessages.quizNotFound);
    return row;
  }

  async function studentRow(studentId: string) {
    if (!isUuid(studentId)) throw notFound(QuizMessages.studentNotFound);
    const [row] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, studentId), eq(users.role, 'student')));
    if (!row) throw notFound(QuizMessages.studentNotFound);
    return { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() };
  }

  /**
   * What a grant and a reset both check before writing anything: the quiz and the student exist,
   * the student is enrolled in the quiz's course, the quiz limits attempts, and the student has
   * not passed it (then the lesson is completed, and there is nothing to help with).
   */
  async function changeable(quizId: string, studentId: string) {
    const quiz = await quizRow(quizId);
    const student = await studentRow(studentId);
    const [enrolled] = await db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.studentId, student.id), eq(enrollments.courseId, quiz.courseId)));
    if (!enrolled) throw conflict(QuizMessages.notEnrolled(student.name, quiz.courseTitle));
    if (quiz.attemptsAllowed === null) throw conflict(QuizMessages.unlimitedAttempts);
    const [passed] = await db
      .select({ id: quizAttempts.id })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.studentId, student.id), eq(quizAttempts.passed, true)))
      .limit(1);
    if (passed) throw conflict(QuizMessages.alreadyPassed(student.name));
    return { quiz, student };
  }

  const standingOf = async (quizId: string, studentId: string): Promise<QuizStanding> =>
    (await quizStandings(db.$client, 'one', [quizId, studentId]))[0]!;

  return {
    async get(lessonId: string): Promise<AdminQuiz | null> {
      await findLesson(db, lessonId);
      return read(lessonId);
    },

    /** Creates the lesson's quiz or replaces it whole: settings, questions and choices, in one transaction. */
    async save(lessonId: string, input: QuizInputParsed): Promise<AdminQuiz> {
      await findLesson(db, lessonId);
      await db.transaction(async (tx) => {
        // A due date before the chapter opens is refused, nothing written (calendar_item_due_before_release).
        if (input.dueAt) {
          const { rows } = await tx.execute<{ early: boolean }>(
            sql`select calendar_item_due_before_release(${lessonId}, ${input.dueAt}::timestamptz) as early`,
          );
          if (rows[0]?.early) throw badRequest(CalendarMessages.dueBeforeRelease);
        }
        await writeQuiz(tx, lessonId, input, now());
      });
      return (await read(lessonId))!;
    },

    async remove(lessonId: string): Promise<void> {
      requireId(lessonId, QuizMessages.quizNotFound);
      const deleted = await db.delete(quizzes).where(eq(quizzes.lessonId, lessonId)).returning({ id: quizzes.id });
      if (!deleted.length) throw notFound(QuizMessages.quizNotFound);
    },

    /** Every student who tried the quiz (or was granted attempts at it): their attempts, allowance, best score. */
    async studentsOf(quizId: string): Promise<QuizStanding[]> {
      await quizRow(quizId);
      return quizStandings(db.$client, 'quiz', [quizId]);
    },

    /** The quizzes of the student's enrolled courses, with their attempts and allowance at each. */
    async quizzesOf(studentId: string): Promise<QuizStanding[]> {
      await studentRow(studentId);
      return quizStandings(db.$client, 'student', [studentId]);
    },

    /** One more attempt for the student at the quiz, on top of their allowance. */
    async grantAttempt(quizId: string, studentId: string): Promise<QuizStanding> {
      const { quiz, student } = await changeable(quizId, studentId);
      const { rows } = await db.execute(sql`
        insert into quiz_attempt_grants as g (quiz_id, student_id, extra_attempts, updated_at)
        values (${quiz.id}, ${student.id}, 1, ${now().toISOString()})
        on conflict (quiz_id, student_id) do update set extra_attempts = g.extra_attempts + 1, updated_at = excluded.updated_at
          where g.extra_attempts < ${QUIZ_ATTEMPTS_MAX}
        returning 1`);
      if (!rows.length) throw conflict(QuizMessages.tooManyGranted);
      return standingOf(quiz.id, student.id);
    },

    /**
     * A fresh allowance: the attempts made so far stay (the figures and the student's last result
     * keep them) and no longer count; the attempts granted go, as the quiz's number starts over.
     */
    async resetAttempts(quizId: string, studentId: string): Promise<QuizStanding> {
      const { quiz, student } = await changeable(quizId, studentId);
      await db.execute(sql`
        insert into quiz_attempt_grants as g (quiz_id, student_id, extra_attempts, attempts_before_reset, updated_at)
        values (${quiz.id}, ${student.id}, 0,
                (select count(*)::int from quiz_attempts a where a.quiz_id = ${quiz.id} and a.student_id = ${student.id}),
                ${now().toISOString()})
        on conflict (quiz_id, student_id) do update
          set extra_attempts = 0, attempts_before_reset = excluded.attempts_before_reset, updated_at = excluded.updated_at`);
      return standingOf(quiz.id, student.id);
    },
  };
}
export type QuizzesAuthoringService = ReturnType<typeof createQuizzesAuthoringService>;
