import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type FileStorage } from './file-storage';
import { s3FileStorage, type S3Config } from './storage-s3';

export type { FileStorage };

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
