import { describe, expect, it } from 'vitest';
import { explanationsOpen } from './quiz-explanations';

describe('explanationsOpen', () => {
  it('opens after each attempt when the tutor says so', () => {
    expect(explanationsOpen('each_attempt', { passed: false, attemptsLeft: 2 })).toBe(true);
    expect(explanationsOpen('each_attempt', { passed: false, attemptsLeft: null })).toBe(true);
  });

  it('otherwise waits until the quiz is passed or no attempt is left', () => {
    expect(explanationsOpen('at_end', { passed: false, attemptsLeft: 2 })).toBe(false);
    expect(explanationsOpen('at_end', { passed: false, attemptsLeft: null })).toBe(false);
    expect(explanationsOpen('at_end', { passed: true, attemptsLeft: 2 })).toBe(true);
    expect(explanationsOpen('at_end', { passed: true, attemptsLeft: null })).toBe(true);
    expect(explanationsOpen('at_end', { passed: false, attemptsLeft: 0 })).toBe(true);
  });
});
