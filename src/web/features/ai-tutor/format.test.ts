import { describe, expect, it } from 'vitest';
import { lessonBadgeText, messageTime, questionsLeft } from './format';

describe('lessonBadgeText', () => {
  it('keeps the first 20 characters of the lesson title', () => {
    expect(lessonBadgeText('Pointers and Memory Management in C')).toBe('Pointers and Memory ');
    expect(lessonBadgeText('Short title')).toBe('Short title');
  });

  it('never cuts a character made of two UTF-16 units', () => {
    expect(lessonBadgeText('😀'.repeat(25))).toBe('😀'.repeat(20));
  });
});

describe('messageTime', () => {
  it('shows only the time for a message of today and adds the day otherwise', () => {
    const now = new Date(2025, 2, 3, 15, 0);
    expect(messageTime(new Date(2025, 2, 3, 14, 5).toISOString(), now)).not.toMatch(/Mar/);
    expect(messageTime(new Date(2025, 2, 1, 14, 5).toISOString(), now)).toMatch(/1/);
    expect(messageTime(new Date(2025, 2, 1, 14, 5).toISOString(), now).length).toBeGreaterThan(
      messageTime(new Date(2025, 2, 3, 14, 5).toISOString(), now).length,
    );
  });
});

describe('questionsLeft', () => {
  it('counts in words', () => {
    expect(questionsLeft(1, 1)).toBe('1 of 1 question left today in this course');
    expect(questionsLeft(12, 20)).toBe('12 of 20 questions left today in this course');
  });
});
