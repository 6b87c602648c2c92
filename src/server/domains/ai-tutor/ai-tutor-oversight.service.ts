import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  AiTutorOversightMessages as M,
  type AiTutorAllowance,
  type StudentAiConversationsResponse,
  type TutorOverseenConversation,
  type TutorOverseenMessage,
} from '../../../common/ai-tutor';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/transaction';
import {
  aiTutorAllowances,
  courses,
  enrollments,
  lessons,
  tutorConversations,
  tutorMessages,
  users,
  type TutorConversationRow,
  type TutorMessageRow,
} from '../../platform/db/schema/index';
import { notFound } from '../../platform/http/errors';
import { isUuid } from '../../platform/http/ids';
import { fullNameOf } from '../auth';
import { dailyLimitOf, questionsToday } from './ai-tutor.budget';
import { toMessage } from './ai-tutor.service';

/**
 * The tutor's oversight of the AI tutor: reading a student's conversations as they happened (the
 * hint level each question asked for, and what the leak guard kept from the student), and setting
 * how many questions a day a course allows, and a student in it.
 */

const overseen = (m: TutorMessageRow): TutorOverseenMessage => ({ ...toMessage(m), withheldContent: m.withheldContent });

async function conversationsWithMessages(q: Queryable, rows: (TutorConversationRow & { courseTitle: string; lessonTitle: string })[]) {
  const messages = rows.length
    ? await q
        .select()
        .from(tutorMessages)
        .where(
          inArray(
            tutorMessages.conversationId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(tutorMessages.seq))
    : [];
  const byConversation = new Map<string, TutorMessageRow[]>();
  for (const m of messages) byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), m]);
  return rows.map((r): TutorOverseenConversation => ({
    id: r.id,
    studentId: r.userId,
    courseId: r.courseId,
    courseTitle: r.courseTitle,
    lessonId: r.lessonId,
    lessonTitle: r.lessonTitle,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    messages: (byConversation.get(r.id) ?? []).map(overseen),
  }));
}

const conversationColumns = { courseTitle: courses.title, lessonTitle: lessons.title };

/**
 * One conversation with the AI tutor as the tutor reads it (every message, hint levels, what the
 * leak guard withheld), or null when there is none with that id. For the tutor's screens only:
 * callers check that the reader is the tutor.
 */
export async function readConversationForTutor(q: Queryable, conversationId: string): Promise<TutorOverseenConversation | null> {
  if (!isUuid(conversationId)) return null;
  const rows = await q
    .select({ c: tutorConversations, ...conversationColumns })
    .from(tutorConversations)
    .innerJoin(courses, eq(courses.id, tutorConversations.courseId))
    .innerJoin(lessons, eq(lessons.id, tutorConversations.lessonId))
    .where(eq(tutorConversations.id, conversationId));
  const [found] = await conversationsWithMessages(
    q,
    rows.map((r) => ({ ...r.c, courseTitle: r.courseTitle, lessonTitle: r.lessonTitle })),
  );
  return found ?? null;
}

export type AiTutorOversightDeps = { db: Db; dailyMessages: number; now: () => Date };

export function createAiTutorOversightService({ db, dailyMessages, now }: AiTutorOversightDeps) {
  async function student(q: Queryable, studentId: string) {
    if (!isUuid(studentId)) throw notFound(M.studentNotFound);
    const [row] = await q
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.id, studentId), eq(users.role, 'student')));
    if (!row) throw notFound(M.studentNotFound);
    return row;
  }

  /** The course exists and the student is enrolled in it. */
  async function enrolled(q: Queryable, studentId: string, courseId: string) {
    await student(q, studentId);
    if (!isUuid(courseId)) throw notFound(M.courseNotFound);
    const [course] = await q.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
    if (!course) throw notFound(M.courseNotFound);
    const [enrollment] = await q
      .select({ id: enrollments.courseId })
      .from(enrollments)
      .where(and(eq(enrollments.studentId, studentId), eq(enrollments.courseId, courseId)));
    if (!enrollment) throw notFound(M.notEnrolled);
  }

  async function allowanceOf(q: Queryable, studentId: string, course: { id: string; title: string; aiTutorDailyMessages: number | null }) {
    const [own] = await q
      .select({ dailyMessages: aiTutorAllowances.dailyMessages })
      .from(aiTutorAllowances)
      .where(and(eq(aiTutorAllowances.courseId, course.id), eq(aiTutorAllowances.studentId, studentId)));
    const [{ limit }, usedToday] = await Promise.all([
      dailyLimitOf(q, dailyMessages, course.id, studentId),
      questionsToday(q, studentId, course.id, now()),
    ]);
    return {
      courseId: course.id,
      courseTitle: course.title,
      courseDailyMessages: course.aiTutorDailyMessages,
      siteDailyMessages: dailyMessages,
      studentDailyMessages: own?.dailyMessages ?? null,
      effectiveDailyMessages: limit,
      usedToday,
    } satisfies AiTutorAllowance;
  }

  async function allowanceIn(q: Queryable, studentId: string, courseId: string) {
    const [course] = await q
      .select({ id: courses.id, title: courses.title, aiTutorDailyMessages: courses.aiTutorDailyMessages })
      .from(courses)
      .where(eq(courses.id, courseId));
    return allowanceOf(q, studentId, course!);
  }

  return {
    conversation: async (conversationId: string) =>
      (await readConversationForTutor(db, conversationId)) ?? Promise.reject(notFound(M.conversationNotFound)),

    /** The student, and every conversation of theirs, the most recently used first, with all their messages. */
    async studentConversations(studentId: string): Promise<StudentAiConversationsResponse> {
      const who = await student(db, studentId);
      const rows = await db
        .select({ c: tutorConversations, ...conversationColumns })
        .from(tutorConversations)
        .innerJoin(courses, eq(courses.id, tutorConversations.courseId))
        .innerJoin(lessons, eq(lessons.id, tutorConversations.lessonId))
        .where(eq(tutorConversations.userId, studentId))
        .orderBy(desc(tutorConversations.updatedAt), desc(tutorConversations.createdAt));
      const conversations = await conversationsWithMessages(
        db,
        rows.map((r) => ({ ...r.c, courseTitle: r.courseTitle, lessonTitle: r.lessonTitle })),
      );
      return { student: { id: who.id, fullName: fullNameOf(who), email: who.email }, conversations };
    },

    /** The student's daily limit in each course they are enrolled in, and today's questions there. */
    async allowances(studentId: string): Promise<AiTutorAllowance[]> {
      await student(db, studentId);
      const rows = await db
        .select({ id: courses.id, title: courses.title, aiTutorDailyMessages: courses.aiTutorDailyMessages })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .where(eq(enrollments.studentId, studentId))
        .orderBy(asc(courses.title));
      return Promise.all(rows.map((c) => allowanceOf(db, studentId, c)));
    },

    async setAllowance(studentId: string, courseId: string, daily: number): Promise<AiTutorAllowance> {
      return db.transaction(async (tx) => {
        await enrolled(tx, studentId, courseId);
        await tx
          .insert(aiTutorAllowances)
          .values({ courseId, studentId, dailyMessages: daily, updatedAt: now() })
          .onConflictDoUpdate({
            target: [aiTutorAllowances.courseId, aiTutorAllowances.studentId],
            set: { dailyMessages: daily, updatedAt: now() },
          });
        return allowanceIn(tx, studentId, courseId);
      });
    },

    /** The student goes back to the course's limit. */
    async removeAllowance(studentId: string, courseId: string): Promise<AiTutorAllowance> {
      return db.transaction(async (tx) => {
        await enrolled(tx, studentId, courseId);
        await tx.delete(aiTutorAllowances).where(and(eq(aiTutorAllowances.courseId, courseId), eq(aiTutorAllowances.studentId, studentId)));
        return allowanceIn(tx, studentId, courseId);
      });
    },

    /** The course's daily limit for its students; null: the site's default. */
    async setCourseLimit(courseId: string, daily: number | null): Promise<{ courseId: string; dailyMessages: number | null }> {
      if (!isUuid(courseId)) throw notFound(M.courseNotFound);
      const [row] = await db
        .update(courses)
        .set({ aiTutorDailyMessages: daily })
        .where(eq(courses.id, courseId))
        .returning({ id: courses.id, daily: courses.aiTutorDailyMessages });
      if (!row) throw notFound(M.courseNotFound);
      return { courseId: row.id, dailyMessages: row.daily };
    },
  };
}
export type AiTutorOversightService = ReturnType<typeof createAiTutorOversightService>;
