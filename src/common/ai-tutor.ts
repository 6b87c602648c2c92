import { z } from 'zod';
import { AI_TUTOR_MESSAGE_MAX_CHARS, AiTutorMessages } from './ai-tutor-texts';
import { webSourceSchema } from './media-helpers';

/**
 * The AI tutor on the course-learning screen.
 * The browser talks only to our server; the server calls the model and streams the answer back.
 */

export {
  AI_TUTOR_HISTORY_TURNS,
  AI_TUTOR_MESSAGE_MAX_CHARS,
  AiTutorMessages,
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
});
export type TutorMessage = z.infer<typeof tutorMessageSchema>;

export const tutorBudgetSchema = z.object({
  /** Questions a student may ask per UTC day. */
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** True for the admin: no daily limit applies (limit and remaining then stay at the students' figures). */
  unlimited: z.boolean().optional(),
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
    })
    .optional(),
});
export type TutorAskBody = z.infer<typeof tutorAskBodySchema>;

/** Server-sent events of the answer stream, in order: start, delta*, then done or error. */
export const tutorStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), conversationId: z.string(), userMessage: tutorMessageSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  /** The stored answer (the empty-reply fallback when the model said nothing) and the budget after it. */
  z.object({ type: z.literal('done'), message: tutorMessageSchema, budget: tutorBudgetSchema }),
  /** The provider failed or timed out: show AiTutorMessages.apology in the chat and the 'AI Tutor Unavailable' toast. */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type TutorStreamEvent = z.infer<typeof tutorStreamEventSchema>;
