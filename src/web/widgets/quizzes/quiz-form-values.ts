import {
  EXPLANATIONS_SHOWN_DEFAULT,
  PASS_MARK_DEFAULT,
  QUIZ_QUESTIONS_MAX,
  type AdminQuiz,
  type ExplanationsShown,
  type QuestionKind,
  type QuizInput,
} from '@common/quizzes';

/** The quiz editor's state: text fields as typed, turned into the contract only when saved. */
export type ChoiceDraft = { key: string; text: string; correct: boolean };
export type QuestionDraft = {
  key: string;
  kind: QuestionKind;
  prompt: string;
  explanation: string;
  choices: ChoiceDraft[];
  /** Short answer: one accepted answer per line. */
  accepted: string;
  correctNumber: string;
  tolerance: string;
};
export type QuizDraft = {
  passMark: string;
  attemptsAllowed: string;
  shuffle: boolean;
  explanationsShown: ExplanationsShown;
  /** Its own 'Due Date' (ISO), or null for its chapter's. */
  dueAt: string | null;
  questions: QuestionDraft[];
};

let counter = 0;
/** A key for React lists that stays with a row while rows are added and removed. */
export const newKey = () => `k${++counter}`;

export const newQuestion = (): QuestionDraft => ({
  key: newKey(),
  kind: 'single',
  prompt: '',
  explanation: '',
  choices: [],
  accepted: '',
  correctNumber: '',
  tolerance: '0',
});

export const newChoice = (): ChoiceDraft => ({ key: newKey(), text: '', correct: false });

export function draftOf(quiz: AdminQuiz | null): QuizDraft {
  if (!quiz)
    return {
      passMark: String(PASS_MARK_DEFAULT),
      attemptsAllowed: '',
      shuffle: false,
      explanationsShown: EXPLANATIONS_SHOWN_DEFAULT,
      dueAt: null,
      questions: [],
    };
  return {
    passMark: String(quiz.passMark),
    attemptsAllowed: quiz.attemptsAllowed === null ? '' : String(quiz.attemptsAllowed),
    shuffle: quiz.shuffle,
    explanationsShown: quiz.explanationsShown,
    dueAt: quiz.dueAt,
    questions: quiz.questions.map((q) => ({
      key: newKey(),
      kind: q.kind,
      prompt: q.prompt,
      explanation: q.explanation,
      choices: q.choices.map((c) => ({ key: newKey(), text: c.text, correct: c.correct })),
      accepted: q.acceptedAnswers.join('\n'),
      correctNumber: q.correctNumber === null ? '' : String(q.correctNumber),
      tolerance: String(q.tolerance),
    })),
  };
}

/** A typed number, a comma as the decimal mark too; an empty field is `empty`, anything else not a number is NaN (the server names it). */
const numberOf = (text: string, empty: number | null) => {
  const t = text.trim().replace(',', '.');
  return t === '' ? empty : Number(t);
};

/** What the editor sends: only what each kind uses. */
export function inputOf(draft: QuizDraft): QuizInput {
  return {
    passMark: numberOf(draft.passMark, PASS_MARK_DEFAULT) as number,
    attemptsAllowed: numberOf(draft.attemptsAllowed, null),
    shuffle: draft.shuffle,
    explanationsShown: draft.explanationsShown,
    dueAt: draft.dueAt,
    questions: draft.questions.map((q) => ({
      kind: q.kind,
      prompt: q.prompt,
      explanation: q.explanation,
      ...(q.kind === 'single' || q.kind === 'multiple' ? { choices: q.choices.map((c) => ({ text: c.text, correct: c.correct })) } : {}),
      ...(q.kind === 'short'
        ? {
            acceptedAnswers: q.accepted
              .split('\n')
              .map((a) => a.trim())
              .filter(Boolean),
          }
        : {}),
      ...(q.kind === 'number' ? { correctNumber: numberOf(q.correctNumber, null), tolerance: numberOf(q.tolerance, 0) as number } : {}),
    })),
  };
}

/** The questions with the one keyed `key` moved one place up (-1) or down (1); at either end, as they were. */
export function moveQuestion(questions: QuestionDraft[], key: string, by: -1 | 1): QuestionDraft[] {
  const from = questions.findIndex((q) => q.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= questions.length) return questions;
  const next = [...questions];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The questions with a copy of the one keyed `key` right after it (keys of its own); none past the limit. */
export function duplicateQuestion(questions: QuestionDraft[], key: string): { questions: QuestionDraft[]; copy: QuestionDraft | null } {
  const at = questions.findIndex((q) => q.key === key);
  if (at < 0 || questions.length >= QUIZ_QUESTIONS_MAX) return { questions, copy: null };
  const original = questions[at]!;
  const copy = { ...original, key: newKey(), choices: original.choices.map((c) => ({ ...c, key: newKey() })) };
  return { questions: [...questions.slice(0, at + 1), copy, ...questions.slice(at + 1)], copy };
}
