import { DEVICE_ID_PATTERN } from '../../common/limits';

/** localStorage key of the device id. */
export const DEVICE_ID_STORAGE_KEY = 'deviceId';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const toHex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 as lowercase hex: crypto.subtle where the context allows it, else the plain-JS fallback. */
export async function sha256Hex(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return toHex(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  // Only an insecure context (plain http on another host than localhost) lacks it: the fallback is
  // its own chunk, not part of every page's first download.
  const { sha256HexSync } = await import('./sha256');
  return sha256HexSync(text);
}

/** A random RFC 4122 v4 UUID; crypto.randomUUID only exists in secure contexts, getRandomValues everywhere. */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The device id: a 32-hex body (the first half of SHA-256 of a random UUID),
 * prefixed by the first 8 hex of SHA-256 of that body: 40 lowercase hex characters.
 */
export async function createDeviceId(seed: string = randomUuid()): Promise<string> {
  const body = (await sha256Hex(seed)).slice(0, 32);
  const prefix = (await sha256Hex(body)).slice(0, 8);
  return prefix + body;
}

export const isDeviceId = (value: unknown): value is string => typeof value === 'string' && DEVICE_ID_PATTERN.test(value);

/** The stored id if well formed, else a new one, stored when the storage allows (temporary otherwise). */
export async function loadOrCreateDeviceId(storage: KeyValueStorage | undefined): Promise<string> {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(DEVICE_ID_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  if (isDeviceId(stored)) return stored;
  const id = await createDeviceId();
  try {
    storage?.setItem(DEVICE_ID_STORAGE_KEY, id);
  } catch {
    // Storage full or blocked (private mode): this page load keeps a temporary id.
  }
  return id;
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // Accessing localStorage itself throws when cookies/storage are blocked.
  }
}

let current: Promise<string> | undefined;

/** The device id of this browser, created once and shared by every request. */
export function getDeviceId(): Promise<string> {
  current ??= loadOrCreateDeviceId(browserStorage());
  return current;
}
