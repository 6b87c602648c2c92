import type { QuizAttemptResult, QuizStanding, StudentQuiz } from '@common/quizzes';

/**
 * The attempts left as the screen should say them: the result just graded knows them first; once
 * the quiz has been read again since that attempt (after it, or after the tutor granted another
 * attempt or reset the student's attempts), the quiz knows better.
 */
export function attemptsLeftNow(quiz: StudentQuiz | null, shown: QuizAttemptResult | null | undefined): number | null {
  if (shown && (!quiz || (quiz.lastAttempt?.number ?? 0) < shown.number)) return shown.attemptsLeft;
  return quiz?.attemptsLeft ?? null;
}

/** Used every attempt without passing: only the tutor can help now. */
export const outOfAttempts = (quiz: Pick<StudentQuiz, 'attemptsLeft' | 'passed' | 'preview'> | null | undefined): boolean =>
  !!quiz && !quiz.preview && !quiz.passed && quiz.attemptsLeft === 0;

const attempts = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** A student's attempts at a quiz in a few words, for the tutor: 'Passed', '1 attempt left', 'No attempts left'. */
export function standingText(s: Pick<QuizStanding, 'passed' | 'attemptsLeft' | 'attemptsMade'>): string {
  if (s.passed) return 'Passed';
  if (s.attemptsLeft === null) return s.attemptsMade === 0 ? 'Not tried yet' : 'Not passed yet';
  if (s.attemptsLeft === 0) return 'No attempts left';
  return `${attempts(s.attemptsLeft)} left`;
}

/** '2 of 3 used', or '2 made' without a limit; the granted ones and the attempts before a reset said apart. */
export function attemptsUsedText(s: Pick<QuizStanding, 'attemptsAllowed' | 'attemptsUsed' | 'attemptsMade' | 'extraAttempts'>): string {
  if (s.attemptsAllowed === null) return `${s.attemptsMade} made`;
  const parts = [`${s.attemptsUsed} of ${s.attemptsAllowed} used`];
  if (s.extraAttempts > 0) parts.push(`${s.extraAttempts} granted`);
  if (s.attemptsMade > s.attemptsUsed) parts.push(`${s.attemptsMade - s.attemptsUsed} before a reset`);
  return parts.join(' · ');
}

/** Whether the tutor can grant or reset here (the server refuses the rest with its reason). */
export const canChangeAttempts = (s: Pick<QuizStanding, 'enrolled' | 'passed' | 'attemptsAllowed'>): boolean =>
  s.enrolled && !s.passed && s.attemptsAllowed !== null;
