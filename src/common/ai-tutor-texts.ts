/** The AI tutor's limits and texts, without zod: the course screen's chunk imports these (see ai-tutor.ts for the contracts). */

export const AI_TUTOR_MESSAGE_MAX_CHARS = 2000;
/** Earlier turns of the conversation sent to the model with a new question. */
export const AI_TUTOR_HISTORY_TURNS = 10;

export const AiTutorMessages = {
  title: 'AI Tutor',
  placeholder: 'Ask me anything about this lesson...',
  hint: 'Press Enter to send • Shift+Enter for new line',
  thinking: 'AI is thinking...',
  welcome: (lessonTitle: string) =>
    `Hi! I'm your AI tutor for "${lessonTitle}". Ask me anything about this lesson: I'll help you work it out step by step.`,
  apology: "I'm sorry, I'm having trouble connecting right now. Please try again in a moment.",
  emptyReply: "I couldn't come up with an answer this time. Please try asking again.",
  unavailableTitle: 'AI Tutor Unavailable',
  unavailable: 'The AI tutor is temporarily unavailable. Please try again.',
  /** No model is configured (OPENAI_BASE_URL, AI_MODEL): said once in the panel, whose input and quick questions are then off. */
  notConfigured: 'The AI tutor is not set up on this site.',
  notConfiguredTitle: 'AI Tutor Not Set Up',
  budgetSpent: (limit: number) => `You have used all ${limit} of today's questions to the AI tutor. You can ask again tomorrow.`,
  messageRequired: 'Please type a question first.',
  messageTooLong: `Questions can be at most ${AI_TUTOR_MESSAGE_MAX_CHARS} characters.`,
  conversationNotFound: 'This conversation was not found. Please start a new chat.',
  /** Said once in the panel: the student knows the human tutor oversees these chats. */
  oversight: 'Your tutor can read these conversations.',
  moreHelp: 'More Help',
  moreHelpLabel: 'Ask the AI tutor for more help with this exercise',
  /** What 'More Help' asks, as the student's message. */
  moreHelpQuestion: 'Can you help me a bit more with this?',
  moreHelpNeedsExercise: "'More Help' is for a question about an exercise: open the exercise and ask from there.",
  /** The answer in place of one the leak guard kept back twice: honest, and pointing to the human tutor. */
  guardRefusal:
    "I can't answer that without giving away the solution to this exercise, and working it out yourself is how you learn it. Look again at the hints so far, or ask your tutor, who can look at your code with you.",
} as const;

/** The help an answer in an exercise gives, from a nudge to the concept with an example; never the solution. */
export const HINT_LEVELS = [1, 2, 3] as const;
export type HintLevel = (typeof HINT_LEVELS)[number];
export const HINT_LEVEL_NAMES: Record<HintLevel, string> = {
  1: 'Nudge',
  2: 'Guiding question',
  3: 'Concept with an example',
};

/** What the leak guard did to an answer (null on the message: it passed as written). */
export type GuardOutcome = 'regenerated' | 'withheld';

/** The tutor's side: reading the students' conversations with the AI tutor and setting their daily limits. */
export const AiTutorOversightMessages = {
  sectionTitle: 'AI Tutor Conversations',
  noConversations: 'This student has not talked with the AI tutor yet.',
  limitsTitle: 'AI Tutor Daily Questions',
  hintLevel: (level: number) => `Hint level ${level}: ${HINT_LEVEL_NAMES[level as HintLevel] ?? ''}`,
  guardRegenerated: 'Leak guard: the first answer gave the solution away; the student read this second one instead.',
  guardWithheld: 'Leak guard: both answers gave the solution away; the student read a refusal instead.',
  withheldTitle: 'Withheld from the student',
  dailyMessagesInvalid: 'The daily limit must be a whole number from 0 to 1000.',
  studentNotFound: 'Student not found.',
  courseNotFound: 'Course not found.',
  notEnrolled: 'This student is not enrolled in this course.',
  conversationNotFound: 'Conversation not found.',
  courseDefaultSaved: 'The course limit was saved.',
  overrideSaved: "The student's limit was saved.",
  overrideRemoved: "The student's limit was removed: the course limit applies.",
} as const;

/** The `code` of a stream's error event. */
export const TutorErrorCode = {
  /** The provider answered with an error, or could not be reached. */
  unavailable: 'AI_UNAVAILABLE',
  /** The provider sent nothing for AI_TIMEOUT_MS (30 s by default). */
  timeout: 'AI_TIMEOUT',
  /** The answer came but could not be stored. */
  internal: 'INTERNAL_ERROR',
} as const;

/** The quick question offered first while the student's last submission of an exercise failed. */
export const WHY_DOES_MY_CODE_FAIL = 'Why does my code fail?';

/** The six quick questions (3 are shown, chosen from these 6). */
export const QUICK_QUESTIONS = [
  'Can you explain the main concept of this lesson?',
  'Can you give me a simple example?',
  'What are common mistakes to avoid here?',
  'How does this connect to what I learned before?',
  'Can you give me a small exercise to practice?',
  'What should I focus on to understand this better?',
] as const;
