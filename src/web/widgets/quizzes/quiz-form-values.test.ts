import { describe, expect, it } from 'vitest';
import type { AdminQuiz } from '@common/quizzes';
import { draftOf, inputOf, newChoice, newQuestion } from './quiz-form-values';

describe('quiz form values', () => {
  it('starts a new quiz with the defaults and no questions', () => {
    expect(inputOf(draftOf(null))).toEqual({ passMark: 70, attemptsAllowed: null, shuffle: false, questions: [] });
  });

  it('sends only what each kind of question uses, numbers parsed', () => {
    const single = { ...newQuestion(), prompt: 'Pick', choices: [{ ...newChoice(), text: 'a', correct: true }], accepted: 'stale' };
    const short = { ...newQuestion(), kind: 'short' as const, prompt: 'Say', accepted: ' yes \n\nYES please ' };
    const number = { ...newQuestion(), kind: 'number' as const, prompt: 'Pi', correctNumber: '3,14', tolerance: '' };
    const input = inputOf({ passMark: '80', attemptsAllowed: '3', shuffle: true, questions: [single, short, number] });
    expect(input).toEqual({
      passMark: 80,
      attemptsAllowed: 3,
      shuffle: true,
      questions: [
        { kind: 'single', prompt: 'Pick', explanation: '', choices: [{ text: 'a', correct: true }] },
        { kind: 'short', prompt: 'Say', explanation: '', acceptedAnswers: ['yes', 'YES please'] },
        { kind: 'number', prompt: 'Pi', explanation: '', correctNumber: 3.14, tolerance: 0 },
      ],
    });
    expect(inputOf({ passMark: 'x', attemptsAllowed: '', shuffle: false, questions: [] }).passMark).toBeNaN();
  });

  it('reads a saved quiz back into the form', () => {
    const quiz = {
      id: 'q',
      lessonId: 'l',
      passMark: 60,
      attemptsAllowed: null,
      shuffle: false,
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
      questions: [{ kind: 'number', prompt: 'n', explanation: 'e', correctNumber: 2, tolerance: 0.5 }],
    });
  });
});
