import type { TestOutcome } from '@common/practice';
import { describe, expect, it } from 'vitest';
import { carriesPoints, pointsText, rowKind, scoreText, shownScore, summaryText, testTitle } from './result-text';

const outcome = (over: Partial<TestOutcome>): TestOutcome => ({
  position: 1,
  custom: false,
  hidden: false,
  passed: true,
  status: 'ok',
  message: null,
  input: '1 2',
  expectedOutput: '3',
  actualOutput: '3',
  stderr: null,
  exitCode: 0,
  match: 'trailing_whitespace',
  timeMs: 3,
  ...over,
});

describe('result texts', () => {
  it("says 'Syntax error' for a JavaScript compile error, the summary otherwise", () => {
    expect(summaryText({ verdict: 'compile_error', summary: 'Compilation failed' }, 'javascript')).toBe('Syntax error');
    expect(summaryText({ verdict: 'compile_error', summary: 'Compilation failed' }, 'c')).toBe('Compilation failed');
    expect(summaryText({ verdict: 'failed', summary: '1 of 2 tests passed' }, 'javascript')).toBe('1 of 2 tests passed');
  });

  it('counts points and the score in words', () => {
    expect(pointsText(1)).toBe('1 pt');
    expect(pointsText(2)).toBe('2 pts');
    expect(scoreText({ earned: 7, total: 10 })).toBe('Score: 7 of 10 points');
  });

  it('shows points only when a test is worth other than one', () => {
    expect(carriesPoints([{ points: 1 }, { points: 1 }])).toBe(false);
    expect(carriesPoints([{ points: 1 }, { points: 3 }])).toBe(true);
    expect(carriesPoints([{ points: 5, custom: true }, { points: 1 }])).toBe(false);
    expect(carriesPoints([{}, {}])).toBe(false);
  });

  it('shows the score when points are not one a test', () => {
    const tests = [outcome({ points: 3 }), outcome({ position: 2, points: 7, passed: false })];
    expect(shownScore({ score: { earned: 3, total: 10 }, tests, totalCount: 2 })).toEqual({ earned: 3, total: 10 });
    const ones = [outcome({ points: 1 }), outcome({ position: 2, points: 1 })];
    expect(shownScore({ score: { earned: 2, total: 2 }, tests: ones, totalCount: 2 })).toBeNull();
    expect(shownScore({ score: null, tests, totalCount: 2 })).toBeNull();
  });

  it("titles a row by the test's name when it has one", () => {
    expect(testTitle(outcome({ name: 'swap exchanges 1 and 2' }), 0)).toBe('swap exchanges 1 and 2');
    expect(testTitle(outcome({ name: '' }), 0)).toBe('Test 1');
    expect(testTitle(outcome({ hidden: true, name: null }), 2)).toBe('Hidden test 2');
    expect(testTitle(outcome({ custom: true, position: 0, name: 'x' }), 0)).toBe('Your input');
  });

  it('knows a WebGL check and a JUnit test by the exercise, whatever their status', () => {
    expect(rowKind(outcome({ status: 'time_limit', input: null, actualOutput: null }), 'webgl')).toBe('check');
    expect(rowKind(outcome({ status: null, input: null, actualOutput: null }))).toBe('check');
    expect(rowKind(outcome({ input: null, expectedOutput: null }), 'java', 'junit')).toBe('junit');
    expect(rowKind(outcome({}), 'c', 'tests')).toBe('io');
    expect(rowKind(outcome({ custom: true }), 'webgl')).toBe('io');
  });
});
