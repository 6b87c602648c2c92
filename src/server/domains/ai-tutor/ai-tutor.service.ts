import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  AI_TUTOR_HISTORY_TURNS,
  AiTutorMessages,
  TutorErrorCode,
  type TutorAskBody,
  type TutorBudget,
  type TutorConversationResponse,
  type TutorMessage,
  type TutorStreamEvent,
} from '../../../common/ai-tutor';
import { ErrorCode } from '../../../common/errors';
import type { LessonType } from '../../../common/courses';
import type { Db } from '../../platform/db/client';
import { chapters, courses, tutorConversations, tutorMessages, type TutorMessageRow } from '../../platform/db/schema/index';
import { ChatModelError, type ChatMessage, type ChatModel } from '../../platform/ai/chat-model';
import { AppError, notFound, tooManyRequests } from '../../platform/http/errors';
import type { ActiveSession } from '../../platform/http/guards';
import type { LearningService } from '../learning';
import { findLesson, type FilesService } from '../courses';
import type { PracticeService } from '../practice';
import type { Queryable } from '../../platform/db/transaction';
import { citedSources, type WebSources } from '../media-helpers';
import { buildTutorMessages, withWebResults, type LessonContext } from './ai-tutor.prompt';

/** The messages GET returns at most: the newest ones of the conversation. */
const MESSAGES_SHOWN = 200;
/** Namespace of the per-user advisory lock that makes "count today's questions, then store one" atomic. */
const BUDGET_LOCK = 5_150_001;

export type TutorServiceDeps = {
  db: Db;
  learning: Pick<LearningService, 'checkLesson'>;
  /** The exercise the student asks from, as they see it. */
  practice: Pick<PracticeService, 'tutorContext'>;
  files: Pick<FilesService, 'extractedTexts'>;
  /** Null when OPENAI_BASE_URL / AI_MODEL are not set. */
  model: ChatModel | null;
  /** Web results for questions beyond the lesson; null when SEARCH_URL is not set. */
  webSources?: WebSources | null;
  dailyMessages: number;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
};

/** A question that passed every check and is stored: what the answer stream needs. */
export type PreparedQuestion = {
  userId: string;
  isAdmin: boolean;
  conversationId: string;
  userMessage: TutorMessage;
  messages: ChatMessage[];
  model: ChatModel;
  /** Search the web for this question before answering (a search provider is configured, and it is not a quick question). */
  searchWeb: boolean;
};

const notConfigured = () => new AppError(503, ErrorCode.unavailable, AiTutorMessages.notConfigured, AiTutorMessages.notConfiguredTitle);
const toMessage = (m: Pick<TutorMessageRow, 'id' | 'role' | 'content' | 'createdAt' | 'sources'>): TutorMessage => ({
  id: m.id,
  role: m.role,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
  ...(m.sources?.length ? { sources: m.sources } : {}),
});
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export function createAiTutorService(deps: TutorServiceDeps) {
  const { db, learning, practice, files, model, dailyMessages, now, log } = deps;
  const webSources = deps.webSources ?? null;

  async function questionsToday(q: Queryable, userId: string): Promise<number> {
    const [row] = await q
      .select({ n: sql<number>`count(*)::int` })
      .from(tutorMessages)
      .innerJoin(tutorConversations, eq(tutorConversations.id, tutorMessages.conversationId))
      .where(
        and(
          eq(tutorConversations.userId, userId),
          eq(tutorMessages.role, 'user'),
          sql`${tutorMessages.createdAt} >= ${startOfUtcDay(now()).toISOString()}::timestamptz`,
        ),
      );
    return row?.n ?? 0;
  }

  function budget(used: number, isAdmin: boolean): TutorBudget {
    if (isAdmin) return { limit: dailyMessages, used, remaining: dailyMessages, unlimited: true };
    return { limit: dailyMessages, used, remaining: Math.max(0, dailyMessages - used), unlimited: false };
  }

  async function lessonContext(lessonId: string): Promise<LessonContext> {
    // One snapshot for both reads: the lesson's chapter and course are there whenever the lesson is.
    const { lesson, place } = await db.transaction(
      async (tx) => {
        const { lesson } = await findLesson(tx, lessonId);
        const [place] = await tx
          .select({ courseTitle: courses.title, courseDescription: courses.description, chapterTitle: chapters.title })
          .from(chapters)
          .innerJoin(courses, eq(courses.id, chapters.courseId))
          .where(eq(chapters.id, lesson.chapterId));
        return { lesson, place: place! };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const row = { ...place, lessonTitle: lesson.title, lessonType: lesson.lessonType, summary: lesson.summary };
    const { pdfFileId, tutorialFileId } = lesson;
    const ids = [pdfFileId, tutorialFileId].filter((id): id is string => id !== null);
    const texts = await files.extractedTexts(ids);
    return {
      courseTitle: row.courseTitle,
      courseDescription: row.courseDescription,
      chapterTitle: row.chapterTitle,
      lessonTitle: row.lessonTitle,
      lessonType: row.lessonType as LessonType,
      summary: row.summary,
      lessonPdfText: (pdfFileId && texts.get(pdfFileId)) || '',
      tutorialPdfText: (tutorialFileId && texts.get(tutorialFileId)) || '',
    };
  }

  /** The earlier turns of a conversation before message `beforeSeq`, oldest first. */
  async function history(conversationId: string, beforeSeq: number): Promise<ChatMessage[]> {
    const rows = await db
      .select({ role: tutorMessages.role, content: tutorMessages.content })
      .from(tutorMessages)
      .where(and(eq(tutorMessages.conversationId, conversationId), lt(tutorMessages.seq, beforeSeq)))
      .orderBy(desc(tutorMessages.seq))
      .limit(AI_TUTOR_HISTORY_TURNS * 2);
    return rows.reverse().map((r) => ({ role: r.role, content: r.content }));
  }

  return {
    /** GET: the user's latest conversation about the lesson (or none), today's budget, and whether the tutor is set up. */
    async conversation(auth: ActiveSession, lessonId: string): Promise<TutorConversationResponse> {
      await learning.checkLesson(auth, lessonId);
      const isAdmin = auth.user.role === 'admin';
      const [latest] = await db
        .select({ id: tutorConversations.id })
        .from(tutorConversations)
        .where(and(eq(tutorConversations.userId, auth.user.id), eq(tutorConversations.lessonId, lessonId)))
        .orderBy(desc(tutorConversations.updatedAt), desc(tutorConversations.createdAt))
        .limit(1);
      const rows = latest
        ? await db
            .select()
            .from(tutorMessages)
            .where(eq(tutorMessages.conversationId, latest.id))
            .orderBy(desc(tutorMessages.seq))
            .limit(MESSAGES_SHOWN)
        : [];
      return {
        available: model !== null,
        conversationId: latest?.id ?? null,
        messages: rows.reverse().map(toMessage),
        budget: budget(await questionsToday(db, auth.user.id), isAdmin),
      };
    },

    /**
     * Everything before the answer: access, configuration, the conversation's owner, the daily
     * budget; then the question is stored (it counts even if the model then fails, as it was sent).
     * Throws AppErrors, which go out as ordinary JSON errors.
     */
    async prepare(auth: ActiveSession, lessonId: string, body: TutorAskBody): Promise<PreparedQuestion> {
      const { courseId } = await learning.checkLesson(auth, lessonId);
      if (!model) throw notConfigured();
      // Checked before the question is stored: an exercise of another lesson is refused with nothing written.
      const practiceAsked = body.practice && (await practice.tutorContext(auth, lessonId, body.practice.exerciseId, body.practice.code));
      const userId = auth.user.id;
      const isAdmin = auth.user.role === 'admin';
      const at = now();

      const stored = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${BUDGET_LOCK}, hashtext(${userId}))`);
        let conversationId = body.conversationId ?? null;
        if (conversationId) {
          const [own] = await tx
            .select({ id: tutorConversations.id })
            .from(tutorConversations)
            .where(
              and(
                eq(tutorConversations.id, conversationId),
                eq(tutorConversations.userId, userId),
                eq(tutorConversations.lessonId, lessonId),
              ),
            );
          // Someone else's conversation, or one about another lesson, is answered like a missing one.
          if (!own) throw notFound(AiTutorMessages.conversationNotFound);
        }
        if (!isAdmin && (await questionsToday(tx, userId)) >= dailyMessages) {
          throw tooManyRequests(AiTutorMessages.budgetSpent(dailyMessages));
        }
        if (conversationId) {
          await tx.update(tutorConversations).set({ updatedAt: at }).where(eq(tutorConversations.id, conversationId));
        } else {
          const [created] = await tx
            .insert(tutorConversations)
            .values({ userId, lessonId, courseId, createdAt: at, updatedAt: at })
            .returning({ id: tutorConversations.id });
          conversationId = created!.id;
        }
        const [message] = await tx
          .insert(tutorMessages)
          .values({ conversationId, role: 'user', content: body.content, createdAt: at })
          .returning();
        return { conversationId, message: message! };
      });

      const [ctx, earlier] = await Promise.all([lessonContext(lessonId), history(stored.conversationId, stored.message.seq)]);
      if (practiceAsked) ctx.practice = practiceAsked;
      return {
        userId,
        isAdmin,
        conversationId: stored.conversationId,
        userMessage: toMessage(stored.message),
        messages: buildTutorMessages(ctx, earlier, body.content),
        model,
        searchWeb: webSources !== null && webSources.wanted(body.content),
      };
    },

    /**
     * Streams the answer as events: start, delta..., then done (the answer is stored, or the
     * empty-reply fallback when the model said nothing) or error (nothing stored for the answer).
     * When `signal` aborts (the student went away) the model call is cancelled and nothing more is sent.
     * Never throws.
     */
    async answer(q: PreparedQuestion, send: (event: TutorStreamEvent) => void, signal: AbortSignal): Promise<void> {
      send({ type: 'start', conversationId: q.conversationId, userMessage: q.userMessage });
      // Web results first (bounded by SEARCH_TIMEOUT_MS, never failing): the model decides whether the lesson needs them.
      const results = q.searchWeb && webSources ? await webSources.find({ id: q.userId, isAdmin: q.isAdmin }, q.userMessage.content) : [];
      if (signal.aborted) {
        log.info({ conversationId: q.conversationId }, 'AI tutor answer cancelled: the student left');
        return;
      }
      let text: string;
      try {
        text = await q.model.streamChat(withWebResults(q.messages, results), {
          signal,
          onDelta: (piece) => send({ type: 'delta', text: piece }),
        });
      } catch (err) {
        const kind = err instanceof ChatModelError ? err.kind : 'provider';
        if (kind === 'aborted') {
          log.info({ conversationId: q.conversationId }, 'AI tutor answer cancelled: the student left');
          return;
        }
        log.warn({ err, conversationId: q.conversationId }, 'AI tutor answer failed');
        send({
          type: 'error',
          code: kind === 'timeout' ? TutorErrorCode.timeout : TutorErrorCode.unavailable,
          message: AiTutorMessages.apology,
        });
        return;
      }
      try {
        const content = text.trim() || AiTutorMessages.emptyReply;
        const sources = citedSources(content, results);
        const at = new Date(Math.max(now().getTime(), new Date(q.userMessage.createdAt).getTime()));
        const [message] = await db
          .insert(tutorMessages)
          .values({ conversationId: q.conversationId, role: 'assistant', content, sources: sources.length ? sources : null, createdAt: at })
          .returning();
        await db.update(tutorConversations).set({ updatedAt: at }).where(eq(tutorConversations.id, q.conversationId));
        send({ type: 'done', message: toMessage(message!), budget: budget(await questionsToday(db, q.userId), q.isAdmin) });
      } catch (err) {
        log.warn({ err, conversationId: q.conversationId }, 'AI tutor answer could not be stored');
        send({ type: 'error', code: TutorErrorCode.internal, message: AiTutorMessages.apology });
      }
    },
  };
}
export type AiTutorService = ReturnType<typeof createAiTutorService>;
