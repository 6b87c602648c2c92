import { describe, expect, it } from 'vitest';
import { gradeQuiz, normalizeAnswer, shuffled, unknownQuestion, type GradableQuestion } from './quiz-grading';

const q = (id: string, extra: Partial<GradableQuestion>): GradableQuestion => ({
  id,
  kind: 'single',
  choices: [],
  acceptedAnswers: [],
  correctNumber: null,
  tolerance: 0,
  ...extra,
});

const single = q('s', {
  kind: 'single',
  choices: [
    { id: 'a', correct: false },
    { id: 'b', correct: true },
  ],
});
const multiple = q('m', {
  kind: 'multiple',
  choices: [
    { id: 'x', correct: true },
    { id: 'y', correct: false },
    { id: 'z', correct: true },
  ],
});
const short = q('t', { kind: 'short', acceptedAnswers: ['Pointer', 'a pointer'] });
const number = q('n', { kind: 'number', correctNumber: 3.14, tolerance: 0.01 });
const exact = q('e', { kind: 'number', correctNumber: 0.3, tolerance: 0 });

const right = (question: GradableQuestion, answer: object) => gradeQuiz([question], [{ questionId: question.id, ...answer }], 100).passed;

describe('gradeQuiz', () => {
  it('single choice: exactly the correct choice', () => {
    expect(right(single, { choiceIds: ['b'] })).toBe(true);
    expect(right(single, { choiceIds: ['a'] })).toBe(false);
    expect(right(single, { choiceIds: ['a', 'b'] })).toBe(false);
    expect(right(single, { choiceIds: [] })).toBe(false);
    expect(right(single, { text: 'b' })).toBe(false);
  });

  it('multiple choice: all the correct choices and none other', () => {
    expect(right(multiple, { choiceIds: ['z', 'x'] })).toBe(true);
    expect(right(multiple, { choiceIds: ['x'] })).toBe(false);
    expect(right(multiple, { choiceIds: ['x', 'y', 'z'] })).toBe(false);
    expect(right(multiple, { choiceIds: ['x', 'x'] })).toBe(false);
  });

  it('short answer: any accepted answer, trimmed and case-insensitive', () => {
    expect(right(short, { text: '  pOiNtEr ' })).toBe(true);
    expect(right(short, { text: 'A   Pointer' })).toBe(true);
    expect(right(short, { text: 'pointers' })).toBe(false);
    expect(right(short, { text: '   ' })).toBe(false);
    expect(normalizeAnswer(' Ａbc ')).toBe('abc');
  });

  it('number: within the tolerance, either side; rounding errors do not decide', () => {
    expect(right(number, { number: 3.15 })).toBe(true);
    expect(right(number, { number: 3.13 })).toBe(true);
    expect(right(number, { number: 3.16 })).toBe(false);
    expect(right(number, { number: null })).toBe(false);
    expect(right(exact, { number: 0.1 + 0.2 })).toBe(true);
    expect(right(exact, { number: 0.31 })).toBe(false);
  });

  it('counts a missing answer as wrong and passes by the exact share', () => {
    const questions = [single, multiple, short];
    const g = gradeQuiz(
      questions,
      [
        { questionId: 's', choiceIds: ['b'] },
        { questionId: 't', text: 'pointer' },
      ],
      67,
    );
    expect(g).toMatchObject({ correctCount: 2, questionCount: 3, score: 66, passed: false });
    expect(g.results).toEqual([
      { questionId: 's', correct: true },
      { questionId: 'm', correct: false },
      { questionId: 't', correct: true },
    ]);
    expect(
      gradeQuiz(
        questions,
        [
          { questionId: 's', choiceIds: ['b'] },
          { questionId: 't', text: 'pointer' },
        ],
        66,
      ).passed,
    ).toBe(true);
    expect(gradeQuiz(questions, [], 0).passed).toBe(true);
  });

  it('finds an answer to a question the quiz does not have', () => {
    expect(unknownQuestion([single], [{ questionId: 'nope' }])).toEqual({ questionId: 'nope' });
    expect(unknownQuestion([single], [{ questionId: 's' }])).toBeUndefined();
  });
});

describe('shuffled', () => {
  it('is a stable permutation per seed', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const a = shuffled(items, 'student:quiz:1');
    expect(shuffled(items, 'student:quiz:1')).toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(shuffled(items, 'student:quiz:2')).not.toEqual(a);
  });
});
