import { FIRST_PAGE_ANSWERS_ID } from '@common/web-page';

/**
 * The API answers the server wrote into the first page of a visit (signed in: the session, the
 * dashboard, the course outline; src/server/platform/http/first-page-answers.ts), as a JSON data
 * block. Each is handed out once, to the first GET of its path (api.ts), which then needs no
 * request: the page paints without waiting for them. Any later GET of the path asks the server.
 */
let answers: Map<string, unknown> | undefined;

function read(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const block = typeof document === 'undefined' ? null : document.getElementById(FIRST_PAGE_ANSWERS_ID);
  if (!block) return found;
  try {
    const parsed = JSON.parse(block.textContent ?? '') as unknown;
    if (parsed && typeof parsed === 'object') for (const [path, answer] of Object.entries(parsed)) found.set(path, answer);
  } catch {
    // An unreadable block is no answer: the page asks the server.
  }
  // Read once: the block is the first page's, not the pages the visitor goes on to.
  block.remove();
  return found;
}

/**
 * The answers to hand out instead of the page's block: the server, rendering a signed-in page to
 * HTML (src/web/prerender.tsx), gives the answers it writes into that page, so that the page's
 * queries run as they will in the browser. `{}` drops what is left of them.
 */
export function holdFirstPageAnswers(given: Record<string, unknown>): void {
  answers = new Map(Object.entries(given));
}

/** The first page's answer for a GET of `path`, once; undefined when there is none (or it was taken). */
export function takeFirstPageAnswer(path: string): unknown {
  answers ??= read();
  const answer = answers.get(path);
  answers.delete(path);
  return answer;
}
