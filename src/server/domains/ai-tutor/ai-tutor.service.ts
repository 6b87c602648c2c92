import { and, asc, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import {
  AI_TUTOR_HISTORY_TURNS,
  AiTutorMessages,
  TutorErrorCode,
  type GuardOutcome,
  type HintLevel,
  type TutorAskBody,
  type TutorBudget,
  type TutorConversationResponse,
  type TutorMessage,
  type TutorStreamEvent,
} from '../../../common/ai-tutor';
import { ErrorCode } from '../../../common/errors';
import type { LessonType } from '../../../common/courses';
import type { Db } from '../../platform/db/client';
import {
  chapters,
  courses,
  exerciseFiles,
  exercises,
  exerciseTests,
  tutorConversations,
  tutorMessages,
  type TutorMessageRow,
} from '../../platform/db/schema/index';
import { ChatModelError, type ChatMessage, type ChatModel } from '../../platform/ai/chat-model';
import { AppError, badRequest, notFound, tooManyRequests } from '../../platform/http/errors';
import type { ActiveSession } from '../../platform/http/guards';
import type { LearningService } from '../learning';
import { findLesson, type FilesService } from '../courses';
import type { PracticeService } from '../practice';
import type { Queryable } from '../../platform/db/transaction';
import { citedSources, type WebSources } from '../media-helpers';
import { buildTutorMessages, stricter, withWebResults, type LessonContext } from './ai-tutor.prompt';
import { dailyLimitOf, questionsToday, type DailyLimit } from './ai-tutor.budget';
import { createCodeHoldBack } from './ai-tutor.code-hold-back';
import { createLeakGuard, exerciseSecrets, type LeakGuard } from './ai-tutor.leak-guard';

/** The messages GET returns at most: the newest ones of the conversation. */
const MESSAGES_SHOWN = 200;
/** Namespace of the per-user advisory lock that makes "count today's questions, then store one" atomic. */
const BUDGET_LOCK = 5_150_001;

export type TutorServiceDeps = {
  db: Db;
  learning: Pick<LearningService, 'checkLesson' | 'assertUnlocked'>;
  /** The exercise the student asks from, as they see it. */
  practice: Pick<PracticeService, 'tutorContext'>;
  files: Pick<FilesService, 'extractedTexts'>;
  /** Null when OPENAI_BASE_URL / AI_MODEL are not set. */
  model: ChatModel | null;
  /** Web results for questions beyond the lesson; null when SEARCH_URL is not set. */
  webSources?: WebSources | null;
  /** The site's default of questions per student per UTC day in a course (a course or a student may have their own). */
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
  courseId: string;
  /** Set for a question asked from an exercise: what the answer must not give away. */
  guard: LeakGuard | null;
};

/** Between the two answers the leak guard kept back, in the withheld text the tutor reads. */
const WITHHELD_SEPARATOR = '\n\n---\n\n';

/** One answer from the model: its text, and whether the guard stopped it. */
type Attempt = { text: string; leaked: boolean };

const notConfigured = () => new AppError(503, ErrorCode.unavailable, AiTutorMessages.notConfigured, AiTutorMessages.notConfiguredTitle);
/** A message as its author reads it: never the text the leak guard withheld. */
export const toMessage = (
  m: Pick<TutorMessageRow, 'id' | 'role' | 'content' | 'createdAt' | 'sources' | 'hintLevel' | 'guardOutcome'>,
): TutorMessage => ({
  id: m.id,
  role: m.role,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
  ...(m.sources?.length ? { sources: m.sources } : {}),
  ...(m.hintLevel ? { hintLevel: m.hintLevel } : {}),
  ...(m.guardOutcome ? { guardOutcome: m.guardOutcome as GuardOutcome } : {}),
});

export function createAiTutorService(deps: TutorServiceDeps) {
  const { db, learning, practice, files, model, dailyMessages, now, log } = deps;
  const webSources = deps.webSources ?? null;

  function budgetOf(used: number, isAdmin: boolean, { limit, source }: DailyLimit): TutorBudget {
    if (isAdmin) return { limit, used, remaining: limit, unlimited: true, source };
    return { limit, used, remaining: Math.max(0, limit - used), unlimited: false, source };
  }

  async function budget(q: Queryable, userId: string, courseId: string, isAdmin: boolean): Promise<TutorBudget> {
    const [limit, used] = await Promise.all([dailyLimitOf(q, dailyMessages, courseId, userId), questionsToday(q, userId, courseId, now())]);
    return budgetOf(used, isAdmin, limit);
  }

  /** What the answer to a question about the exercise must not give away, and what the student already has. */
  async function guardFor(exerciseId: string, studentCode: string): Promise<LeakGuard | null> {
    const [x] = await db.select().from(exercises).where(eq(exercises.id, exerciseId));
    if (!x) return null;
    const [tests, files] = await Promise.all([
      db.select().from(exerciseTests).where(eq(exerciseTests.exerciseId, exerciseId)).orderBy(asc(exerciseTests.position)),
      db.select().from(exerciseFiles).where(eq(exerciseFiles.exerciseId, exerciseId)).orderBy(asc(exerciseFiles.position)),
    ]);
    return createLeakGuard(exerciseSecrets({ ...x, tests, files }, studentCode));
  }

  /** The hint level the conversation's last exercise question asked for; null before any. */
  async function lastHintLevel(q: Queryable, conversationId: string): Promise<number | null> {
    const [row] = await q
      .select({ level: tutorMessages.hintLevel })
      .from(tutorMessages)
      .where(and(eq(tutorMessages.conversationId, conversationId), eq(tutorMessages.role, 'user'), isNotNull(tutorMessages.hintLevel)))
      .orderBy(desc(tutorMessages.seq))
      .limit(1);
    return row?.level ?? null;
  }

  /**
   * One answer from the model, streamed through the leak guard when there is one: prose goes out at
   * once, each code block when it closed and passed. A block that gives the exercise away stops the
   * model there (nothing of the block was sent); so does a hidden test's value in the finished text.
   */
  async function attempt(q: PreparedQuestion, messages: ChatMessage[], send: (e: TutorStreamEvent) => void, signal: AbortSignal) {
    const guard = q.guard;
    if (!guard) {
      const text = await q.model.streamChat(messages, { signal, onDelta: (piece) => send({ type: 'delta', text: piece }) });
      return { text, leaked: false } satisfies Attempt;
    }
    const stop = new AbortController();
    const cancel = () => stop.abort();
    if (signal.aborted) stop.abort();
    signal.addEventListener('abort', cancel, { once: true });
    const holdBack = createCodeHoldBack((code) => guard.checkCode(code).leaked);
    let sofar = '';
    let leaked = false;
    try {
      const text = await q.model.streamChat(messages, {
        signal: stop.signal,
        onDelta: (piece) => {
          if (leaked) return;
          sofar += piece;
          const step = holdBack.push(piece);
          if (step.text) send({ type: 'delta', text: step.text });
          if (step.leaked) {
            leaked = true;
            stop.abort();
          }
        },
      });
      if (leaked) return { text: sofar, leaked } satisfies Attempt;
      const last = holdBack.end();
      if (last.leaked || guard.checkText(text).leaked) return { text, leaked: true } satisfies Attempt;
      if (last.text) send({ type: 'delta', text: last.text });
      return { text, leaked: false } satisfies Attempt;
    } catch (err) {
      // Stopped by the guard, not by the student leaving: the answer so far is what was kept back.
      if (leaked && !signal.aborted) return { text: sofar, leaked } satisfies Attempt;
      throw err;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
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
      const { courseId } = await learning.checkLesson(auth, lessonId);
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
        budget: await budget(db, auth.user.id, courseId, isAdmin),
      };
    },

    /**
     * Everything before the answer: access, configuration, the conversation's owner, the daily
     * budget; then the question is stored (it counts even if the model then fails, as it was sent).
     * Throws AppErrors, which go out as ordinary JSON errors.
     */
    async prepare(auth: ActiveSession, lessonId: string, body: TutorAskBody): Promise<PreparedQuestion> {
      const { courseId } = await learning.checkLesson(auth, lessonId);
      // The tutor's answer draws on the lesson: a lesson of a chapter not open yet is not asked about either.
      await learning.assertUnlocked(auth, lessonId, 'read');
      if (!model) throw notConfigured();
      if (body.moreHelp && !body.practice) throw badRequest(AiTutorMessages.moreHelpNeedsExercise);
      // Checked before the question is stored: an exercise of another lesson is refused with nothing written.
      const practiceAsked =
        body.practice && (await practice.tutorContext(auth, lessonId, body.practice.exerciseId, body.practice.code, body.practice.files));
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
        if (!isAdmin) {
          const { limit } = await dailyLimitOf(tx, dailyMessages, courseId, userId);
          if ((await questionsToday(tx, userId, courseId, at)) >= limit) throw tooManyRequests(AiTutorMessages.budgetSpent(limit));
        }
        // In an exercise the help climbs a level with 'More Help' (up to 3) and otherwise stays where the conversation is.
        let hintLevel: HintLevel | null = null;
        if (practiceAsked) {
          const last = conversationId ? await lastHintLevel(tx, conversationId) : null;
          hintLevel = Math.min(3, body.moreHelp ? (last ?? 1) + 1 : (last ?? 1)) as HintLevel;
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
          .values({ conversationId, role: 'user', content: body.content, hintLevel, createdAt: at })
          .returning();
        return { conversationId, message: message!, hintLevel };
      });

      const [ctx, earlier, guard] = await Promise.all([
        lessonContext(lessonId),
        history(stored.conversationId, stored.message.seq),
        body.practice
          ? guardFor(body.practice.exerciseId, [body.practice.code, ...body.practice.files.map((f) => f.content)].join('\n\n'))
          : null,
      ]);
      if (practiceAsked) {
        ctx.practice = practiceAsked;
        ctx.hintLevel = stored.hintLevel ?? 1;
      }
      return {
        userId,
        isAdmin,
        conversationId: stored.conversationId,
        userMessage: toMessage(stored.message),
        messages: buildTutorMessages(ctx, earlier, body.content),
        model,
        searchWeb: webSources !== null && webSources.wanted(body.content),
        courseId,
        guard,
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
      let guardOutcome: GuardOutcome | null = null;
      let withheldContent: string | null = null;
      try {
        // An answer that gives the exercise away is asked again once, more strictly; if that one does too,
        // the student reads an honest refusal and the tutor can read both.
        const messages = withWebResults(q.messages, results);
        const first = await attempt(q, messages, send, signal);
        text = first.text;
        if (first.leaked) {
          log.info({ conversationId: q.conversationId }, 'AI tutor answer gave the exercise away: asking again');
          send({ type: 'retry' });
          const second = await attempt(q, stricter(messages), send, signal);
          if (second.leaked) {
            send({ type: 'retry' });
            guardOutcome = 'withheld';
            withheldContent = [first.text, second.text].map((t) => t.trim()).join(WITHHELD_SEPARATOR);
            text = AiTutorMessages.guardRefusal;
            send({ type: 'delta', text });
          } else {
            guardOutcome = 'regenerated';
            withheldContent = first.text.trim();
            text = second.text;
          }
        }
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
          .values({
            conversationId: q.conversationId,
            role: 'assistant',
            content,
            sources: sources.length ? sources : null,
            guardOutcome,
            withheldContent,
            createdAt: at,
          })
          .returning();
        await db.update(tutorConversations).set({ updatedAt: at }).where(eq(tutorConversations.id, q.conversationId));
        send({ type: 'done', message: toMessage(message!), budget: await budget(db, q.userId, q.courseId, q.isAdmin) });
      } catch (err) {
        log.warn({ err, conversationId: q.conversationId }, 'AI tutor answer could not be stored');
        send({ type: 'error', code: TutorErrorCode.internal, message: AiTutorMessages.apology });
      }
    },
  };
}
export type AiTutorService = ReturnType<typeof createAiTutorService>;
