import { describe, expect, it } from 'vitest';
import { askQuestionBodySchema, QUESTION_BODY_MAX_BYTES, QuestionMessages, quoteCodeLines } from './questions';

describe('quoteCodeLines', () => {
  const code = 'a\nb\nc\nd';
  it('quotes the chosen lines as a fenced block inside a Markdown quote, in either order', () => {
    expect(quoteCodeLines(code, 3, 2, 'c')).toBe('Lines 2–3:\n\n> ```c\n> b\n> c\n> ```\n\n');
    expect(quoteCodeLines(code, 2, 3, 'c')).toBe(quoteCodeLines(code, 3, 2, 'c'));
    expect(quoteCodeLines(code, 4, 4)).toBe('Line 4:\n\n> ```\n> d\n> ```\n\n');
  });
  it('keeps to the lines there are', () => {
    expect(quoteCodeLines(code, 3, 99)).toContain('> c\n> d\n> ```');
  });
});

describe('a question', () => {
  it('is trimmed, and refused empty or over 10 KB counted in UTF-8 bytes', () => {
    expect(askQuestionBodySchema.parse({ body: '  Why?  ' }).body).toBe('Why?');
    expect(askQuestionBodySchema.safeParse({ body: ' \n ' }).error?.issues[0]?.message).toBe(QuestionMessages.bodyEmpty);
    const euros = '€'.repeat(Math.floor(QUESTION_BODY_MAX_BYTES / 3) + 1);
    expect(euros.length).toBeLessThan(QUESTION_BODY_MAX_BYTES);
    expect(askQuestionBodySchema.safeParse({ body: euros }).error?.issues[0]?.message).toBe(QuestionMessages.bodyTooLong);
  });
});
