import { QUICK_QUESTIONS } from '@common/ai-tutor';
import { describe, expect, it } from 'vitest';
import { pickQuickQuestions, QUICK_QUESTIONS_SHOWN, quickQuestionsFor, withPracticeQuestion } from './quick-questions';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('pickQuickQuestions', () => {
  it('picks 3 different questions of the 6', () => {
    const random = seeded(1);
    for (let run = 0; run < 200; run++) {
      const picked = pickQuickQuestions(QUICK_QUESTIONS, QUICK_QUESTIONS_SHOWN, random);
      expect(picked).toHaveLength(3);
      expect(new Set(picked).size).toBe(3);
      for (const q of picked) expect(QUICK_QUESTIONS).toContain(q);
    }
  });

  it('gives every question a fair chance, in every position', () => {
    const random = seeded(42);
    const counts = new Map<string, number>();
    const firsts = new Map<string, number>();
    const runs = 6000;
    for (let run = 0; run < runs; run++) {
      const picked = pickQuickQuestions(QUICK_QUESTIONS, 3, random);
      for (const q of picked) counts.set(q, (counts.get(q) ?? 0) + 1);
      firsts.set(picked[0]!, (firsts.get(picked[0]!) ?? 0) + 1);
    }
    for (const q of QUICK_QUESTIONS) {
      // Each question is shown half the time (3 of 6) and comes first a sixth of the time.
      expect(counts.get(q)! / runs).toBeGreaterThan(0.45);
      expect(counts.get(q)! / runs).toBeLessThan(0.55);
      expect(firsts.get(q)! / runs).toBeGreaterThan(0.13);
      expect(firsts.get(q)! / runs).toBeLessThan(0.2);
    }
  });

  it('uses the random source it is given and leaves the list alone', () => {
    const list = ['a', 'b', 'c', 'd'] as const;
    expect(pickQuickQuestions(list, 2, () => 0)).toEqual(['a', 'b']);
    expect(pickQuickQuestions(list, 2, () => 0.999)).toEqual(['d', 'a']);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
    expect(pickQuickQuestions(list, 9, () => 0)).toHaveLength(4);
  });
});

describe('quickQuestionsFor', () => {
  it('keeps the same choice for a lesson while the page lives', () => {
    const first = quickQuestionsFor('lesson-1');
    expect(first).toHaveLength(3);
    for (let i = 0; i < 20; i++) expect(quickQuestionsFor('lesson-1')).toEqual(first);
  });

  it('chooses again for another lesson', () => {
    const choices = new Set(Array.from({ length: 30 }, (_, i) => quickQuestionsFor(`lesson-${i + 100}`).join('|')));
    expect(choices.size).toBeGreaterThan(1);
  });
});

describe('withPracticeQuestion', () => {
  it("puts 'Why does my code fail?' first while the last submission fails, keeping three questions", () => {
    const three = ['a', 'b', 'c'];
    expect(withPracticeQuestion(three, true)).toEqual(['Why does my code fail?', 'a', 'b']);
    expect(withPracticeQuestion(three, false)).toEqual(three);
  });
});
