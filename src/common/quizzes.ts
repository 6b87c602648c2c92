import { z } from 'zod';
import { itemDueSchema, lateWorkSchema, momentSchema } from './calendar';

/**
 * Quizzes: one per lesson at most, graded on the server. The tutor's contracts carry everything;
 * the student's never carry which choice is correct, an accepted answer or a correct number (the
 * server builds them field by field from these types), before or after grading.
 */

export const QUIZ_QUESTIONS_MAX = 200;
export const QUIZ_CHOICES_MAX = 20;
export const QUIZ_ACCEPTED_MAX = 50;
export const QUIZ_PROMPT_MAX = 2000;
export const QUIZ_EXPLANATION_MAX = 5000;
export const QUIZ_CHOICE_MAX = 500;
export const QUIZ_ANSWER_MAX = 500;
export const QUIZ_ATTEMPTS_MAX = 100;
export const PASS_MARK_DEFAULT = 70;

export const questionKindSchema = z.enum(['single', 'multiple', 'short', 'number'], {
  error: 'A question is single choice, multiple choice, short answer or number.',
});
export type QuestionKind = z.infer<typeof questionKindSchema>;
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  short: 'Short answer',
  number: 'Number',
};

/**
 * When a student reads the tutor's explanations of a graded attempt: after each attempt, or only
 * once they passed the quiz or used every attempt (then an explanation cannot give the answer of a
 * retry away). The server leaves them out of its answer until then.
 */
export const explanationsShownSchema = z.enum(['each_attempt', 'at_end'], {
  error: 'Explanations show after each attempt or at the end.',
});
export type ExplanationsShown = z.infer<typeof explanationsShownSchema>;
export const EXPLANATIONS_SHOWN_DEFAULT: ExplanationsShown = 'at_end';
export const EXPLANATIONS_SHOWN_LABELS: Record<ExplanationsShown, string> = {
  each_attempt: 'After each attempt',
  at_end: 'Once the student passed or used every attempt',
};

/** 'Questions 2 and 4', 'Question 3': numbers as the student saw them. */
const questionList = (numbers: number[]) =>
  numbers.length === 1 ? `Question ${numbers[0]}` : `Questions ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;

export const QuizMessages = {
  noQuestions: 'A quiz needs at least one question.',
  tooManyQuestions: `A quiz can have at most ${QUIZ_QUESTIONS_MAX} questions.`,
  promptRequired: (n: number) => `Question ${n} needs its text.`,
  promptTooLong: `A question's text must be at most ${QUIZ_PROMPT_MAX} characters.`,
  explanationTooLong: `An explanation must be at most ${QUIZ_EXPLANATION_MAX.toLocaleString('en-US')} characters.`,
  choicesRequired: (n: number) => `Question ${n} needs at least two choices.`,
  tooManyChoices: `A question can have at most ${QUIZ_CHOICES_MAX} choices.`,
  choiceTextRequired: (n: number) => `Every choice of question ${n} needs its text.`,
  choiceTooLong: `A choice must be at most ${QUIZ_CHOICE_MAX} characters.`,
  noCorrectChoice: (n: number) => `Question ${n} needs a choice marked Correct.`,
  singleOneCorrect: (n: number) => `Question ${n} is single choice: mark exactly one choice Correct.`,
  acceptedRequired: (n: number) => `Question ${n} needs at least one accepted answer.`,
  tooManyAccepted: `A question can have at most ${QUIZ_ACCEPTED_MAX} accepted answers.`,
  acceptedTooLong: `An accepted answer must be at most ${QUIZ_ANSWER_MAX} characters.`,
  numberRequired: (n: number) => `Question ${n} needs its correct number.`,
  numberInvalid: 'Numbers must be finite.',
  toleranceNegative: 'The tolerance must be 0 or more.',
  passMarkRange: 'The pass mark must be a whole number between 0 and 100.',
  attemptsRange: `Attempts allowed must be a whole number from 1 to ${QUIZ_ATTEMPTS_MAX}, or empty for unlimited.`,
  quizNotFound: 'Quiz not found',
  attemptsUsedUp: (n: number) => `You have used all ${n} ${n === 1 ? 'attempt' : 'attempts'} at this quiz.`,
  attemptRace: 'Another attempt was submitted at the same time. Please try again.',
  offline: 'You are offline. Your answers are kept; submit them when you are back online.',
  unknownQuestion: 'An answer names a question that is not in this quiz. Reload the page and try again.',
  // The tutor's grants and resets of a student's attempts.
  studentNotFound: 'Student not found',
  notEnrolled: (name: string, course: string) => `${name} is not enrolled in "${course}", so their attempts cannot be changed.`,
  unlimitedAttempts: 'This quiz allows unlimited attempts: there is nothing to grant or reset.',
  alreadyPassed: (name: string) => `${name} has passed this quiz already.`,
  tooManyGranted: `A student can be granted at most ${QUIZ_ATTEMPTS_MAX} extra attempts at a quiz. Reset their attempts instead.`,
  granted: (name: string) => `${name} has one more attempt.`,
  reset: (name: string) => `${name}'s attempts were reset.`,
  // The student out of attempts.
  askTutor: 'Ask your tutor for another attempt.',
  askTutorMessage: (course: string, lesson: string) =>
    `Hello! I have used all my attempts at the quiz of the lesson "${lesson}" in the course "${course}" without passing it. Could I have another attempt?`,
  // Submit Answers with questions left unanswered: the student is asked before an attempt is spent.
  unanswered: (numbers: number[], total: number) =>
    numbers.length === total ? 'No question is answered.' : `${questionList(numbers)} ${numbers.length === 1 ? 'is' : 'are'} not answered.`,
  submitAnyway: 'Submit anyway?',
  unansweredCountWrong: (attemptsLeft: number | null) =>
    attemptsLeft === null
      ? 'Unanswered questions count as wrong.'
      : attemptsLeft === 1
        ? 'Unanswered questions count as wrong, and this uses your last attempt.'
        : `Unanswered questions count as wrong, and this uses one of your ${attemptsLeft} attempts left.`,
  // Explanations kept back until the quiz's rule allows them.
  explanationsLater: (unlimited: boolean) =>
    unlimited
      ? 'The explanations show once you pass the quiz.'
      : 'The explanations show once you pass the quiz or have used every attempt.',
} as const;

const finite = z.number({ error: QuizMessages.numberInvalid }).refine(Number.isFinite, QuizMessages.numberInvalid);

export const quizChoiceInputSchema = z.strictObject({
  text: z.string().trim().max(QUIZ_CHOICE_MAX, QuizMessages.choiceTooLong),
  correct: z.boolean().default(false),
});

export const quizQuestionInputSchema = z.strictObject({
  kind: questionKindSchema,
  prompt: z.string().trim().max(QUIZ_PROMPT_MAX, QuizMessages.promptTooLong),
  explanation: z.string().trim().max(QUIZ_EXPLANATION_MAX, QuizMessages.explanationTooLong).default(''),
  choices: z.array(quizChoiceInputSchema).max(QUIZ_CHOICES_MAX, QuizMessages.tooManyChoices).default([]),
  acceptedAnswers: z
    .array(z.string().trim().max(QUIZ_ANSWER_MAX, QuizMessages.acceptedTooLong))
    .max(QUIZ_ACCEPTED_MAX, QuizMessages.tooManyAccepted)
    .default([]),
  correctNumber: finite.nullable().default(null),
  tolerance: finite.pipe(z.number().min(0, QuizMessages.toleranceNegative)).default(0),
});
export type QuizQuestionInput = z.input<typeof quizQuestionInputSchema>;

/** Each question as its kind needs it; the first problem found is the message. */
function checkQuestion(q: z.output<typeof quizQuestionInputSchema>, n: number): string | null {
  if (!q.prompt) return QuizMessages.promptRequired(n);
  if (q.kind === 'single' || q.kind === 'multiple') {
    if (q.choices.length < 2) return QuizMessages.choicesRequired(n);
    if (q.choices.some((c) => !c.text)) return QuizMessages.choiceTextRequired(n);
    const correct = q.choices.filter((c) => c.correct).length;
    if (correct === 0) return QuizMessages.noCorrectChoice(n);
    if (q.kind === 'single' && correct > 1) return QuizMessages.singleOneCorrect(n);
  }
  if (q.kind === 'short' && !q.acceptedAnswers.some((a) => a.length > 0)) return QuizMessages.acceptedRequired(n);
  if (q.kind === 'number' && q.correctNumber === null) return QuizMessages.numberRequired(n);
  return null;
}

/** PUT /api/admin/lessons/:lessonId/quiz: the whole quiz, created or replaced. */
export const quizInputSchema = z
  .strictObject({
    passMark: z
      .number({ error: QuizMessages.passMarkRange })
      .int(QuizMessages.passMarkRange)
      .min(0, QuizMessages.passMarkRange)
      .max(100, QuizMessages.passMarkRange)
      .default(PASS_MARK_DEFAULT),
    attemptsAllowed: z
      .number({ error: QuizMessages.attemptsRange })
      .int(QuizMessages.attemptsRange)
      .min(1, QuizMessages.attemptsRange)
      .max(QUIZ_ATTEMPTS_MAX, QuizMessages.attemptsRange)
      .nullable()
      .default(null),
    shuffle: z.boolean().default(false),
    explanationsShown: explanationsShownSchema.default(EXPLANATIONS_SHOWN_DEFAULT),
    /** 'Due Date' (decision 034): a moment, or null for the chapter's; absent keeps the one it has. */
    dueAt: momentSchema.nullish(),
    questions: z
      .array(quizQuestionInputSchema, { error: QuizMessages.noQuestions })
      .min(1, QuizMessages.noQuestions)
      .max(QUIZ_QUESTIONS_MAX, QuizMessages.tooManyQuestions),
  })
  .superRefine((quiz, ctx) => {
    for (const [i, q] of quiz.questions.entries()) {
      const message = checkQuestion(q, i + 1);
      if (message) {
        ctx.addIssue({ code: 'custom', path: ['questions', i], message });
        return;
      }
    }
  });
export type QuizInput = z.input<typeof quizInputSchema>;
export type QuizInputParsed = z.output<typeof quizInputSchema>;

export const quizStatsSchema = z.object({
  /** Graded attempts of students (the tutor's preview never counts). */
  attempts: z.number().int(),
  students: z.number().int(),
  /** Students who passed ÷ students who tried, percent; null before any attempt. */
  passRate: z.number().int().nullable(),
  /** Mean score of the attempts, percent; null before any. */
  averageScore: z.number().int().nullable(),
  /** The question with the lowest share of right answers, with how many answered it; null before any attempt. */
  hardestQuestion: z
    .object({
      questionId: z.string(),
      position: z.number().int(),
      prompt: z.string(),
      rightPercent: z.number().int(),
      answered: z.number().int(),
    })
    .nullable(),
});
export type QuizStats = z.infer<typeof quizStatsSchema>;

/** The tutor's view: everything. */
export const adminQuizSchema = z.object({
  id: z.string(),
  lessonId: z.string(),
  passMark: z.number().int(),
  attemptsAllowed: z.number().int().nullable(),
  shuffle: z.boolean(),
  explanationsShown: explanationsShownSchema,
  /** Its own 'Due Date'; null: its chapter's. */
  dueAt: z.string().nullable(),
  questions: z.array(
    z.object({
      id: z.string(),
      position: z.number().int(),
      kind: questionKindSchema,
      prompt: z.string(),
      explanation: z.string(),
      choices: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean() })),
      acceptedAnswers: z.array(z.string()),
      correctNumber: z.number().nullable(),
      tolerance: z.number(),
    }),
  ),
  updatedAt: z.string(),
  stats: quizStatsSchema,
});
export type AdminQuiz = z.infer<typeof adminQuizSchema>;
export const adminQuizResponseSchema = z.object({ quiz: adminQuizSchema.nullable() });
export type AdminQuizResponse = z.infer<typeof adminQuizResponseSchema>;

// ---------- the student ----------

/** One answer; a question left out counts as wrong. */
export const quizAnswerSchema = z.strictObject({
  questionId: z.string().max(64),
  choiceIds: z.array(z.string().max(64)).max(QUIZ_CHOICES_MAX).optional(),
  text: z.string().max(QUIZ_ANSWER_MAX, `An answer must be at most ${QUIZ_ANSWER_MAX} characters.`).optional(),
  number: finite.nullable().optional(),
});
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

/** POST /api/lessons/:lessonId/quiz/attempts */
export const quizAttemptBodySchema = z.strictObject({
  answers: z.array(quizAnswerSchema).max(QUIZ_QUESTIONS_MAX),
});
export type QuizAttemptBody = z.infer<typeof quizAttemptBodySchema>;

/**
 * The student's own answer to a graded question, as they gave it: the choices they picked (their
 * texts, in the order they saw them), the text typed or the number; null when they left it out.
 */
export const yourAnswerSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('choices'), choices: z.array(z.string()) }),
    z.object({ kind: z.literal('text'), text: z.string() }),
    z.object({ kind: z.literal('number'), number: z.number() }),
  ])
  .nullable();
export type YourAnswer = z.infer<typeof yourAnswerSchema>;

/**
 * A graded question as the student sees it: its text, their answer, right or wrong, and the tutor's
 * explanation once the quiz's rule allows it; never the correct answer itself. In the order the
 * student saw the questions in that attempt.
 */
export const gradedQuestionSchema = z.object({
  questionId: z.string(),
  /** Null: the tutor removed the question since. */
  prompt: z.string().nullable(),
  correct: z.boolean(),
  yourAnswer: yourAnswerSchema,
  /** Empty without one, or while the explanations are kept back (`explanationsWithheld`). */
  explanation: z.string(),
});
export type GradedQuestion = z.infer<typeof gradedQuestionSchema>;

export const quizAttemptResultSchema = z.object({
  number: z.number().int(),
  correctCount: z.number().int(),
  questionCount: z.number().int(),
  score: z.number().int(),
  passed: z.boolean(),
  questions: z.array(gradedQuestionSchema),
  /** The tutor wrote explanations that this student may not read yet: the quiz shows them once passed or out of attempts. */
  explanationsWithheld: z.boolean(),
  createdAt: z.string(),
  /** This attempt completed the lesson (its checks are all passed now), and the course if `courseJustCompleted`. */
  lessonCompleted: z.boolean(),
  courseJustCompleted: z.boolean(),
  /** Attempts still allowed after this one; null: unlimited. */
  attemptsLeft: z.number().int().nullable(),
  preview: z.boolean(),
  /** Made after the student's current due date: its days late, penalty and score after it (computed as it is read). */
  late: lateWorkSchema.nullable(),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;

/** GET /api/lessons/:lessonId/quiz: questions in this attempt's order, choices without which is correct. */
export const studentQuizSchema = z.object({
  id: z.string(),
  /** Where the quiz is, for a message to the tutor about it. */
  courseTitle: z.string(),
  lessonTitle: z.string(),
  passMark: z.number().int(),
  /** This student's allowance: the quiz's number plus any the tutor granted since their last reset; null: unlimited. */
  attemptsAllowed: z.number().int().nullable(),
  /** Attempts counted against the allowance: made since the tutor's last reset (every attempt without one). */
  attemptsUsed: z.number().int(),
  attemptsLeft: z.number().int().nullable(),
  /** Some attempt of this student passed. */
  passed: z.boolean(),
  questions: z.array(
    z.object({
      id: z.string(),
      kind: questionKindSchema,
      prompt: z.string(),
      choices: z.array(z.object({ id: z.string(), text: z.string() })),
    }),
  ),
  lastAttempt: quizAttemptResultSchema.nullable(),
  preview: z.boolean(),
  /** When the quiz is due for this student and, once past, what an attempt now would owe; null without a due date. */
  due: itemDueSchema.nullable(),
});
export type StudentQuiz = z.infer<typeof studentQuizSchema>;
export const studentQuizResponseSchema = z.object({ quiz: studentQuizSchema.nullable() });
export type StudentQuizResponse = z.infer<typeof studentQuizResponseSchema>;

// ---------- the tutor's grants and resets ----------

/**
 * One student at one quiz, as the tutor sees it (GET /api/admin/quizzes/:quizId/students, GET
 * /api/admin/students/:studentId/quizzes, and the answer of a grant or a reset). The attempts
 * fields are the student's own allowance (`attemptsAllowance` on the server).
 */
export const quizStandingSchema = z.object({
  quizId: z.string(),
  lessonId: z.string(),
  lessonTitle: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  studentId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Enrolled in the quiz's course now: only then can the tutor grant or reset. */
  enrolled: z.boolean(),
  /** Every graded attempt, before a reset or after: the history the figures count. */
  attemptsMade: z.number().int(),
  /** The quiz's number plus the attempts granted since the last reset; null: unlimited. */
  attemptsAllowed: z.number().int().nullable(),
  attemptsUsed: z.number().int(),
  attemptsLeft: z.number().int().nullable(),
  /** Attempts the tutor granted since the last reset. */
  extraAttempts: z.number().int(),
  bestScore: z.number().int().nullable(),
  passed: z.boolean(),
  lastAttemptAt: z.string().nullable(),
});
export type QuizStanding = z.infer<typeof quizStandingSchema>;
export const quizStandingsResponseSchema = z.object({ standings: z.array(quizStandingSchema) });
export type QuizStandingsResponse = z.infer<typeof quizStandingsResponseSchema>;

/** 'N of M correct' */
export const correctSummary = (correct: number, total: number) => `${correct} of ${total} correct`;
