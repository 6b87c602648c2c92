import { describe, expect, it } from 'vitest';
import { askedQuestionFate, chatState } from './chat-state';

const budget = (remaining: number, unlimited = false) => ({ limit: 50, used: 50 - remaining, remaining, unlimited });

describe('chatState', () => {
  it('asks when the model is set up, questions are left and no answer is on its way', () => {
    expect(chatState('l', { available: true, budget: budget(3) }, false)).toEqual({ notSetUp: false, budgetSpent: false, canSend: true });
    expect(chatState('l', { available: true, budget: budget(3) }, true).canSend).toBe(false);
    expect(chatState(null, { available: true, budget: budget(3) }, false).canSend).toBe(false);
    expect(chatState('l', undefined, false)).toEqual({ notSetUp: false, budgetSpent: false, canSend: false });
  });

  it('without a model: not set up, nothing can be sent, and no budget note on top', () => {
    expect(chatState('l', { available: false, budget: budget(3) }, false)).toEqual({ notSetUp: true, budgetSpent: false, canSend: false });
    expect(chatState('l', { available: false, budget: budget(0) }, false)).toEqual({ notSetUp: true, budgetSpent: false, canSend: false });
  });

  it("today's questions used up; the tutor has no limit", () => {
    expect(chatState('l', { available: true, budget: budget(0) }, false)).toEqual({ notSetUp: false, budgetSpent: true, canSend: false });
    expect(chatState('l', { available: true, budget: budget(0, true) }, false).canSend).toBe(true);
  });
});

describe("a question from the practice widget's 'Ask the AI Tutor'", () => {
  const ready = chatState('l', { available: true, budget: budget(3) }, false);
  it('is sent when it can be, and waits while the conversation loads or an answer comes', () => {
    expect(askedQuestionFate(ready, false)).toBe('send');
    expect(askedQuestionFate(chatState('l', undefined, false), false)).toBe('wait');
    expect(askedQuestionFate(chatState('l', { available: true, budget: budget(3) }, true), false)).toBe('wait');
  });

  it('is never sent without a model, with no questions left, or when the conversation did not load', () => {
    expect(askedQuestionFate(chatState('l', { available: false, budget: budget(3) }, false), false)).toBe('drop');
    expect(askedQuestionFate(chatState('l', { available: true, budget: budget(0) }, false), false)).toBe('drop');
    expect(askedQuestionFate(chatState('l', undefined, false), true)).toBe('drop');
  });
});
