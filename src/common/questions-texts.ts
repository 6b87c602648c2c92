import { CODE_MAX_BYTES } from './limits';

/**
 * The texts and limits of questions to the tutor, without zod: the shell and the course screen import these (see
 * questions.ts for the contracts).
 */

/** A question, follow-up or reply may not be longer than this (UTF-8 bytes). */
export const QUESTION_BODY_MAX_BYTES = 10 * 1024;
/** New threads one student may open in one day (UTC); follow-ups in a thread are not counted. */
export const QUESTION_THREADS_PER_DAY = 20;

export const QuestionMessages = {
  askButton: 'Ask Your Tutor',
  dialogTitle: 'Ask Your Tutor',
  dialogDescription: 'Your tutor answers here, on this lesson, and tells you by e-mail.',
  yourQuestion: 'Your Question',
  sendQuestion: 'Send Question',
  sending: 'Sending…',
  sent: 'Your question was sent to your tutor.',
  attachedExercise: (title: string) => `Your code and latest result in "${title}" go with your question.`,
  attachConversation: 'Attach my conversation with the AI tutor',
  lessonThreadsTitle: 'Your Questions to the Tutor',
  noLessonThreads: 'Stuck? Ask your tutor: they answer here, on this lesson, and tell you by e-mail.',
  waitingForTutor: 'Waiting for your tutor',
  questionNumber: (n: number) => `Question ${n}`,
  followUp: 'Write a Follow-up',
  sendFollowUp: 'Send Follow-up',
  you: 'You',
  yourTutor: 'Your tutor',
  // The tutor's Questions page.
  pageTitle: 'Questions',
  pageSubtitle: 'Questions from your students, newest unanswered first.',
  noThreads: 'No questions yet. When a student asks you from a lesson, the question appears here.',
  chooseThread: 'Choose a question to read it.',
  reply: 'Reply',
  replyLabel: 'Your Reply',
  markResolved: 'Mark Resolved',
  resolvedDone: 'The question is marked resolved.',
  replySent: 'Your reply was sent.',
  quoteLines: 'Quote Selected Lines',
  selectLinesHint: 'Press a line number to select it; hold Shift to select several.',
  linesSelected: (from: number, to: number) => (from === to ? `Line ${from} selected.` : `Lines ${from}–${to} selected.`),
  attachedCode: 'Attached Code',
  attachedResult: 'Attached Result',
  attachedConversation: 'Conversation with the AI Tutor',
  backToQuestions: 'All Questions',
  loadingThreads: 'Loading questions…',
  loadingThread: 'Loading the question…',
  messagesLabel: 'Messages',
  messageCount: (n: number) => (n === 1 ? '1 message' : `${n} messages`),
  aiTutor: 'AI tutor',
  // The attached result, as the student saw it.
  resultKind: (mode: 'run' | 'submit') => (mode === 'submit' ? 'Submitted' : 'Run'),
  ownInput: "The student's own input",
  testName: (position: number) => `Test ${position}`,
  hidden: '(hidden)',
  testOutcome: (t: { custom: boolean; passed: boolean }) => (t.custom ? 'ran' : t.passed ? 'passed' : 'failed'),
  input: 'Input',
  expectedOutput: 'Expected output',
  actualOutput: 'Actual output',
  statusUnanswered: 'Unanswered',
  statusAnswered: 'Answered',
  statusResolved: 'Resolved',
  unansweredCount: (n: number) => (n === 1 ? '1 unanswered question' : `${n} unanswered questions`),
  // Notifications.
  replyTitle: (lesson: string) => `Your tutor replied to your question about "${lesson}"`,
  questionTitle: (student: string, lesson: string) => `${student} asked a question about "${lesson}"`,
  followUpTitle: (student: string, lesson: string) => `${student} wrote again about "${lesson}"`,
  // Refusals.
  bodyEmpty: 'Write your message first.',
  bodyTooLong: `A message can be at most ${QUESTION_BODY_MAX_BYTES / 1024} KB long.`,
  codeTooLong: `The attached code can be at most ${CODE_MAX_BYTES / 1024} KB long.`,
  threadNotFound: 'Question not found',
  conversationNotFound: 'That conversation with the AI tutor was not found in this lesson.',
  onlyStudentsAsk: 'Only students ask the tutor questions.',
  tooManyThreads: `You can ask at most ${QUESTION_THREADS_PER_DAY} new questions a day. Write a follow-up in one of your questions, or ask again tomorrow.`,
} as const;
