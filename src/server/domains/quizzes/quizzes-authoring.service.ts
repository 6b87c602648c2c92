import { eq } from 'drizzle-orm';
import type { AdminQuiz, QuizInputParsed } from '../../../common/quizzes';
import type { Db } from '../../platform/db/client';
import { quizzes } from '../../platform/db/schema/index';
import { notFound } from '../../platform/http/errors';
import { requireId } from '../../platform/http/ids';
import { findLesson } from '../courses';
import { loadQuiz, quizFigures, quizStatsOf, toAdminQuiz, writeQuiz } from './quizzes.queries';

/** The tutor's side of quizzes: a lesson's quiz with everything, saving it whole, deleting it, and its figures. */
export function createQuizzesAuthoringService({ db, now }: { db: Db; now: () => Date }) {
  async function read(lessonId: string): Promise<AdminQuiz | null> {
    const loaded = await loadQuiz(db, lessonId);
    if (!loaded) return null;
    const [figures] = await quizFigures(db.$client, [loaded.quiz.id]);
    return toAdminQuiz(loaded, quizStatsOf(figures));
  }

  return {
    async get(lessonId: string): Promise<AdminQuiz | null> {
      await findLesson(db, lessonId);
      return read(lessonId);
    },

    /** Creates the lesson's quiz or replaces it whole: settings, questions and choices, in one transaction. */
    async save(lessonId: string, input: QuizInputParsed): Promise<AdminQuiz> {
      await findLesson(db, lessonId);
      await db.transaction((tx) => writeQuiz(tx, lessonId, input, now()));
      return (await read(lessonId))!;
    },

    async remove(lessonId: string): Promise<void> {
      requireId(lessonId, 'Quiz not found');
      const deleted = await db.delete(quizzes).where(eq(quizzes.lessonId, lessonId)).returning({ id: quizzes.id });
      if (!deleted.length) throw notFound('Quiz not found');
    },
  };
}
export type QuizzesAuthoringService = ReturnType<typeof createQuizzesAuthoringService>;
