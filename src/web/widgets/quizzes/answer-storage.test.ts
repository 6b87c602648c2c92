import { describe, expect, it } from 'vitest';
import { clearAnswers, loadAnswers, storeAnswers, toQuizAnswers, unansweredNumbers } from './answer-storage';

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('answer storage', () => {
  it('keeps answers per user and quiz, and forgets them once cleared', () => {
    const s = memory();
    storeAnswers(s, 'u1', 'q1', { a: { text: 'hello' } });
    expect(loadAnswers(s, 'u1', 'q1')).toEqual({ a: { text: 'hello' } });
    expect(loadAnswers(s, 'u2', 'q1')).toEqual({});
    clearAnswers(s, 'u1', 'q1');
    expect(loadAnswers(s, 'u1', 'q1')).toEqual({});
    storeAnswers(s, 'u1', 'q1', {});
    expect(s.map.size).toBe(0);
  });

  it('survives broken or missing storage', () => {
    expect(loadAnswers({ getItem: () => '{not json' }, 'u', 'q')).toEqual({});
    expect(loadAnswers({ getItem: () => '[1]' }, 'u', 'q')).toEqual({});
    expect(loadAnswers(undefined, 'u', 'q')).toEqual({});
    const throwing = {
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(() => storeAnswers(throwing, 'u', 'q', { a: { text: 'x' } })).not.toThrow();
  });

  it('turns the form into answers: numbers parsed, blanks left out, other quizzes ignored', () => {
    const questions = [
      { id: 's', kind: 'single' },
      { id: 't', kind: 'short' },
      { id: 'n', kind: 'number' },
      { id: 'm', kind: 'number' },
      { id: 'e', kind: 'short' },
    ];
    expect(
      toQuizAnswers(questions, {
        s: { choiceIds: ['c1'] },
        t: { text: ' ptr ' },
        n: { text: '3,5' },
        m: { text: 'abc' },
        e: { text: '  ' },
        gone: { text: 'x' },
      }),
    ).toEqual([
      { questionId: 's', choiceIds: ['c1'] },
      { questionId: 't', text: ' ptr ' },
      { questionId: 'n', number: 3.5 },
    ]);
  });

  it('names the questions left unanswered by their number on the screen', () => {
    const questions = [
      { id: 'a', kind: 'single' },
      { id: 'b', kind: 'short' },
      { id: 'c', kind: 'number' },
      { id: 'd', kind: 'multiple' },
    ];
    expect(unansweredNumbers(questions, {})).toEqual([1, 2, 3, 4]);
    expect(unansweredNumbers(questions, { a: { choiceIds: ['x'] }, b: { text: '  ' }, c: { text: 'abc' }, d: { choiceIds: [] } })).toEqual([
      2, 3, 4,
    ]);
    expect(
      unansweredNumbers(questions, { a: { choiceIds: ['x'] }, b: { text: 'hi' }, c: { text: '1,5' }, d: { choiceIds: ['y'] } }),
    ).toEqual([]);
  });
});
