import { QUICK_QUESTIONS, WHY_DOES_MY_CODE_FAIL } from '@common/ai-tutor-texts';

/** 3 quick questions are shown, chosen from the 6 defined. */
export const QUICK_QUESTIONS_SHOWN = 3;

/** `count` different questions of `questions` in random order (a partial Fisher–Yates shuffle). */
export function pickQuickQuestions<T>(questions: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...questions];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

const chosenByLesson = new Map<string, string[]>();

/** The quick questions of a lesson: chosen at random the first time, then the same while the page lives. */
export function quickQuestionsFor(lessonId: string): string[] {
  let chosen = chosenByLesson.get(lessonId);
  if (!chosen) {
    chosen = pickQuickQuestions(QUICK_QUESTIONS, QUICK_QUESTIONS_SHOWN);
    chosenByLesson.set(lessonId, chosen);
  }
  return chosen;
}

/** While the student's last submission fails, the first quick question asks why (the others stay). */
export const withPracticeQuestion = (questions: string[], lastFailed: boolean): string[] =>
  lastFailed ? [WHY_DOES_MY_CODE_FAIL, ...questions.slice(0, QUICK_QUESTIONS_SHOWN - 1)] : questions;
