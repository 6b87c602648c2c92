import { describe, expect, it } from 'vitest';
import { createDeviceId, DEVICE_ID_STORAGE_KEY, isDeviceId, loadOrCreateDeviceId, randomUuid, sha256Hex } from './device-id';
import { sha256HexSync } from './sha256';

/** Reference SHA-256 straight from WebCrypto (no DOM or Node types needed). */
async function refSha(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('sha256', () => {
  it('knows the FIPS 180-2 test vector', () => {
    expect(sha256HexSync('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it.each(['', 'abc', 'Grüße 👋', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(200)])(
    'plain-JS fallback matches WebCrypto for %j',
    async (text) => {
      expect(sha256HexSync(text)).toBe(await refSha(text));
    },
  );
  it('sha256Hex gives the same answer', async () => {
    expect(await sha256Hex('hello')).toBe(await refSha('hello'));
  });
});

describe('createDeviceId', () => {
  it('is 8 hex of the hash of the body, then the 32-hex body from the hash of the seed', async () => {
    const seed = '3b241101-e2bb-4255-8caf-4136c566a962';
    const body = (await refSha(seed)).slice(0, 32);
    const id = await createDeviceId(seed);
    expect(id).toBe((await refSha(body)).slice(0, 8) + body);
    expect(id).toMatch(/^[0-9a-f]{40}$/);
    expect(isDeviceId(id)).toBe(true);
  });

  it('differs per random seed', async () => {
    expect(await createDeviceId()).not.toBe(await createDeviceId());
  });

  it('makes RFC 4122 v4 UUIDs', () => {
    expect(randomUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('loadOrCreateDeviceId', () => {
  it('creates and stores an id once, then keeps it', async () => {
    const storage = memoryStorage();
    const first = await loadOrCreateDeviceId(storage);
    expect(storage.data.get(DEVICE_ID_STORAGE_KEY)).toBe(first);
    expect(await loadOrCreateDeviceId(storage)).toBe(first);
  });

  it('replaces a malformed stored value', async () => {
    const storage = memoryStorage({ [DEVICE_ID_STORAGE_KEY]: 'not-an-id' });
    const id = await loadOrCreateDeviceId(storage);
    expect(isDeviceId(id)).toBe(true);
    expect(storage.data.get(DEVICE_ID_STORAGE_KEY)).toBe(id);
  });

  it('still returns a temporary id when storage throws or is missing', async () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(isDeviceId(await loadOrCreateDeviceId(broken))).toBe(true);
    expect(isDeviceId(await loadOrCreateDeviceId(undefined))).toBe(true);
  });
});
