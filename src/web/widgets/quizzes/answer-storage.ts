import type { QuizAnswer } from '@common/quizzes';

/**
 * The student's answers while they are not sent: kept in this browser per user and quiz, so a page
 * reloaded offline (or a connection lost before Submit) gives them back. Removed once graded.
 */
export type DraftAnswers = Record<string, { choiceIds?: string[]; text?: string }>;

const key = (userId: string, quizId: string) => `quiz-answers:${userId}:${quizId}`;

export function loadAnswers(storage: Pick<Storage, 'getItem'> | undefined, userId: string, quizId: string): DraftAnswers {
  try {
    const raw = storage?.getItem(key(userId, quizId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as DraftAnswers) : {};
  } catch {
    return {};
  }
}

export function storeAnswers(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  userId: string,
  quizId: string,
  answers: DraftAnswers,
) {
  try {
    if (Object.keys(answers).length === 0) storage?.removeItem(key(userId, quizId));
    else storage?.setItem(key(userId, quizId), JSON.stringify(answers));
  } catch {
    // A full or forbidden storage only loses the safety copy; the answers stay on the page.
  }
}

export const clearAnswers = (storage: Pick<Storage, 'removeItem'> | undefined, userId: string, quizId: string) => {
  try {
    storage?.removeItem(key(userId, quizId));
  } catch {
    // As above.
  }
};

/**
 * The answers as the server takes them: a number question's text becomes a number (a comma as the
 * decimal mark too), and an empty one no answer; only questions of this quiz are sent.
 */
export function toQuizAnswers(questions: { id: string; kind: string }[], draft: DraftAnswers): QuizAnswer[] {
  const out: QuizAnswer[] = [];
  for (const q of questions) {
    const a = draft[q.id];
    if (!a) continue;
    if (q.kind === 'single' || q.kind === 'multiple') {
      if (a.choiceIds?.length) out.push({ questionId: q.id, choiceIds: a.choiceIds });
    } else if (q.kind === 'short') {
      if (a.text?.trim()) out.push({ questionId: q.id, text: a.text });
    } else {
      const text = a.text?.trim().replace(',', '.') ?? '';
      const n = text === '' ? NaN : Number(text);
      if (Number.isFinite(n)) out.push({ questionId: q.id, number: n });
    }
  }
  return out;
}

/**
 * The questions the answers leave out, by their number on the screen (1 for the first shown): what
 * `toQuizAnswers` would not send, so an empty text or a number that is not one counts too.
 */
export function unansweredNumbers(questions: { id: string; kind: string }[], draft: DraftAnswers): number[] {
  const answered = new Set(toQuizAnswers(questions, draft).map((a) => a.questionId));
  return questions.flatMap((q, i) => (answered.has(q.id) ? [] : [i + 1]));
}
