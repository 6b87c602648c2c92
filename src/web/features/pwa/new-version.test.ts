import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps whether this document is already reloading: a fresh copy per test.
const load = async () => {
  vi.resetModules();
  return import('./new-version');
};

let storage: Map<string, string>;
let reload: ReturnType<typeof vi.fn>;

beforeEach(() => {
  storage = new Map();
  reload = vi.fn();
  vi.stubGlobal('window', {
    sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
    location: { reload },
    setTimeout,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a new version deployed under an open page', () => {
  it('tells a failed download of a script or style sheet from other errors', async () => {
    const { isAssetLoadError } = await load();
    expect(isAssetLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/contact-page-abc.js'))).toBe(true);
    expect(isAssetLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isAssetLoadError(new Error('Unable to preload CSS for /assets/page-1.css'))).toBe(true);
    expect(isAssetLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, and not again within the guard time: then the notice shows instead', async () => {
    const first = await load();
    const now = Date.UTC(2026, 10, 25, 12);
    expect(first.reloadForNewVersion(now)).toBe(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(storage.get(first.RELOAD_MARKER)).toBe(String(now));

    // The reloaded page (a new document, the same tab's storage) fails again at once: no second reload.
    const second = await load();
    expect(second.reloadForNewVersion(now + 5_000)).toBe(false);
    // Long after, a later deploy is answered by a reload again.
    expect(second.reloadForNewVersion(now + second.RELOAD_GUARD_MS + 1)).toBe(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('does not reload when the tab cannot remember that it did (storage refused)', async () => {
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
      },
      location: { reload },
    });
    const { reloadForNewVersion } = await load();
    expect(reloadForNewVersion()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
