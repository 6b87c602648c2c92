import { and, count, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../common/errors';
import { QuizMessages, type QuizAnswer, type QuizAttemptResult, type StudentQuiz, type StudentQuizResponse } from '../../../common/quizzes';
import type { Db } from '../../platform/db/client';
import { lessons, quizAttemptGrants, quizAttempts } from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors';
import type { ActiveSession } from '../../platform/http/guards';
import { isPreview, type LearningService } from '../learning';
import { attemptsAllowance } from './quiz-allowance';
import { gradeQuiz, shuffled, unknownQuestion } from './quiz-grading';
import { gradable, loadQuiz, type LoadedQuiz } from './quizzes.queries';

type AttemptRow = typeof quizAttempts.$inferSelect;
type Outcome = { lessonCompleted: boolean; courseJustCompleted: boolean };

/** PostgreSQL's unique violation: a second attempt with the same number, sent at the same moment. */
const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

/** What a student sees of a graded attempt: right or wrong and the explanation per question, never the correct answers. */
function resultOf(
  loaded: LoadedQuiz,
  row: Pick<AttemptRow, 'number' | 'correctCount' | 'questionCount' | 'score' | 'passed' | 'results' | 'createdAt'>,
  extra: Outcome & { attemptsLeft: number | null; preview: boolean },
): QuizAttemptResult {
  const explanations = new Map(loaded.questions.map((q) => [q.id, q.explanation]));
  return {
    number: row.number,
    correctCount: row.correctCount,
    questionCount: row.questionCount,
    score: row.score,
    passed: row.passed,
    // A question deleted since the attempt keeps its verdict, without an explanation.
    questions: row.results.map((r) => ({
      questionId: r.questionId,
      correct: r.correct,
      explanation: explanations.get(r.questionId) ?? '',
    })),
    createdAt: row.createdAt.toISOString(),
    ...extra,
  };
}

/**
 * The student's side of quizzes (the admin's student view goes through it too, as a preview): the
 * lesson's quiz without what makes an answer right, and graded attempts. Access is the course
 * screen's (learning.checkLesson); a locked lesson takes no attempt (learning.assertUnlocked).
 */
export function createQuizzesService({ db, learning, now }: { db: Db; learning: LearningService; now: () => Date }) {
  async function quizOf(auth: ActiveSession, lessonId: string) {
    await learning.checkLesson(auth, lessonId);
    return loadQuiz(db, lessonId);
  }

  /** The tutor's grant or reset for this student at this quiz, if any (quiz-allowance.ts counts it). */
  async function grantOf(q: Queryable, studentId: string, quizId: string) {
    const [grant] = await q
      .select({ extraAttempts: quizAttemptGrants.extraAttempts, attemptsBeforeReset: quizAttemptGrants.attemptsBeforeReset })
      .from(quizAttemptGrants)
      .where(and(eq(quizAttemptGrants.quizId, quizId), eq(quizAttemptGrants.studentId, studentId)));
    return grant ?? null;
  }

  async function attemptsOf(studentId: string, quizId: string) {
    return db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, studentId)))
      .orderBy(desc(quizAttempts.number));
  }

  /** The questions as the attempt `number` shows them: shuffled per student and attempt when the tutor asked for it. */
  function questionsFor(loaded: LoadedQuiz, studentId: string, number: number): StudentQuiz['questions'] {
    const seed = `${studentId}:${loaded.quiz.id}:${number}`;
    const order = loaded.quiz.shuffle ? shuffled(loaded.questions, seed) : loaded.questions;
    return order.map((q) => ({
      id: q.id,
      kind: q.kind,
      prompt: q.prompt,
      choices: (loaded.quiz.shuffle ? shuffled(q.choices, `${seed}:${q.id}`) : q.choices).map((c) => ({ id: c.id, text: c.text })),
    }));
  }

  return {
    async quiz(auth: ActiveSession, lessonId: string): Promise<StudentQuizResponse> {
      const { course } = await learning.checkLesson(auth, lessonId);
      const loaded = await loadQuiz(db, lessonId);
      if (!loaded) return { quiz: null };
      const preview = isPreview(auth);
      const [attempts, grant, [lesson]] = await Promise.all([
        preview ? [] : attemptsOf(auth.user.id, loaded.quiz.id),
        preview ? null : grantOf(db, auth.user.id, loaded.quiz.id),
        db.select({ title: lessons.title }).from(lessons).where(eq(lessons.id, lessonId)),
      ]);
      const made = attempts.length;
      // The tutor's preview is never out of attempts.
      const allowance = preview ? { allowed: null, used: 0, left: null } : attemptsAllowance(loaded.quiz.attemptsAllowed, grant, made);
      const left = allowance.left;
      const last = attempts[0];
      return {
        quiz: {
          id: loaded.quiz.id,
          courseTitle: course.title,
          lessonTitle: lesson?.title ?? '',
          passMark: loaded.quiz.passMark,
          attemptsAllowed: preview ? loaded.quiz.attemptsAllowed : allowance.allowed,
          attemptsUsed: allowance.used,
          attemptsLeft: left,
          passed: attempts.some((a) => a.passed),
          // Numbered by every attempt made, so the order after a reset is a new one too.
          questions: questionsFor(loaded, auth.user.id, made + 1),
          lastAttempt: last
            ? resultOf(loaded, last, { lessonCompleted: false, courseJustCompleted: false, attemptsLeft: left, preview })
            : null,
          preview,
        },
      };
    },

    /**
     * Grades an attempt; a student's is saved and, when it passes the lesson's last check, completes
     * the lesson in the same transaction.
     */
    async submit(auth: ActiveSession, lessonId: string, answers: QuizAnswer[]): Promise<QuizAttemptResult> {
      const loaded = await quizOf(auth, lessonId);
      if (!loaded) throw notFound(QuizMessages.quizNotFound);
      await learning.assertUnlocked(auth, lessonId);
      if (unknownQuestion(loaded.questions, answers)) throw badRequest(QuizMessages.unknownQuestion);
      const { quiz } = loaded;
      const grade = gradeQuiz(gradable(loaded.questions), answers, quiz.passMark);
      const at = now();
      if (isPreview(auth)) {
        // The tutor's preview is graded like any attempt and saves nothing. Its completions live on the
        // course page only, which this request does not carry: the page decides whether the course is
        // done (course-player.tsx), so the answer never claims it.
        return resultOf(
          loaded,
          { number: 1, ...grade, createdAt: at },
          {
            lessonCompleted: grade.passed,
            courseJustCompleted: false,
            attemptsLeft: null,
            preview: true,
          },
        );
      }
      const studentId = auth.user.id;
      try {
        return await db.transaction(async (tx) => {
          const [used] = await tx
            .select({ n: count() })
            .from(quizAttempts)
            .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.studentId, studentId)));
          const n = used?.n ?? 0;
          const grant = await grantOf(tx, studentId, quiz.id);
          const allowance = attemptsAllowance(quiz.attemptsAllowed, grant, n);
          if (allowance.left === 0)
            throw new AppError(409, ErrorCode.attemptsUsedUp, QuizMessages.attemptsUsedUp(allowance.allowed!), 'No Attempts Left');
          const [row] = await tx
            .insert(quizAttempts)
            .values({ quizId: quiz.id, studentId, number: n + 1, answers, ...grade, createdAt: at })
            .returning();
          let outcome: Outcome = { lessonCompleted: false, courseJustCompleted: false };
          if (grade.passed) {
            const { rows } = await tx.execute<{ lesson_completed: boolean; course_just_completed: boolean }>(
              sql`select * from learning_complete_if_checks_passed(${studentId}, ${quiz.lessonId}, ${at.toISOString()})`,
            );
            outcome = { lessonCompleted: rows[0]!.lesson_completed, courseJustCompleted: rows[0]!.course_just_completed };
          }
          return resultOf(loaded, row!, {
            ...outcome,
            attemptsLeft: attemptsAllowance(quiz.attemptsAllowed, grant, n + 1).left,
            preview: false,
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(QuizMessages.attemptRace);
        throw err;
      }
    },
  };
}
export type QuizzesService = ReturnType<typeof createQuizzesService>;
