import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/transaction';
import { aiTutorAllowances, courses, tutorConversations, tutorMessages } from '../../platform/db/schema/index';

/**
 * A student's daily questions to the AI tutor, per course: their own allowance in the course if the
 * tutor set one, else the course's limit, else the site's default (AI_DAILY_MESSAGES). Only the
 * questions asked today (UTC) in that course count against it.
 */

export type DailyLimit = { limit: number; source: 'student' | 'course' | 'site' };

export const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export async function dailyLimitOf(q: Queryable, siteDefault: number, courseId: string, studentId: string): Promise<DailyLimit> {
  const [row] = await q
    .select({ course: courses.aiTutorDailyMessages, student: aiTutorAllowances.dailyMessages })
    .from(courses)
    .leftJoin(aiTutorAllowances, and(eq(aiTutorAllowances.courseId, courses.id), eq(aiTutorAllowances.studentId, studentId)))
    .where(eq(courses.id, courseId));
  if (row?.student != null) return { limit: row.student, source: 'student' };
  if (row?.course != null) return { limit: row.course, source: 'course' };
  return { limit: siteDefault, source: 'site' };
}

/** The user's questions today in the course. */
export async function questionsToday(q: Queryable, userId: string, courseId: string, now: Date): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(tutorMessages)
    .innerJoin(tutorConversations, eq(tutorConversations.id, tutorMessages.conversationId))
    .where(
      and(
        eq(tutorConversations.userId, userId),
        eq(tutorConversations.courseId, courseId),
        eq(tutorMessages.role, 'user'),
        sql`${tutorMessages.createdAt} >= ${startOfUtcDay(now).toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}
