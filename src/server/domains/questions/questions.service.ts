import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  QUESTION_THREADS_PER_DAY,
  QuestionMessages,
  type AskQuestionBody,
  type LessonQuestionsResponse,
  type QuestionMessage,
  type QuestionMessageBody,
  type QuestionResult,
  type QuestionThreadDetail,
  type QuestionThreadList,
  type QuestionThreadStatus,
  type StudentQuestionThread,
} from '../../../common/questions';
import { pictureSourceOfSummary, resultSummary, type ExerciseLanguage, type TestOutcome, type Verdict } from '../../../common/practice';
import type { Db } from '../../platform/db/client';
import {
  chapters,
  courses,
  exercises,
  exerciseSubmissions,
  lessons,
  questionMessages,
  questionThreads,
  tutorConversations,
  tutorMessages,
  users,
  type QuestionThreadRow,
} from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import { forbidden, notFound, tooManyRequests } from '../../platform/http/errors';
import type { ActiveSession } from '../../platform/http/guards';
import { isUuid } from '../../platform/http/ids';
import type { LearningService } from '../learning';
import type { UserNotifications } from '../notifications';
import type { PracticeService } from '../practice';

/** Namespace of the per-student advisory lock that makes "count today's threads, then open one" atomic. */
const THREADS_LOCK = 5_150_021;
const EXCERPT_MAX = 160;

export type QuestionsServiceDeps = {
  db: Db;
  /** The lesson as the student may open it (enrolled, published, approved). */
  learning: Pick<LearningService, 'checkLesson'>;
  /** The exercise as the student sees it, and that it belongs to the lesson. */
  practice: Pick<PracticeService, 'tutorContext'>;
  notices: Pick<UserNotifications, 'notify'>;
  now: () => Date;
  threadsPerDay?: number;
};

/** The in-app paths a notification opens; they mirror src/web/lib/paths.ts. */
export const lessonPath = (courseId: string, lessonId: string) => `/course/${courseId}?lesson=${lessonId}`;
export const threadPath = (threadId: string) => `/admin/questions/${threadId}`;

/** Unanswered: the newest message is the student's and the thread is open; answered: the tutor spoke last. */
export function statusOf(t: Pick<QuestionThreadRow, 'awaitingTutorSince' | 'resolvedAt'>): QuestionThreadStatus {
  if (t.resolvedAt) return 'resolved';
  return t.awaitingTutorSince ? 'unanswered' : 'answered';
}

/** The tutor's count of threads waiting for them: the Questions badge and the admin home. */
export async function unansweredQuestionCount(q: Queryable): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(questionThreads)
    .where(sql`${questionThreads.awaitingTutorSince} is not null and ${questionThreads.resolvedAt} is null`);
  return row?.n ?? 0;
}

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1)}…` : flat;
};
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim() || 'A student';

export function createQuestionsService({
  db,
  learning,
  practice,
  notices,
  now,
  threadsPerDay = QUESTION_THREADS_PER_DAY,
}: QuestionsServiceDeps) {
  /** The student's latest graded submission of the exercise, copied as they saw it. */
  async function latestResult(userId: string, exerciseId: string): Promise<QuestionResult | null> {
    const [row] = await db
      .select()
      .from(exerciseSubmissions)
      .where(
        and(
          eq(exerciseSubmissions.userId, userId),
          eq(exerciseSubmissions.exerciseId, exerciseId),
          sql`${exerciseSubmissions.purpose} <> 'reference'`,
          eq(exerciseSubmissions.status, 'done'),
        ),
      )
      .orderBy(desc(exerciseSubmissions.createdAt))
      .limit(1);
    if (!row || !row.verdict) return null;
    const verdict = row.verdict as Verdict;
    return {
      mode: row.purpose === 'submit' ? 'submit' : 'run',
      submittedAt: row.createdAt.toISOString(),
      verdict,
      passedCount: row.passedCount,
      totalCount: row.totalCount,
      summary: pictureSourceOfSummary(row.summary ?? resultSummary(verdict, row.passedCount, row.totalCount)).summary,
      compileOutput: row.compileOutput,
      tests: (row.results as TestOutcome[] | null) ?? [],
    };
  }

  async function lessonPlace(q: Queryable, lessonId: string) {
    const [place] = await q
      .select({ lessonTitle: lessons.title, courseId: courses.id, courseTitle: courses.title })
      .from(lessons)
      .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
      .innerJoin(courses, eq(courses.id, chapters.courseId))
      .where(eq(lessons.id, lessonId));
    return place!;
  }

  async function admins(q: Queryable): Promise<string[]> {
    const rows = await q.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    return rows.map((r) => r.id);
  }

  async function messagesOf(q: Queryable, threadIds: string[], studentId: (threadId: string) => string) {
    if (!threadIds.length) return new Map<string, QuestionMessage[]>();
    const rows = await q
      .select()
      .from(questionMessages)
      .where(inArray(questionMessages.threadId, threadIds))
      .orderBy(asc(questionMessages.seq));
    const byThread = new Map<string, QuestionMessage[]>();
    for (const m of rows) {
      const list = byThread.get(m.threadId) ?? [];
      list.push({
        id: m.id,
        from: m.authorId === studentId(m.threadId) ? 'student' : 'tutor',
        body: m.body,
        createdAt: m.createdAt.toISOString(),
      });
      byThread.set(m.threadId, list);
    }
    return byThread;
  }

  /** Tells every tutor (each admin user) of a question or a follow-up, with a link to the thread. */
  async function tellTutors(tx: Queryable, thread: { id: string; lessonId: string }, messageId: string, body: string, first: boolean) {
    const [student] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .innerJoin(questionThreads, eq(questionThreads.studentId, users.id))
      .where(eq(questionThreads.id, thread.id));
    const place = await lessonPlace(tx, thread.lessonId);
    const title = (first ? QuestionMessages.questionTitle : QuestionMessages.followUpTitle)(nameOf(student!), place.lessonTitle);
    for (const userId of await admins(tx)) {
      await notices.notify(tx, {
        userId,
        kind: 'question',
        title,
        body,
        link: threadPath(thread.id),
        mail: { dedupeKey: `question:${messageId}` },
      });
    }
  }

  /** A student's thread by id; another's, or one that does not exist, is answered alike. */
  async function ownThread(q: Queryable, auth: ActiveSession, threadId: string, lock = false) {
    if (!isUuid(threadId)) throw notFound(QuestionMessages.threadNotFound);
    const base = q
      .select()
      .from(questionThreads)
      .where(and(eq(questionThreads.id, threadId), eq(questionThreads.studentId, auth.user.id)));
    const [thread] = lock ? await base.for('update') : await base;
    if (!thread) throw notFound(QuestionMessages.threadNotFound);
    return thread;
  }

  async function threadById(q: Queryable, threadId: string, lock = false) {
    if (!isUuid(threadId)) throw notFound(QuestionMessages.threadNotFound);
    const base = q.select().from(questionThreads).where(eq(questionThreads.id, threadId));
    const [thread] = lock ? await base.for('update') : await base;
    if (!thread) throw notFound(QuestionMessages.threadNotFound);
    return thread;
  }

  return {
    /** The student's own threads on a lesson, oldest first, with every message. */
    async lessonThreads(auth: ActiveSession, lessonId: string): Promise<LessonQuestionsResponse> {
      await learning.checkLesson(auth, lessonId);
      const threads = await db
        .select({ thread: questionThreads, exerciseTitle: exercises.title })
        .from(questionThreads)
        .leftJoin(exercises, eq(exercises.id, questionThreads.exerciseId))
        .where(and(eq(questionThreads.studentId, auth.user.id), eq(questionThreads.lessonId, lessonId)))
        .orderBy(asc(questionThreads.createdAt));
      const messages = await messagesOf(
        db,
        threads.map((t) => t.thread.id),
        () => auth.user.id,
      );
      return {
        threads: threads.map(({ thread: t, exerciseTitle }): StudentQuestionThread => ({
          id: t.id,
          lessonId: t.lessonId,
          exerciseTitle,
          status: statusOf(t),
          createdAt: t.createdAt.toISOString(),
          messages: messages.get(t.id) ?? [],
        })),
      };
    },

    /**
     * 'Send Question': a new thread with the exercise, the student's draft and their latest result
     * copied in, and the AI tutor conversation if they chose it. Every check comes before the write.
     */
    async ask(auth: ActiveSession, lessonId: string, body: AskQuestionBody): Promise<StudentQuestionThread> {
      if (auth.user.role !== 'student') throw forbidden(QuestionMessages.onlyStudentsAsk);
      await learning.checkLesson(auth, lessonId);
      const userId = auth.user.id;
      let attached: { exerciseId: string; exerciseTitle: string; code: string | null; result: QuestionResult | null } | null = null;
      if (body.exerciseId) {
        // Refuses an exercise of another lesson, or one the student may not see.
        const context = await practice.tutorContext(auth, lessonId, body.exerciseId, body.code ?? '');
        attached = {
          exerciseId: body.exerciseId,
          exerciseTitle: context.title,
          code: body.code ?? null,
          result: await latestResult(userId, body.exerciseId),
        };
      }
      if (body.aiConversationId) {
        const [own] = await db
          .select({ id: tutorConversations.id })
          .from(tutorConversations)
          .where(
            and(
              eq(tutorConversations.id, body.aiConversationId),
              eq(tutorConversations.userId, userId),
              eq(tutorConversations.lessonId, lessonId),
            ),
          );
        if (!own) throw notFound(QuestionMessages.conversationNotFound);
      }
      const at = now();
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${THREADS_LOCK}, hashtext(${userId}))`);
        const [today] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(questionThreads)
          .where(
            and(
              eq(questionThreads.studentId, userId),
              sql`${questionThreads.createdAt} >= ${startOfUtcDay(at).toISOString()}::timestamptz`,
            ),
          );
        if ((today?.n ?? 0) >= threadsPerDay) throw tooManyRequests(QuestionMessages.tooManyThreads);
        const [thread] = await tx
          .insert(questionThreads)
          .values({
            studentId: userId,
            lessonId,
            exerciseId: attached?.exerciseId ?? null,
            code: attached?.code ?? null,
            result: attached?.result ?? null,
            aiConversationId: body.aiConversationId ?? null,
            createdAt: at,
            lastMessageAt: at,
            awaitingTutorSince: at,
          })
          .returning();
        const [message] = await tx
          .insert(questionMessages)
          .values({ threadId: thread!.id, authorId: userId, body: body.body, createdAt: at })
          .returning();
        await tellTutors(tx, thread!, message!.id, body.body, true);
        return {
          id: thread!.id,
          lessonId,
          exerciseTitle: attached?.exerciseTitle ?? null,
          status: 'unanswered' as const,
          createdAt: at.toISOString(),
          messages: [{ id: message!.id, from: 'student' as const, body: message!.body, createdAt: at.toISOString() }],
        };
      });
    },

    /** A student's follow-up in their own thread: it waits for the tutor again, and reopens a resolved thread. */
    async followUp(auth: ActiveSession, threadId: string, body: QuestionMessageBody): Promise<QuestionMessage> {
      const thread = await ownThread(db, auth, threadId);
      // The lesson must still be theirs to open (an enrollment can end).
      await learning.checkLesson(auth, thread.lessonId);
      const at = now();
      return db.transaction(async (tx) => {
        const locked = await ownThread(tx, auth, threadId, true);
        const [message] = await tx
          .insert(questionMessages)
          .values({ threadId, authorId: auth.user.id, body: body.body, createdAt: at })
          .returning();
        await tx
          .update(questionThreads)
          .set({ lastMessageAt: at, awaitingTutorSince: locked.awaitingTutorSince ?? at, resolvedAt: null })
          .where(eq(questionThreads.id, threadId));
        await tellTutors(tx, locked, message!.id, body.body, false);
        return { id: message!.id, from: 'student', body: message!.body, createdAt: at.toISOString() };
      });
    },

    /** The tutor's list: unanswered first (newest question first), then answered, then resolved (each newest first). */
    async list(): Promise<QuestionThreadList> {
      const rows = await db
        .select({
          thread: questionThreads,
          firstName: users.firstName,
          lastName: users.lastName,
          lessonTitle: lessons.title,
          courseId: courses.id,
          courseTitle: courses.title,
          messageCount: sql<number>`(select count(*)::int from question_messages m where m.thread_id = ${questionThreads.id})`,
          lastBody: sql<string>`(select m.body from question_messages m where m.thread_id = ${questionThreads.id} order by m.seq desc limit 1)`,
        })
        .from(questionThreads)
        .innerJoin(users, eq(users.id, questionThreads.studentId))
        .innerJoin(lessons, eq(lessons.id, questionThreads.lessonId))
        .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
        .innerJoin(courses, eq(courses.id, chapters.courseId))
        .orderBy(
          sql`case when ${questionThreads.resolvedAt} is not null then 2 when ${questionThreads.awaitingTutorSince} is not null then 0 else 1 end`,
          sql`coalesce(${questionThreads.resolvedAt}, ${questionThreads.awaitingTutorSince}, ${questionThreads.lastMessageAt}) desc`,
          desc(questionThreads.lastMessageAt),
        );
      const threads = rows.map((r) => ({
        id: r.thread.id,
        status: statusOf(r.thread),
        studentId: r.thread.studentId,
        studentName: nameOf(r),
        courseId: r.courseId,
        courseTitle: r.courseTitle,
        lessonId: r.thread.lessonId,
        lessonTitle: r.lessonTitle,
        excerpt: excerpt(r.lastBody ?? ''),
        messageCount: r.messageCount,
        lastMessageAt: r.thread.lastMessageAt.toISOString(),
      }));
      return { threads, unanswered: threads.filter((t) => t.status === 'unanswered').length };
    },

    unanswered: () => unansweredQuestionCount(db),

    /** One thread for the tutor, with the code, result and AI tutor conversation attached when it was asked. */
    async detail(threadId: string): Promise<QuestionThreadDetail> {
      const thread = await threadById(db, threadId);
      const [student] = await db.select().from(users).where(eq(users.id, thread.studentId));
      const place = await lessonPlace(db, thread.lessonId);
      const [exercise] = thread.exerciseId
        ? await db
            .select({ id: exercises.id, title: exercises.title, language: exercises.language })
            .from(exercises)
            .where(eq(exercises.id, thread.exerciseId))
        : [];
      const conversation = thread.aiConversationId
        ? await db
            .select({ role: tutorMessages.role, content: tutorMessages.content, createdAt: tutorMessages.createdAt })
            .from(tutorMessages)
            .where(eq(tutorMessages.conversationId, thread.aiConversationId))
            .orderBy(asc(tutorMessages.seq))
        : null;
      const messages = (await messagesOf(db, [thread.id], () => thread.studentId)).get(thread.id) ?? [];
      const last = messages[messages.length - 1];
      return {
        id: thread.id,
        status: statusOf(thread),
        studentId: thread.studentId,
        studentName: nameOf(student!),
        studentEmail: student!.email,
        courseId: place.courseId,
        courseTitle: place.courseTitle,
        lessonId: thread.lessonId,
        lessonTitle: place.lessonTitle,
        excerpt: excerpt(last?.body ?? ''),
        messageCount: messages.length,
        lastMessageAt: thread.lastMessageAt.toISOString(),
        exercise: exercise ? { ...exercise, language: exercise.language as ExerciseLanguage } : null,
        code: thread.code,
        result: (thread.result as QuestionResult | null) ?? null,
        aiConversation:
          conversation && thread.aiConversationId
            ? { id: thread.aiConversationId, messages: conversation.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }
            : null,
        messages,
      };
    },

    /** 'Reply': the thread is answered, and the student is told in the app and by e-mail. */
    async reply(auth: ActiveSession, threadId: string, body: QuestionMessageBody): Promise<QuestionThreadDetail> {
      const at = now();
      await db.transaction(async (tx) => {
        const thread = await threadById(tx, threadId, true);
        const [message] = await tx
          .insert(questionMessages)
          .values({ threadId, authorId: auth.user.id, body: body.body, createdAt: at })
          .returning();
        await tx.update(questionThreads).set({ lastMessageAt: at, awaitingTutorSince: null }).where(eq(questionThreads.id, threadId));
        const place = await lessonPlace(tx, thread.lessonId);
        await notices.notify(tx, {
          userId: thread.studentId,
          kind: 'reply',
          title: QuestionMessages.replyTitle(place.lessonTitle),
          body: body.body,
          link: lessonPath(place.courseId, thread.lessonId),
          mail: { dedupeKey: `reply:${message!.id}` },
        });
      });
      return this.detail(threadId);
    },

    /** 'Mark Resolved': nothing waits on the thread any more, until the student writes again. */
    async resolve(threadId: string): Promise<QuestionThreadDetail> {
      await db.transaction(async (tx) => {
        await threadById(tx, threadId, true);
        await tx.update(questionThreads).set({ resolvedAt: now(), awaitingTutorSince: null }).where(eq(questionThreads.id, threadId));
      });
      return this.detail(threadId);
    },
  };
}
export type QuestionsService = ReturnType<typeof createQuestionsService>;
