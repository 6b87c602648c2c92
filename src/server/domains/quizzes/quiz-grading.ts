import crypto from 'node:crypto';
import type { QuestionKind, QuizAnswer } from '../../../common/quizzes';

/** A question with what makes an answer right: the server's side only. */
export type GradableQuestion = {
  id: string;
  kind: QuestionKind;
  choices: { id: string; correct: boolean }[];
  acceptedAnswers: string[];
  correctNumber: number | null;
  tolerance: number;
};

export type QuizGrade = {
  results: { questionId: string; correct: boolean }[];
  correctCount: number;
  questionCount: number;
  /** Percent right, rounded down, so a score shown as 70 is never below a pass mark of 70. */
  score: number;
  passed: boolean;
};

/** Short answers compare trimmed, case-insensitive, with runs of spaces as one and one Unicode form. */
export const normalizeAnswer = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

/** A number's rounding error (0.1 + 0.2) never decides an answer. */
const EPSILON = 1e-9;

function isRight(q: GradableQuestion, a: QuizAnswer | undefined): boolean {
  if (!a) return false;
  switch (q.kind) {
    case 'single': {
      const chosen = new Set(a.choiceIds ?? []);
      const right = q.choices.find((c) => c.correct);
      return chosen.size === 1 && right !== undefined && chosen.has(right.id);
    }
    case 'multiple': {
      const chosen = new Set(a.choiceIds ?? []);
      const right = q.choices.filter((c) => c.correct).map((c) => c.id);
      return chosen.size === right.length && right.every((id) => chosen.has(id));
    }
    case 'short': {
      if (typeof a.text !== 'string') return false;
      const given = normalizeAnswer(a.text);
      return given.length > 0 && q.acceptedAnswers.some((x) => normalizeAnswer(x) === given);
    }
    case 'number': {
      if (typeof a.number !== 'number' || !Number.isFinite(a.number) || q.correctNumber === null) return false;
      return Math.abs(a.number - q.correctNumber) <= q.tolerance + EPSILON * Math.max(1, Math.abs(q.correctNumber));
    }
  }
}

/**
 * Grades answers against a quiz's questions. A question without an answer is wrong; an answer to
 * a question not in the quiz is the caller's to refuse (see `unknownQuestion`). Passing compares
 * the exact share with the pass mark.
 */
export function gradeQuiz(questions: GradableQuestion[], answers: QuizAnswer[], passMark: number): QuizGrade {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const results = questions.map((q) => ({ questionId: q.id, correct: isRight(q, byQuestion.get(q.id)) }));
  const correctCount = results.filter((r) => r.correct).length;
  const questionCount = questions.length;
  return {
    results,
    correctCount,
    questionCount,
    score: questionCount > 0 ? Math.floor((correctCount * 100) / questionCount) : 0,
    passed: questionCount > 0 && correctCount * 100 >= passMark * questionCount,
  };
}

/** The first answer naming a question the quiz does not have, if any. */
export const unknownQuestion = (questions: { id: string }[], answers: QuizAnswer[]) => {
  const ids = new Set(questions.map((q) => q.id));
  return answers.find((a) => !ids.has(a.questionId));
};

/**
 * A stable shuffle: the same seed gives the same order (a student reloading the page during an
 * attempt sees the questions where they were), another attempt another order.
 */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  let counter = 0;
  const next = () => crypto.createHash('sha256').update(`${seed}:${counter++}`).digest().readUInt32BE(0);
  for (let i = out.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
