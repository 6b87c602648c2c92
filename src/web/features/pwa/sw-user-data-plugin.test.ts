import type { MeResponse } from '@common/auth';
import { SESSION_USER_HEADER } from '@common/offline';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_CACHES, OWNER_URL, SESSION_URL, lastConfirmedSession, rememberSignedInUser } from '@web/lib/offline-user-data';
import { userDataPlugin } from './sw-user-data-plugin';

/** Cache Storage as the browser has it, in memory (Node has Request/Response but no `caches`). */
function fakeCacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const key = (input: RequestInfo | URL) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const cache = (entries: Map<string, Response>) => ({
    match: async (input: RequestInfo | URL) => entries.get(key(input))?.clone(),
    put: async (input: RequestInfo | URL, response: Response) => void entries.set(key(input), response.clone()),
    delete: async (input: RequestInfo | URL) => entries.delete(key(input)),
  });
  return {
    stores,
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cache(stores.get(name)!);
    },
    has: async (name: string) => stores.has(name),
    delete: async (name: string) => stores.delete(name),
  };
}

const sessionOf = (id: string): MeResponse =>
  ({ user: { id, email: `${id}@example.com`, role: 'student', approvalStatus: 'approved' }, viewMode: 'admin' }) as unknown as MeResponse;

/** The plugin as the generated sw.js holds it: its source text, evaluated with nothing but the worker's globals. */
function asServiceWorkerSource(plugin: typeof userDataPlugin, globals: { caches: unknown }) {
  const body = Object.entries(plugin)
    .map(([name, fn]) => `${JSON.stringify(name)}: ${fn.toString()}`)
    .join(',\n');
  // Built from text on purpose: the functions must run with no closure over this module.
  return new Function('caches', 'Headers', 'Response', `"use strict"; return {${body}};`)(
    globals.caches,
    Headers,
    Response,
  ) as typeof userDataPlugin;
}

let storage: ReturnType<typeof fakeCacheStorage>;
let plugin: typeof userDataPlugin;
const request = new Request('http://localhost/api/student/dashboard');
/** An answer of the server for `user` (null: a visitor's). */
const answer = (user: string | null, status = 200) =>
  new Response(JSON.stringify({ courses: [`${user}'s`] }), {
    status,
    headers: { 'content-type': 'application/json', ...(user ? { [SESSION_USER_HEADER]: user } : {}) },
  });

const kept = (response: Response) => plugin.cacheWillUpdate({ request, response, state: {}, event: undefined as never });
const served = (cached: Response | null | undefined) =>
  plugin.cachedResponseWillBeUsed({
    cacheName: OFFLINE_CACHES.apiData,
    request,
    cachedResponse: cached ?? undefined,
    state: {},
    event: undefined as never,
    matchOptions: {},
  });

beforeEach(() => {
  storage = fakeCacheStorage();
  vi.stubGlobal('caches', storage);
  plugin = asServiceWorkerSource(userDataPlugin, { caches: storage });
});
afterEach(() => vi.unstubAllGlobals());

describe('the service worker keeps one user’s answers', () => {
  it('keeps nothing while nobody is signed in', async () => {
    expect(await kept(answer('alice'))).toBeNull();
  });

  it('keeps the signed-in user’s 200 answers and serves them back to that user only', async () => {
    await rememberSignedInUser(sessionOf('alice'));
    const stored = await kept(answer('alice'));
    expect(await stored?.clone().json()).toEqual({ courses: ["alice's"] });
    expect(await served(stored)).toBe(stored);

    await rememberSignedInUser(sessionOf('bob'));
    expect(await served(stored)).toBeNull();
    await rememberSignedInUser(null);
    expect(await served(stored)).toBeNull();
  });

  it('never keeps an error, a visitor’s answer or another user’s answer', async () => {
    await rememberSignedInUser(sessionOf('alice'));
    expect(await kept(answer('alice', 401))).toBeNull();
    expect(await kept(answer('alice', 500))).toBeNull();
    expect(await kept(answer(null))).toBeNull();
    // Say Alice's request was still on its way when Bob signed in.
    await rememberSignedInUser(sessionOf('bob'));
    expect(await kept(answer('alice'))).toBeNull();
    expect(await kept(answer('bob'))).not.toBeNull();
  });

  it('serves nothing kept without the user’s name', async () => {
    await rememberSignedInUser(sessionOf('alice'));
    expect(await served(answer(null))).toBeNull();
  });

  it('uses the names the server and offline-user-data.ts use', () => {
    const source = Object.values(userDataPlugin).map(String).join('\n');
    for (const literal of [SESSION_USER_HEADER, OFFLINE_CACHES.user, OWNER_URL]) expect(source).toMatch(new RegExp(`["']${literal}["']`));
  });
});

describe('rememberSignedInUser', () => {
  const answersCached = () => storage.stores.has(OFFLINE_CACHES.apiData) || storage.stores.has(OFFLINE_CACHES.apiFiles);
  const seedAnswers = async () => {
    await (await storage.open(OFFLINE_CACHES.apiData)).put('/api/student/dashboard', new Response('{}'));
    await (await storage.open(OFFLINE_CACHES.apiFiles)).put('/api/files/1', new Response('%PDF-'));
  };

  it('keeps the answers while the same user stays signed in', async () => {
    await rememberSignedInUser(sessionOf('alice'));
    await seedAnswers();
    await rememberSignedInUser(sessionOf('alice'));
    expect(answersCached()).toBe(true);
    expect((await lastConfirmedSession())?.user.id).toBe('alice');
  });

  it('deletes them when another user signs in', async () => {
    await rememberSignedInUser(sessionOf('alice'));
    await seedAnswers();
    await rememberSignedInUser(sessionOf('bob'));
    expect(answersCached()).toBe(false);
    expect((await lastConfirmedSession())?.user.id).toBe('bob');
  });

  it('deletes them, the owner and the session at sign-out', async () => {
    await rememberSignedInUser(sessionOf('alice'));
    await seedAnswers();
    await rememberSignedInUser(null);
    expect(answersCached()).toBe(false);
    expect(await lastConfirmedSession()).toBeNull();
    const user = await storage.open(OFFLINE_CACHES.user);
    expect(await user.match(OWNER_URL)).toBeUndefined();
    expect(await user.match(SESSION_URL)).toBeUndefined();
  });

  it('trusts a stored session only when it is the owner’s', async () => {
    await rememberSignedInUser(sessionOf('alice'));
    await (await storage.open(OFFLINE_CACHES.user)).put(OWNER_URL, new Response('mallory'));
    expect(await lastConfirmedSession()).toBeNull();
  });
});
