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
