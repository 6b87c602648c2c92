import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

/** Feeds the chunks one after another and collects every event's data. */
function parseChunks(chunks: string[]) {
  const parser = createSseParser();
  const events = chunks.flatMap((c) => parser.push(c));
  return [...events, ...parser.end()];
}

describe('createSseParser', () => {
  it('reads events separated by blank lines', () => {
    expect(parseChunks(['data: {"a":1}\n\ndata: {"b":2}\n\n'])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('gives the same events however the text is cut, even inside a CRLF', () => {
    const text = 'data: {"type":"delta","text":"Hel"}\r\n\r\ndata: {"type":"delta","text":"lo"}\r\n\r\n';
    const whole = parseChunks([text]);
    expect(whole).toEqual(['{"type":"delta","text":"Hel"}', '{"type":"delta","text":"lo"}']);
    for (let cut = 1; cut < text.length; cut++) {
      expect(parseChunks([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(whole);
    }
    expect(parseChunks(text.split(''))).toEqual(whole);
  });

  it('accepts LF, CRLF and CR line ends', () => {
    expect(parseChunks(['data: a\n\n', 'data: b\r\n\r\n', 'data: c\r\r'])).toEqual(['a', 'b', 'c']);
  });

  it('joins several data lines with a line feed and removes only one space after the colon', () => {
    expect(parseChunks(['data: line one\ndata:line two\ndata:   indented\n\n'])).toEqual(['line one\nline two\n  indented']);
  });

  it('ignores comments, other fields and blank lines without data', () => {
    expect(parseChunks([': keep-alive\n\n', 'event: message\nid: 7\nretry: 1000\ndata: x\n\n', '\n\n'])).toEqual(['x']);
  });

  it('waits for the blank line before dispatching, and drops an unfinished event at the end', () => {
    const parser = createSseParser();
    expect(parser.push('data: first\n')).toEqual([]);
    expect(parser.push('\n')).toEqual(['first']);
    expect(parser.push('data: never finished\n')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });

  it('keeps non-ASCII text intact', () => {
    expect(parseChunks(['data: {"text":"Größe • 😀"}\n', '\n'])).toEqual(['{"text":"Größe • 😀"}']);
  });
});
