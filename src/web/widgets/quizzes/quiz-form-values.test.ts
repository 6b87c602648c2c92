import { describe, expect, it } from 'vitest';
import type { AdminQuiz } from '@common/quizzes';
import { draftOf, duplicateQuestion, inputOf, moveQuestion, newChoice, newQuestion } from './quiz-form-values';

describe('quiz form values', () => {
  it('starts a new quiz with the defaults and no questions', () => {
    expect(inputOf(draftOf(null))).toEqual({
      passMark: 70,
      attemptsAllowed: null,
      shuffle: false,
      explanationsShown: 'at_end',
      dueAt: null,
      questions: [],
    });
  });

  it('sends only what each kind of question uses, numbers parsed', () => {
    const single = { ...newQuestion(), prompt: 'Pick', choices: [{ ...newChoice(), text: 'a', correct: true }], accepted: 'stale' };
    const short = { ...newQuestion(), kind: 'short' as const, prompt: 'Say', accepted: ' yes \n\nYES please ' };
    const number = { ...newQuestion(), kind: 'number' as const, prompt: 'Pi', correctNumber: '3,14', tolerance: '' };
    const input = inputOf({
      passMark: '80',
      attemptsAllowed: '3',
      shuffle: true,
      explanationsShown: 'each_attempt',
      dueAt: null,
      questions: [single, short, number],
    });
    expect(input).toEqual({
      passMark: 80,
      attemptsAllowed: 3,
      shuffle: true,
      explanationsShown: 'each_attempt',
      dueAt: null,
      questions: [
        { kind: 'single', prompt: 'Pick', explanation: '', choices: [{ text: 'a', correct: true }] },
        { kind: 'short', prompt: 'Say', explanation: '', acceptedAnswers: ['yes', 'YES please'] },
        { kind: 'number', prompt: 'Pi', explanation: '', correctNumber: 3.14, tolerance: 0 },
      ],
    });
    expect(
      inputOf({ passMark: 'x', attemptsAllowed: '', shuffle: false, explanationsShown: 'at_end', dueAt: null, questions: [] }).passMark,
    ).toBeNaN();
  });

  it('reads a saved quiz back into the form', () => {
    const quiz = {
      id: 'q',
      lessonId: 'l',
      passMark: 60,
      attemptsAllowed: null,
      shuffle: false,
      explanationsShown: 'each_attempt',
      dueAt: '2027-01-15T22:59:00.000Z',
      updatedAt: '',
      stats: { attempts: 0, students: 0, passRate: null, averageScore: null, hardestQuestion: null },
      questions: [
        {
          id: '1',
          position: 1,
          kind: 'number',
          prompt: 'n',
          explanation: 'e',
          choices: [],
          acceptedAnswers: [],
          correctNumber: 2,
          tolerance: 0.5,
        },
      ],
    } satisfies AdminQuiz;
    expect(inputOf(draftOf(quiz))).toEqual({
      passMark: 60,
      attemptsAllowed: null,
      shuffle: false,
      explanationsShown: 'each_attempt',
      dueAt: '2027-01-15T22:59:00.000Z',
      questions: [{ kind: 'number', prompt: 'n', explanation: 'e', correctNumber: 2, tolerance: 0.5 }],
    });
    expect(inputOf(draftOf(null)).dueAt).toBeNull();
  });

  it('moves a question up and down, and never past either end', () => {
    const [a, b, c] = [1, 2, 3].map((n) => ({ ...newQuestion(), prompt: `Q${n}` }));
    const qs = [a!, b!, c!];
    const prompts = (list: typeof qs) => list.map((q) => q.prompt);
    expect(prompts(moveQuestion(qs, c!.key, -1))).toEqual(['Q1', 'Q3', 'Q2']);
    expect(prompts(moveQuestion(qs, a!.key, 1))).toEqual(['Q2', 'Q1', 'Q3']);
    expect(moveQuestion(qs, a!.key, -1)).toBe(qs);
    expect(moveQuestion(qs, c!.key, 1)).toBe(qs);
    expect(prompts(qs)).toEqual(['Q1', 'Q2', 'Q3']);
  });

  it('duplicates a question right after itself, with keys of its own', () => {
    const choice = { ...newChoice(), text: 'a', correct: true };
    const a = { ...newQuestion(), prompt: 'Q1', explanation: 'why', choices: [choice] };
    const b = { ...newQuestion(), prompt: 'Q2' };
    const { questions, copy } = duplicateQuestion([a, b], a.key);
    expect(questions.map((q) => q.prompt)).toEqual(['Q1', 'Q1', 'Q2']);
    expect(copy).toMatchObject({ prompt: 'Q1', explanation: 'why', choices: [{ text: 'a', correct: true }] });
    expect(copy!.key).not.toBe(a.key);
    expect(copy!.choices[0]!.key).not.toBe(choice.key);
    const full = Array.from({ length: 200 }, () => newQuestion());
    expect(duplicateQuestion(full, full[0]!.key)).toEqual({ questions: full, copy: null });
  });
});
