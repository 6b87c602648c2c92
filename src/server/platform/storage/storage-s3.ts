import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertKey, type FileStorage } from './file-storage';

export type S3Config = {
  /** For S3-compatible stores (MinIO, R2, ...); unset means AWS S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

// Loaded on first use: the SDK takes ~150 ms to import, which an app on local files should not pay.
let sdk: Promise<typeof import('@aws-sdk/client-s3')> | undefined;
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

export async function s3Client(config: S3Config): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Most self-hosted stores answer only at http://host/bucket/key, not at http://bucket.host/key.
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    // A stalled store fails the request instead of holding it (and the student's page) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Files as objects in one bucket, under the same flat keys the local folder uses. */
export function s3FileStorage(config: S3Config): FileStorage {
  const Bucket = config.bucket;
  let client: Promise<S3Client> | undefined;
  const connect = async () => {
    // A failed start (the SDK could not load) is tried again on the next call, not kept.
    client ??= s3Client(config).catch((err: unknown) => {
      client = undefined;
      throw err;
    });
    return { client: await client, sdk: await loadSdk() };
  };
  return {
    async put(key, data) {
      assertKey(key);
      const { client, sdk } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length }));
    },
    async get(key) {
      assertKey(key);
      const { client, sdk } = await connect();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        // In Node the body already is a Readable (an http.IncomingMessage); the fallback only serves other runtimes' types.
        const body: unknown = res.Body;
        const stream = body instanceof Readable ? body : Readable.fromWeb(res.Body.transformToWebStream() as never);
        return { stream, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      const { client, sdk } = await connect();
      // S3 answers a delete of a missing key with success; some compatible stores answer 404.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key })).catch((err: unknown) => {
        if (!isMissing(err)) throw err;
      });
    },
  };
}
