import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE_ANSWERS_ID } from '@common/web-page';

/** A page whose head carries `text` as its answers block (null: no block); `removed` says whether the block was taken out. */
function pageWith(text: string | null) {
  const state = { removed: false };
  const block = text === null ? null : { textContent: text, remove: () => void (state.removed = true) };
  vi.stubGlobal('document', { getElementById: (id: string) => (id === FIRST_PAGE_ANSWERS_ID && !state.removed ? block : null) });
  return state;
}

/** The module afresh: it reads the page once. */
const fresh = async () => {
  vi.resetModules();
  return import('./first-page-answers');
};

afterEach(() => vi.unstubAllGlobals());

describe("the first page's answers", () => {
  it('hands each answer out once, to the first request of its path, and takes the block out of the page', async () => {
    const page = pageWith(
      JSON.stringify({ '/api/session': { session: { user: { id: 'u1' } } }, '/api/student/dashboard': { courses: [] } }),
    );
    const { takeFirstPageAnswer } = await fresh();
    expect(takeFirstPageAnswer('/api/student/dashboard')).toEqual({ courses: [] });
    expect(page.removed).toBe(true);
    expect(takeFirstPageAnswer('/api/student/dashboard')).toBeUndefined();
    expect(takeFirstPageAnswer('/api/session')).toEqual({ session: { user: { id: 'u1' } } });
    expect(takeFirstPageAnswer('/api/courses/c1/learn')).toBeUndefined();
  });

  it('has none on a page without the block, or with one it cannot read', async () => {
    pageWith(null);
    expect((await fresh()).takeFirstPageAnswer('/api/session')).toBeUndefined();
    const page = pageWith('{"/api/session": ');
    expect((await fresh()).takeFirstPageAnswer('/api/session')).toBeUndefined();
    expect(page.removed).toBe(true);
  });

  it('lets the API client answer a GET from the page without a request, and only the first one', async () => {
    pageWith(JSON.stringify({ '/api/student/due-this-week': { items: [], preview: false } }));
    vi.resetModules();
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        asked.push(path);
        return new Response(JSON.stringify({ items: [{ id: 'fresh' }], preview: false }), { status: 200 });
      }),
    );
    // The device id the client sends with a request it does make: read from local storage.
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
    const { api } = await import('./api');
    expect(await api.get('/api/student/due-this-week')).toEqual({ items: [], preview: false });
    expect(asked).toEqual([]);
    expect(await api.get('/api/student/due-this-week')).toEqual({ items: [{ id: 'fresh' }], preview: false });
    expect(asked).toEqual(['/api/student/due-this-week']);
  });
});
