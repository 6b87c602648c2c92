import type { ExplanationsShown } from '../../../common/quizzes';

/**
 * Whether a student may read the tutor's explanations of their graded attempts now: always when the
 * tutor shows them after each attempt; otherwise once the student passed the quiz or has no attempt
 * left, so an explanation never hands out the answer for a retry. A grant from the tutor gives an
 * attempt back, and with it the explanations wait again. The tutor's preview follows the same rule.
 */
export function explanationsOpen(shown: ExplanationsShown, standing: { passed: boolean; attemptsLeft: number | null }): boolean {
  return shown === 'each_attempt' || standing.passed || standing.attemptsLeft === 0;
}
