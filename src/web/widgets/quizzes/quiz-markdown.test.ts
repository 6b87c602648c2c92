import { describe, expect, it } from 'vitest';
import { choiceMarkdown } from './quiz-markdown';

describe('choiceMarkdown', () => {
  it('keeps what would start a block as typed', () => {
    expect(choiceMarkdown('*')).toBe('\\*');
    expect(choiceMarkdown('- 1')).toBe('\\- 1');
    expect(choiceMarkdown('+')).toBe('\\+');
    expect(choiceMarkdown('1. first')).toBe('1\\. first');
    expect(choiceMarkdown('2)')).toBe('2\\)');
    expect(choiceMarkdown('# include')).toBe('\\# include');
    expect(choiceMarkdown('> x')).toBe('\\> x');
    expect(choiceMarkdown('---')).toBe('\\---');
    expect(choiceMarkdown('***')).toBe('\\***');
    expect(choiceMarkdown('==')).toBe('\\==');
  });

  it('leaves inline Markdown and ordinary text alone', () => {
    expect(choiceMarkdown('`*p`')).toBe('`*p`');
    expect(choiceMarkdown('*p')).toBe('*p');
    expect(choiceMarkdown('**bold**')).toBe('**bold**');
    expect(choiceMarkdown('&x')).toBe('&x');
    expect(choiceMarkdown('-1')).toBe('-1');
    expect(choiceMarkdown('1.5')).toBe('1.5');
  });
});
