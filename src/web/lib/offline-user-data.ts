import type { MeResponse } from '@common/auth';

/**
 * The signed-in user's offline copy, kept one user's. The service worker keeps the last
 * answers of the student's own GET routes in Cache Storage (network first; see
 * src/web/features/pwa/sw-user-data-plugin.ts). This module says whose they are:
 * - the owner entry holds the id of the signed-in user. The service worker keeps an answer only
 *   when the server says it is the owner's (SESSION_USER_HEADER), and serves a kept answer only
 *   while its user is the owner;
 * - when the signed-in user changes or signs out, the kept answers are deleted;
 * - the session entry is the last session the server confirmed. It is read only when /api/session
 *   cannot be reached at all, so a student can reopen the app offline; the service worker never
 *   answers /api/session itself.
 */
export const OFFLINE_CACHES = {
  /** The owner and the last confirmed session. */
  user: 'pwa-user',
  /** Dashboard and course outlines (JSON). */
  apiData: 'api-data',
  /** Uploaded PDFs of opened lessons. */
  apiFiles: 'api-files',
} as const;
export const OWNER_URL = '/__pwa/owner';
export const SESSION_URL = '/__pwa/session';

const available = () => typeof caches !== 'undefined';

async function readText(cache: Cache, url: string): Promise<string | null> {
  const response = await cache.match(url);
  return response ? response.text() : null;
}

async function deleteCachedAnswers() {
  await Promise.all([caches.delete(OFFLINE_CACHES.apiData), caches.delete(OFFLINE_CACHES.apiFiles)]);
}

async function syncOwner(session: MeResponse | null) {
  // A visitor who never signed in here: nothing to delete, and no cache is created.
  if (session === null && !(await caches.has(OFFLINE_CACHES.user))) return;
  const cache = await caches.open(OFFLINE_CACHES.user);
  const owner = await readText(cache, OWNER_URL);
  const next = session?.user.id ?? null;
  if (next === null) {
    // The owner goes first: from then on nothing cached is served, and nothing more is stored.
    await cache.delete(OWNER_URL);
    await cache.delete(SESSION_URL);
    await deleteCachedAnswers();
    return;
  }
  if (owner !== next) {
    await cache.put(OWNER_URL, new Response(next));
    await deleteCachedAnswers();
  }
  await cache.put(SESSION_URL, new Response(JSON.stringify(session), { headers: { 'Content-Type': 'application/json' } }));
}

// One change at a time, in the order they happened (a sign-out must not overtake the sign-in before it).
let queue: Promise<void> = Promise.resolve();

/**
 * Records who is signed in (null: nobody) and deletes another user's cached answers. Called with
 * every session the server confirms, at sign-in and at sign-out. Never fails: without Cache
 * Storage there is simply no offline copy.
 */
export function rememberSignedInUser(session: MeResponse | null): Promise<void> {
  if (!available()) return Promise.resolve();
  queue = queue.then(() => syncOwner(session)).catch(() => undefined);
  return queue;
}

/** The last session the server confirmed, for reopening the app offline; null when there is none. */
export async function lastConfirmedSession(): Promise<MeResponse | null> {
  if (!available()) return null;
  try {
    await queue;
    const cache = await caches.open(OFFLINE_CACHES.user);
    const [owner, text] = await Promise.all([readText(cache, OWNER_URL), readText(cache, SESSION_URL)]);
    if (!owner || !text) return null;
    const session = JSON.parse(text) as MeResponse;
    return session.user?.id === owner ? session : null;
  } catch {
    return null;
  }
}
