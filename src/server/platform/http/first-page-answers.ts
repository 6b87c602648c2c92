import type { FastifyInstance } from 'fastify';

/**
 * The API answers a signed-in page waits for, asked of the app itself (in-process, no network)
 * with the visitor's own cookie, so that the page carries them (page-preloads.ts) and paints
 * without asking again: on a phone's connection each request before the first paint costs a round
 * trip. Every answer is the one the visitor's own request would get, through the same routes,
 * guards and hooks; the page that holds them is sent `private, no-store`.
 * All or nothing: when any answer is not a 200 with JSON (no session any more, a course the
 * visitor may not open, a fault), none is written and the page asks for them itself, so that it
 * shows the refusal or the error the way it always does.
 */
export async function firstPageAnswers(
  app: FastifyInstance,
  paths: string[],
  cookie: string | undefined,
): Promise<Record<string, unknown> | null> {
  if (!paths.length || !cookie) return null;
  try {
    const answers = await Promise.all(
      paths.map(async (url) => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie, accept: 'application/json' } });
        if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
        return res.json<unknown>();
      }),
    );
    if (answers.some((answer) => answer === undefined)) return null;
    return Object.fromEntries(paths.map((path, i) => [path, answers[i]]));
  } catch {
    return null;
  }
}
