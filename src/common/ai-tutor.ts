import { z } from 'zod';
import { AI_TUTOR_MESSAGE_MAX_CHARS, AiTutorMessages, AiTutorOversightMessages } from './ai-tutor-texts';
import { webSourceSchema } from './media-helpers';

/**
 * The AI tutor on the course-learning screen.
 * The browser talks only to our server; the server calls the model and streams the answer back.
 */

export {
  AI_TUTOR_HISTORY_TURNS,
  AI_TUTOR_MESSAGE_MAX_CHARS,
  AiTutorMessages,
  AiTutorOversightMessages,
  HINT_LEVELS,
  HINT_LEVEL_NAMES,
  type GuardOutcome,
  type HintLevel,
  QUICK_QUESTIONS,
  TutorErrorCode,
  WHY_DOES_MY_CODE_FAIL,
} from './ai-tutor-texts';

export const tutorRoleSchema = z.enum(['user', 'assistant']);
export type TutorRole = z.infer<typeof tutorRoleSchema>;

export const tutorMessageSchema = z.object({
  id: z.string(),
  role: tutorRoleSchema,
  content: z.string(),
  createdAt: z.string(),
  /** An answer's web sources, cited in it as [n] (only when a search provider is configured and the answer cites one). */
  sources: z.array(webSourceSchema).optional(),
  /** A question asked from an exercise: the help it asked for, 1 (a nudge) to 3 (the concept with an example). */
  hintLevel: z.number().int().min(1).max(3).optional(),
  /** An answer the leak guard acted on: regenerated, or withheld (the student read a refusal). */
  guardOutcome: z.enum(['regenerated', 'withheld']).optional(),
});
export type TutorMessage = z.infer<typeof tutorMessageSchema>;

export const tutorBudgetSchema = z.object({
  /** Questions a student may ask per UTC day. */
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** True for the admin: no daily limit applies (limit and remaining then stay at the students' figures). */
  unlimited: z.boolean().optional(),
  /** Where the limit comes from: the student's own allowance, the course's, or the site's default. */
  source: z.enum(['student', 'course', 'site']).optional(),
});
export type TutorBudget = z.infer<typeof tutorBudgetSchema>;

/** GET /api/lessons/:lessonId/tutor — the signed-in user's latest conversation about this lesson. */
export const tutorConversationResponseSchema = z.object({
  /** False when OPENAI_BASE_URL/AI_MODEL are not set: the panel says so instead of failing. */
  available: z.boolean(),
  conversationId: z.string().nullable(),
  messages: z.array(tutorMessageSchema),
  budget: tutorBudgetSchema,
});
export type TutorConversationResponse = z.infer<typeof tutorConversationResponseSchema>;

/**
 * POST /api/lessons/:lessonId/tutor/messages
 * conversationId null (or omitted) starts a new conversation ('New chat').
 * Refusals before any answer (validation, access, budget, not configured) are ordinary JSON
 * errors with a 4xx/503 status. Otherwise the answer is `text/event-stream` with the events below.
 */
export const tutorAskBodySchema = z.strictObject({
  content: z
    .string({ error: AiTutorMessages.messageRequired })
    .trim()
    .min(1, AiTutorMessages.messageRequired)
    .max(AI_TUTOR_MESSAGE_MAX_CHARS, AiTutorMessages.messageTooLong),
  conversationId: z.string().uuid().nullable().optional(),
  /**
   * The exercise the student is working on, with the code in their editor now: the tutor then sees
   * the statement, this code and their latest results (never the reference solution or a hidden
   * test's data, which the server does not give it).
   */
  practice: z
    .strictObject({
      exerciseId: z.string().uuid(),
      code: z.string().refine((v) => new TextEncoder().encode(v).length <= 64 * 1024, 'Code must be at most 64 KB.'),
      /** A Java exercise's further files as the student's tabs hold them (the server keeps those the exercise names). */
      files: z
        .array(z.strictObject({ name: z.string().max(100), content: z.string() }))
        .max(20)
        .refine(
          (files) => files.reduce((n, f) => n + new TextEncoder().encode(f.content).length, 0) <= 64 * 1024,
          'Code must be at most 64 KB.',
        )
        .default([]),
    })
    .optional(),
  /** 'More Help': the answer goes one hint level further than the conversation's last (at most 3). Only with `practice`. */
  moreHelp: z.boolean().optional(),
});
export type TutorAskBody = z.infer<typeof tutorAskBodySchema>;

/** Server-sent events of the answer stream, in order: start, delta*, then done or error. */
export const tutorStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), conversationId: z.string(), userMessage: tutorMessageSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  /** The words so far are withdrawn (the answer was giving the exercise away): clear them; a new answer follows. */
  z.object({ type: z.literal('retry') }),
  /** The stored answer (the empty-reply fallback when the model said nothing) and the budget after it. */
  z.object({ type: z.literal('done'), message: tutorMessageSchema, budget: tutorBudgetSchema }),
  /** The provider failed or timed out: show AiTutorMessages.apology in the chat and the 'AI Tutor Unavailable' toast. */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type TutorStreamEvent = z.infer<typeof tutorStreamEventSchema>;

/* The tutor's oversight of the AI tutor. */

/** A message as the tutor reads it: the hint level asked for, and what the leak guard kept from the student. */
export const tutorOverseenMessageSchema = tutorMessageSchema.extend({
  withheldContent: z.string().nullable(),
});
export type TutorOverseenMessage = z.infer<typeof tutorOverseenMessageSchema>;

export const tutorOverseenConversationSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  lessonId: z.string(),
  lessonTitle: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(tutorOverseenMessageSchema),
});
export type TutorOverseenConversation = z.infer<typeof tutorOverseenConversationSchema>;

/** GET /api/admin/students/:studentId/ai-conversations — every conversation of the student, newest first. */
export const studentAiConversationsResponseSchema = z.object({
  student: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  conversations: z.array(tutorOverseenConversationSchema),
});
export type StudentAiConversationsResponse = z.infer<typeof studentAiConversationsResponseSchema>;

/** One course of the student: its daily limit, the student's own (null: none), what applies, and today's questions. */
export const aiTutorAllowanceSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  /** The course's limit; null: the site's default applies. */
  courseDailyMessages: z.number().int().nullable(),
  siteDailyMessages: z.number().int(),
  /** The student's own limit in this course; null: the course's applies. */
  studentDailyMessages: z.number().int().nullable(),
  effectiveDailyMessages: z.number().int(),
  usedToday: z.number().int(),
});
export type AiTutorAllowance = z.infer<typeof aiTutorAllowanceSchema>;

/** GET /api/admin/students/:studentId/ai-tutor-allowances — one row per course the student is enrolled in. */
export const aiTutorAllowancesResponseSchema = z.object({ allowances: z.array(aiTutorAllowanceSchema) });
export type AiTutorAllowancesResponse = z.infer<typeof aiTutorAllowancesResponseSchema>;

export const AI_TUTOR_DAILY_MESSAGES_MAX = 1000;
const dailyMessages = z
  .number({ error: AiTutorOversightMessages.dailyMessagesInvalid })
  .int(AiTutorOversightMessages.dailyMessagesInvalid)
  .min(0, AiTutorOversightMessages.dailyMessagesInvalid)
  .max(AI_TUTOR_DAILY_MESSAGES_MAX, AiTutorOversightMessages.dailyMessagesInvalid);

/** PUT /api/admin/students/:studentId/ai-tutor-allowances/:courseId — the student's own limit in the course. */
export const aiTutorAllowanceBodySchema = z.strictObject({ dailyMessages });
export type AiTutorAllowanceBody = z.infer<typeof aiTutorAllowanceBodySchema>;

/** PUT /api/admin/courses/:courseId/ai-tutor-limit — the course's limit; null: the site's default. */
export const aiTutorCourseLimitBodySchema = z.strictObject({ dailyMessages: dailyMessages.nullable() });
export type AiTutorCourseLimitBody = z.infer<typeof aiTutorCourseLimitBodySchema>;
