import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { s3FileStorage, type S3Config } from './storage-s3';

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
      try {
        await fs.writeFile(tmp, data, { flag: 'wx' });
        await fs.rename(tmp, target);
      } catch (err) {
        // A full disk leaves part of a file behind: it is no one's, remove it.
        await fs.rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
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

/** The storage the app uses: S3 when configured, else DATA_DIR/files. */
export function createStorage(options: { dataDir: string; s3?: S3Config | undefined }): FileStorage {
  return options.s3 ? s3FileStorage(options.s3) : localFileStorage(path.join(options.dataDir, 'files'));
}

export const newStorageKey = (extension: string) => `${crypto.randomUUID()}.${extension}`;
