import { z } from 'zod';
import { CODE_MAX_BYTES, exerciseLanguageSchema, testOutcomeSchema, verdictSchema } from './practice';
import { QUESTION_BODY_MAX_BYTES, QuestionMessages } from './questions-texts';

export { QUESTION_BODY_MAX_BYTES, QUESTION_THREADS_PER_DAY, QuestionMessages } from './questions-texts';

/**
 * Questions to the tutor ('Ask Your Tutor'): a student's thread about a lesson, with what they were
 * working on attached when they asked, and the tutor's replies. The tutor answers on the Questions page.
 */

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;
const messageBody = z
  .string({ error: QuestionMessages.bodyEmpty })
  .trim()
  .min(1, QuestionMessages.bodyEmpty)
  .refine((v) => utf8Bytes(v) <= QUESTION_BODY_MAX_BYTES, QuestionMessages.bodyTooLong);

/** POST /api/lessons/:lessonId/questions: a new thread. The server attaches the latest result itself. */
export const askQuestionBodySchema = z.strictObject({
  body: messageBody,
  exerciseId: z.string().uuid().optional(),
  /** The editor's current draft of that exercise. */
  code: z
    .string()
    .refine((v) => utf8Bytes(v) <= CODE_MAX_BYTES, QuestionMessages.codeTooLong)
    .optional(),
  aiConversationId: z.string().uuid().optional(),
});
export type AskQuestionBody = z.infer<typeof askQuestionBodySchema>;

/** A follow-up (the student) or a reply (the tutor). */
export const questionMessageBodySchema = z.strictObject({ body: messageBody });
export type QuestionMessageBody = z.infer<typeof questionMessageBodySchema>;

/** The latest result of the exercise when the question was asked, as the student saw it (hidden tests only passed or failed). */
export const questionResultSchema = z.object({
  mode: z.enum(['run', 'submit']),
  submittedAt: z.string(),
  verdict: verdictSchema,
  passedCount: z.number().int(),
  totalCount: z.number().int(),
  summary: z.string(),
  compileOutput: z.string().nullable(),
  tests: z.array(testOutcomeSchema),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;

export const questionThreadStatusSchema = z.enum(['unanswered', 'answered', 'resolved']);
export type QuestionThreadStatus = z.infer<typeof questionThreadStatusSchema>;

export const questionMessageSchema = z.object({
  id: z.string(),
  /** Who wrote it: the student who asked, or the tutor. */
  from: z.enum(['student', 'tutor']),
  body: z.string(),
  createdAt: z.string(),
});
export type QuestionMessage = z.infer<typeof questionMessageSchema>;

/** A thread as its student sees it on the lesson. */
export const studentQuestionThreadSchema = z.object({
  id: z.string(),
  lessonId: z.string(),
  exerciseTitle: z.string().nullable(),
  status: questionThreadStatusSchema,
  createdAt: z.string(),
  messages: z.array(questionMessageSchema),
});
export type StudentQuestionThread = z.infer<typeof studentQuestionThreadSchema>;
export const lessonQuestionsResponseSchema = z.object({ threads: z.array(studentQuestionThreadSchema) });
export type LessonQuestionsResponse = z.infer<typeof lessonQuestionsResponseSchema>;

/** One row of the tutor's list. */
export const questionThreadSummarySchema = z.object({
  id: z.string(),
  status: questionThreadStatusSchema,
  studentId: z.string(),
  studentName: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  lessonId: z.string(),
  lessonTitle: z.string(),
  /** The newest message, shortened. */
  excerpt: z.string(),
  messageCount: z.number().int(),
  lastMessageAt: z.string(),
});
export type QuestionThreadSummary = z.infer<typeof questionThreadSummarySchema>;
export const questionThreadListSchema = z.object({
  threads: z.array(questionThreadSummarySchema),
  unanswered: z.number().int(),
});
export type QuestionThreadList = z.infer<typeof questionThreadListSchema>;

/** One thread on the tutor's Questions page, with everything attached. */
export const questionThreadDetailSchema = questionThreadSummarySchema.extend({
  studentEmail: z.string(),
  exercise: z.object({ id: z.string(), title: z.string(), language: exerciseLanguageSchema }).nullable(),
  code: z.string().nullable(),
  result: questionResultSchema.nullable(),
  aiConversation: z
    .object({
      id: z.string(),
      messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string(), createdAt: z.string() })),
    })
    .nullable(),
  messages: z.array(questionMessageSchema),
});
export type QuestionThreadDetail = z.infer<typeof questionThreadDetailSchema>;

export const unansweredQuestionsSchema = z.object({ unanswered: z.number().int() });
export type UnansweredQuestions = z.infer<typeof unansweredQuestionsSchema>;

/** Lines `from`…`to` (1-based, inclusive) of the code as a quoted Markdown code block, for a reply. */
export function quoteCodeLines(code: string, from: number, to: number, language = ''): string {
  const lines = code.split('\n');
  const first = Math.max(1, Math.min(from, to));
  const last = Math.min(lines.length, Math.max(from, to));
  const label = first === last ? `Line ${first}:` : `Lines ${first}–${last}:`;
  const block = ['```' + language, ...lines.slice(first - 1, last), '```'];
  return [label, '', ...block.map((l) => `> ${l}`.trimEnd())].join('\n') + '\n\n';
}
