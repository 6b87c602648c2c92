import { describe, expect, it } from 'vitest';
import { textPdf } from '@test-support/text-pdf';
import { cleanExtractedText, extractPdfText } from './pdf-text';

describe('extractPdfText', () => {
  it('reads the text of every page, in order, line by line', async () => {
    const pdf = await textPdf([['First page, first line', 'second line'], [], ['Third page']]);
    expect(await extractPdfText(pdf)).toBe('First page, first line\nsecond line\n\nThird page');
  });

  it('stops at the character limit', async () => {
    const pdf = await textPdf(Array.from({ length: 5 }, (_, i) => [`Page ${i + 1} `.repeat(20)]));
    const text = await extractPdfText(pdf, 150);
    expect(text.length).toBe(150);
    expect(text.startsWith('Page 1 Page 1')).toBe(true);
    expect(text).not.toContain('Page 3');
  });

  it('throws on bytes that only start like a PDF', async () => {
    await expect(extractPdfText(Buffer.from('%PDF-1.4\nnot really\n%%EOF\n'))).rejects.toThrow();
  });

  it('cleans what PostgreSQL cannot store and folds spaces', () => {
    expect(cleanExtractedText(' a\u0000b \t c\r\n\r\n\r\n\r\nd  ')).toBe('a b c\n\nd');
  });
});
