import { and, count, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../common/errors';
import {
  QuizMessages,
  type ExplanationsShown,
  type QuizAnswer,
  type QuizAttemptResult,
  type StudentQuiz,
  type StudentQuizResponse,
  type YourAnswer,
} from '../../../common/quizzes';
import type { Db } from '../../platform/db/client';
import { lessons, quizAttemptGrants, quizAttempts } from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors';
import type { ActiveSession } from '../../platform/http/guards';
import type { LateWork } from '../../../common/calendar';
import { isPreview, refuseIfClosed, studentDues, type LearningService } from '../learning';
import { attemptsAllowance } from './quiz-allowance';
import { explanationsOpen } from './quiz-explanations';
import { gradeQuiz, shuffled, unknownQuestion } from './quiz-grading';
import { attemptsLate, gradable, loadQuiz, type LoadedQuestion, type LoadedQuiz } from './quizzes.queries';

type AttemptRow = typeof quizAttempts.$inferSelect;
type Outcome = { lessonCompleted: boolean; courseJustCompleted: boolean };

/** PostgreSQL's unique violation: a second attempt with the same number, sent at the same moment. */
const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

/**
 * The questions, and their choices, in the order attempt `number` of this student shows them:
 * shuffled per student and attempt when the tutor asked for it (a stable hash, so a reload shows
 * the same order). The form, the grading and the results all take their order from here.
 */
function shownQuestions(loaded: LoadedQuiz, studentId: string, number: number): LoadedQuestion[] {
  if (!loaded.quiz.shuffle) return loaded.questions;
  const seed = `${studentId}:${loaded.quiz.id}:${number}`;
  return shuffled(loaded.questions, seed).map((q) => ({ ...q, choices: shuffled(q.choices, `${seed}:${q.id}`) }));
}

/** The student's answer as they gave it, for the results; what is not a usable answer to the question is none. */
function yourAnswerOf(q: LoadedQuestion | undefined, a: QuizAnswer | undefined): YourAnswer {
  if (!q || !a) return null;
  switch (q.kind) {
    case 'single':
    case 'multiple': {
      const chosen = new Set(a.choiceIds ?? []);
      const texts = q.choices.filter((c) => chosen.has(c.id)).map((c) => c.text);
      return texts.length ? { kind: 'choices', choices: texts } : null;
    }
    case 'short':
      return typeof a.text === 'string' && a.text.trim() ? { kind: 'text', text: a.text } : null;
    case 'number':
      return typeof a.number === 'number' && Number.isFinite(a.number) ? { kind: 'number', number: a.number } : null;
  }
}

/**
 * What a student sees of a graded attempt, in the order they saw its questions: each question's
 * text, their answer, right or wrong, and the explanation when `open` (quiz-explanations.ts);
 * never the correct answers.
 */
function resultOf(
  loaded: LoadedQuiz,
  studentId: string,
  row: Pick<AttemptRow, 'number' | 'correctCount' | 'questionCount' | 'score' | 'passed' | 'results' | 'createdAt'> & { answers: unknown },
  extra: Outcome & { attemptsLeft: number | null; preview: boolean; open: boolean; late?: LateWork | null },
): QuizAttemptResult {
  const { open, late = null, ...rest } = extra;
  const shown = shownQuestions(loaded, studentId, row.number);
  const at = new Map(shown.map((q, i) => [q.id, i]));
  const answers = new Map((row.answers as QuizAnswer[]).map((a) => [a.questionId, a]));
  // Attempts graded before the results were kept in the order shown sort into it here; a question
  // the tutor removed since keeps its verdict, after the others, without its text or explanation.
  const ordered = [...row.results].sort((a, b) => (at.get(a.questionId) ?? shown.length) - (at.get(b.questionId) ?? shown.length));
  const questions = ordered.map((r) => {
    const q = shown[at.get(r.questionId) ?? -1];
    return {
      questionId: r.questionId,
      prompt: q?.prompt ?? null,
      correct: r.correct,
      yourAnswer: yourAnswerOf(q, answers.get(r.questionId)),
      q,
    };
  });
  return {
    number: row.number,
    correctCount: row.correctCount,
    questionCount: row.questionCount,
    score: row.score,
    passed: row.passed,
    questions: questions.map(({ q, ...graded }) => ({ ...graded, explanation: open ? (q?.explanation ?? '') : '' })),
    explanationsWithheld: !open && questions.some(({ q }) => !!q?.explanation),
    createdAt: row.createdAt.toISOString(),
    ...rest,
    late,
  };
}

/**
 * The student's side of quizzes (the admin's student view goes through it too, as a preview): the
 * lesson's quiz without what makes an answer right, and graded attempts. Access is the course
 * screen's (learning.checkLesson); a locked lesson takes no attempt (learning.assertUnlocked).
 */
export function createQuizzesService({ db, learning, now }: { db: Db; learning: LearningService; now: () => Date }) {
  async function quizOf(auth: ActiveSession, lessonId: string) {
    const { courseId } = await learning.checkLesson(auth, lessonId);
    return { loaded: await loadQuiz(db, lessonId), courseId };
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

  /** The questions as the attempt `number` shows them, without what makes an answer right. */
  function questionsFor(loaded: LoadedQuiz, studentId: string, number: number): StudentQuiz['questions'] {
    return shownQuestions(loaded, studentId, number).map((q) => ({
      id: q.id,
      kind: q.kind,
      prompt: q.prompt,
      choices: q.choices.map((c) => ({ id: c.id, text: c.text })),
    }));
  }

  const shownSetting = (loaded: LoadedQuiz) => loaded.quiz.explanationsShown as ExplanationsShown;

  return {
    async quiz(auth: ActiveSession, lessonId: string): Promise<StudentQuizResponse> {
      const { course } = await learning.checkLesson(auth, lessonId);
      // Not before its chapter opens ('Release').
      await learning.assertUnlocked(auth, lessonId, 'read');
      const loaded = await loadQuiz(db, lessonId);
      if (!loaded) return { quiz: null };
      const preview = isPreview(auth);
      const [attempts, grant, [lesson], dues] = await Promise.all([
        preview ? [] : attemptsOf(auth.user.id, loaded.quiz.id),
        preview ? null : grantOf(db, auth.user.id, loaded.quiz.id),
        db.select({ title: lessons.title }).from(lessons).where(eq(lessons.id, lessonId)),
        studentDues(db.$client, auth, course.id, now()),
      ]);
      const made = attempts.length;
      // The tutor's preview is never out of attempts.
      const allowance = preview ? { allowed: null, used: 0, left: null } : attemptsAllowance(loaded.quiz.attemptsAllowed, grant, made);
      const left = allowance.left;
      const last = attempts[0];
      const passed = attempts.some((a) => a.passed);
      const late = last ? await attemptsLate(db.$client, [last.id]) : new Map<string, LateWork>();
      return {
        quiz: {
          id: loaded.quiz.id,
          courseTitle: course.title,
          lessonTitle: lesson?.title ?? '',
          passMark: loaded.quiz.passMark,
          attemptsAllowed: preview ? loaded.quiz.attemptsAllowed : allowance.allowed,
          attemptsUsed: allowance.used,
          attemptsLeft: left,
          passed,
          // Numbered by every attempt made, so the order after a reset is a new one too.
          questions: questionsFor(loaded, auth.user.id, made + 1),
          lastAttempt: last
            ? resultOf(loaded, auth.user.id, last, {
                lessonCompleted: false,
                courseJustCompleted: false,
                attemptsLeft: left,
                preview,
                open: explanationsOpen(shownSetting(loaded), { passed, attemptsLeft: left }),
                late: late.get(last.id) ?? null,
              })
            : null,
          preview,
          due: dues.quiz(loaded.quiz.id),
        },
      };
    },

    /**
     * Grades an attempt; a student's is saved and, when it passes the lesson's last check, completes
     * the lesson in the same transaction.
     */
    async submit(auth: ActiveSession, lessonId: string, answers: QuizAnswer[]): Promise<QuizAttemptResult> {
      const { loaded, courseId } = await quizOf(auth, lessonId);
      if (!loaded) throw notFound(QuizMessages.quizNotFound);
      await learning.assertUnlocked(auth, lessonId);
      if (unknownQuestion(loaded.questions, answers)) throw badRequest(QuizMessages.unknownQuestion);
      const { quiz } = loaded;
      const at = now();
      if (isPreview(auth)) {
        const grade = gradeQuiz(gradable(shownQuestions(loaded, auth.user.id, 1)), answers, quiz.passMark);
        // The tutor's preview is graded like any attempt and saves nothing. Its completions live on the
        // course page only, which this request does not carry: the page decides whether the course is
        // done (course-player.tsx), so the answer never claims it.
        return resultOf(
          loaded,
          auth.user.id,
          { number: 1, ...grade, answers, createdAt: at },
          {
            lessonCompleted: grade.passed,
            courseJustCompleted: false,
            attemptsLeft: null,
            preview: true,
            open: explanationsOpen(shownSetting(loaded), { passed: grade.passed, attemptsLeft: null }),
          },
        );
      }
      const studentId = auth.user.id;
      // Past the student's due date under 'Closed' an attempt is refused before anything is written.
      const dues = await studentDues(db.$client, auth, courseId, at);
      refuseIfClosed(dues.quiz(quiz.id), dues.timeZone);
      let graded: { id: string; result: QuizAttemptResult };
      try {
        graded = await db.transaction(async (tx) => {
          const [used] = await tx
            .select({ n: count(), passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)` })
            .from(quizAttempts)
            .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.studentId, studentId)));
          const n = used?.n ?? 0;
          const grant = await grantOf(tx, studentId, quiz.id);
          const allowance = attemptsAllowance(quiz.attemptsAllowed, grant, n);
          if (allowance.left === 0)
            throw new AppError(409, ErrorCode.attemptsUsedUp, QuizMessages.attemptsUsedUp(allowance.allowed!), 'No Attempts Left');
          // Graded in the order the student saw, so the stored results keep that order too.
          const grade = gradeQuiz(gradable(shownQuestions(loaded, studentId, n + 1)), answers, quiz.passMark);
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
          const attemptsLeft = attemptsAllowance(quiz.attemptsAllowed, grant, n + 1).left;
          const passed = grade.passed || !!used?.passed;
          const result = resultOf(loaded, studentId, row!, {
            ...outcome,
            attemptsLeft,
            preview: false,
            open: explanationsOpen(shownSetting(loaded), { passed, attemptsLeft }),
          });
          return { id: row!.id, result };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(QuizMessages.attemptRace);
        throw err;
      }
      // Late as any read of it says: by the one rule, against the due date as it stands.
      const late = await attemptsLate(db.$client, [graded.id]);
      return { ...graded.result, late: late.get(graded.id) ?? null };
    },
  };
}
export type QuizzesService = ReturnType<typeof createQuizzesService>;
