import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live. Keys are made by the server (never a user's file name).
 * The local folder DATA_DIR/files by default, or an S3-compatible bucket (storage-s3.ts) when S3_BUCKET is set.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes as a stream with their size, or null when the key holds nothing. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export function assertKey(key: string) {
  // Flat, server-made keys only: no separators, no "..", so a key can never leave the folder.
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}
