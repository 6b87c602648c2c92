import { describe, expect, it } from 'vitest';
import type { QuizAttemptResult, StudentQuiz } from '@common/quizzes';
import { attemptsLeftNow, attemptsUsedText, canChangeAttempts, outOfAttempts, standingText } from './quiz-attempts';

const result = (number: number, attemptsLeft: number | null): QuizAttemptResult => ({
  number,
  correctCount: 0,
  questionCount: 1,
  score: 0,
  passed: false,
  questions: [],
  explanationsWithheld: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  lessonCompleted: false,
  courseJustCompleted: false,
  attemptsLeft,
  preview: false,
  late: null,
});

const quiz = (over: Partial<StudentQuiz> = {}): StudentQuiz => ({
  id: 'q',
  courseTitle: 'C & Pointers',
  lessonTitle: 'Arrays "and" more',
  passMark: 70,
  attemptsAllowed: 2,
  attemptsUsed: 2,
  attemptsLeft: 0,
  passed: false,
  questions: [],
  lastAttempt: result(2, 0),
  preview: false,
  due: null,
  ...over,
});

describe('attemptsLeftNow', () => {
  it('trusts the attempt just graded until the quiz has been read again since', () => {
    expect(attemptsLeftNow(quiz({ lastAttempt: result(1, 1), attemptsLeft: 1 }), result(2, 0))).toBe(0);
    expect(attemptsLeftNow(null, result(2, 0))).toBe(0);
  });

  it('then the quiz: a granted attempt or a reset shows without a reload', () => {
    expect(attemptsLeftNow(quiz({ attemptsLeft: 1 }), result(2, 0))).toBe(1);
    expect(attemptsLeftNow(quiz({ attemptsLeft: 2 }), undefined)).toBe(2);
    expect(attemptsLeftNow(quiz({ attemptsLeft: null, attemptsAllowed: null }), null)).toBeNull();
  });
});

describe('outOfAttempts', () => {
  it('only a student who used every attempt without passing', () => {
    expect(outOfAttempts(quiz())).toBe(true);
    expect(outOfAttempts(quiz({ passed: true }))).toBe(false);
    expect(outOfAttempts(quiz({ attemptsLeft: 1 }))).toBe(false);
    expect(outOfAttempts(quiz({ attemptsLeft: null }))).toBe(false);
    expect(outOfAttempts(quiz({ preview: true }))).toBe(false);
    expect(outOfAttempts(null)).toBe(false);
  });
});

describe("the tutor's words for a student's attempts", () => {
  const s = { passed: false, attemptsLeft: 0, attemptsMade: 3, attemptsAllowed: 2, attemptsUsed: 2, extraAttempts: 0, enrolled: true };
  it('says where the student is', () => {
    expect(standingText(s)).toBe('No attempts left');
    expect(standingText({ ...s, attemptsLeft: 1 })).toBe('1 attempt left');
    expect(standingText({ ...s, passed: true })).toBe('Passed');
    expect(standingText({ ...s, attemptsLeft: null })).toBe('Not passed yet');
    expect(standingText({ ...s, attemptsLeft: null, attemptsMade: 0 })).toBe('Not tried yet');
  });

  it('counts the attempts used, granted and made before a reset', () => {
    expect(attemptsUsedText(s)).toBe('2 of 2 used · 1 before a reset');
    expect(attemptsUsedText({ ...s, attemptsAllowed: 3, extraAttempts: 1, attemptsMade: 2 })).toBe('2 of 3 used · 1 granted');
    expect(attemptsUsedText({ ...s, attemptsAllowed: null })).toBe('3 made');
  });

  it('offers a grant or a reset only where the server would take it', () => {
    expect(canChangeAttempts(s)).toBe(true);
    expect(canChangeAttempts({ ...s, passed: true })).toBe(false);
    expect(canChangeAttempts({ ...s, enrolled: false })).toBe(false);
    expect(canChangeAttempts({ ...s, attemptsAllowed: null })).toBe(false);
  });
});
