import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live. Keys are made by the server (never a user's file name).
 * Local folder now (DATA_DIR/files); an S3 backend only has to implement these three calls.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes as a stream with their size, or null when the key holds nothing. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

function assertKey(key: string) {
  // Flat, server-made keys only: no separators, no "..", so a key can never leave the folder.
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}

export function localFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = pathOf(key);
      await fs.mkdir(root, { recursive: true });
      // Write beside, then rename: a reader never sees half a file.
      const tmp = path.join(root, `.${key}.${crypto.randomBytes(6).toString('hex')}.tmp`);
      await fs.writeFile(tmp, data, { flag: 'wx' });
      await fs.rename(tmp, target);
    },
    async get(key) {
      const file = pathOf(key);
      try {
        const stat = await fs.stat(file);
        return { stream: createReadStream(file), size: stat.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}

/** The storage the app uses; the one place to choose S3 once it exists. */
export function createStorage(options: { dataDir: string }): FileStorage {
  return localFileStorage(path.join(options.dataDir, 'files'));
}

export const newStorageKey = (extension: string) => `${crypto.randomUUID()}.${extension}`;
