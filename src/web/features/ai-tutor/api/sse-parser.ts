/**
 * A server-sent-events reader for a fetch body (EventSource cannot POST). Follows the
 * WHATWG event-stream rules the tutor relies on: lines end in LF, CRLF or CR; a blank line
 * dispatches the event; `data:` lines (one optional space after the colon) are joined with LF;
 * lines starting with ':' are comments (keep-alives); other fields are ignored. Text may arrive
 * cut anywhere, even inside a CRLF, so the parser keeps the unfinished tail between pushes.
 */
export function createSseParser() {
  let buffer = '';
  let data: string[] = [];

  function line(text: string, out: string[]) {
    if (text === '') {
      if (data.length > 0) out.push(data.join('\n'));
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
  }

  return {
    /** Feeds decoded text; returns the data of every event this text completed, in order. */
    push(text: string): string[] {
      buffer += text;
      const out: string[] = [];
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
        if (ch === '\r' && i === buffer.length - 1) break;
        line(buffer.slice(start, i), out);
        if (ch === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    /** End of stream: a trailing CR still ends its line; an event without its blank line is dropped, as the standard says. */
    end(): string[] {
      const out: string[] = [];
      if (buffer.endsWith('\r')) line(buffer.slice(0, -1), out);
      buffer = '';
      data = [];
      return out;
    },
  };
}
