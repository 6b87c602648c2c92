import { describe, expect, it } from 'vitest';
import { imagePath, SPEECH_CHUNK_CHARS, SPEECH_TEXT_MAX, speakableText, splitForSpeech, storedImageId } from './media-helpers-texts';

describe('splitForSpeech', () => {
  it('keeps short text whole, without extra spaces', () => {
    expect(splitForSpeech('  Pointers hold   addresses.\nThey can be null.  ')).toEqual(['Pointers hold addresses. They can be null.']);
    expect(splitForSpeech('   ')).toEqual([]);
  });

  it('splits long text at sentence ends, every piece within the limit, nothing lost', () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} explains one more thing about memory.`);
    const text = sentences.join(' ');
    const pieces = splitForSpeech(text, 200);
    expect(pieces.length).toBeGreaterThan(5);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(200);
      expect(p).toMatch(/\.$/);
    }
    expect(pieces.join(' ')).toBe(text);
  });

  it('splits a sentence longer than the limit between words, and a word longer than the limit inside it', () => {
    const long = `${'word '.repeat(100).trim()} ${'x'.repeat(250)}`;
    const pieces = splitForSpeech(long, 100);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(100);
    expect(pieces.join(' ').replace(/\s+/g, '')).toBe(long.replace(/\s+/g, ''));
  });

  it('by default makes pieces the server accepts', () => {
    const pieces = splitForSpeech('A lesson summary. '.repeat(1000));
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(SPEECH_CHUNK_CHARS);
    expect(SPEECH_CHUNK_CHARS).toBeLessThanOrEqual(SPEECH_TEXT_MAX);
  });
});

describe('speakableText', () => {
  it("reads an answer's words, not its Markdown, code or citation marks", () => {
    const md =
      '## Pointers\n\nA **pointer** holds an _address_ [1].\n\n- Use `*p` to read it\n- See [the docs](https://example.org)\n\n```c\nint *p = &x;\n```\nDone [2].';
    expect(speakableText(md)).toBe(
      'Pointers\n\nA pointer holds an address.\n\nUse *p to read it\nSee the docs\n\n(A code example follows in the text.)\n\nDone.',
    );
  });
});

describe('stored image addresses', () => {
  it('are /api/images/{uuid}, nothing else', () => {
    const id = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    expect(storedImageId(imagePath(id))).toBe(id);
    for (const url of [`/api/images/${id}/x`, `https://evil.example/api/images/${id}`, '/api/images/../files/x', '', null, undefined]) {
      expect(storedImageId(url)).toBeUndefined();
    }
  });
});
