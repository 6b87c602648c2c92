import { describe, expect, it } from 'vitest';
import { attemptsAllowance } from './quiz-allowance';

describe('attemptsAllowance', () => {
  it("is the quiz's number without a grant, and never below 0 left", () => {
    expect(attemptsAllowance(3, null, 0)).toEqual({ allowed: 3, used: 0, left: 3 });
    expect(attemptsAllowance(3, null, 3)).toEqual({ allowed: 3, used: 3, left: 0 });
    // The quiz was edited down to fewer attempts than were made.
    expect(attemptsAllowance(1, null, 3)).toEqual({ allowed: 1, used: 3, left: 0 });
  });

  it('adds the attempts granted', () => {
    expect(attemptsAllowance(2, { extraAttempts: 1, attemptsBeforeReset: 0 }, 2)).toEqual({ allowed: 3, used: 2, left: 1 });
  });

  it('counts only the attempts made since the last reset', () => {
    expect(attemptsAllowance(2, { extraAttempts: 0, attemptsBeforeReset: 5 }, 5)).toEqual({ allowed: 2, used: 0, left: 2 });
    expect(attemptsAllowance(2, { extraAttempts: 1, attemptsBeforeReset: 5 }, 7)).toEqual({ allowed: 3, used: 2, left: 1 });
    // Attempts deleted since (never by the app, but a restore could): never a negative count.
    expect(attemptsAllowance(2, { extraAttempts: 0, attemptsBeforeReset: 5 }, 3)).toEqual({ allowed: 2, used: 0, left: 2 });
  });

  it('is unlimited when the quiz is', () => {
    expect(attemptsAllowance(null, { extraAttempts: 2, attemptsBeforeReset: 0 }, 9)).toEqual({ allowed: null, used: 9, left: null });
  });
});
