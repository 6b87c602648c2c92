import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BackupBucketConfig } from '../env';
import { s3Client } from '../storage/storage-s3';
import { ARCHIVE_FORMAT, BackupError, type ArchiveFacts, type ArchiveTarget } from './backup';

/**
 * Backups in an S3-compatible bucket, under the configured prefix. An archive is uploaded as a
 * multipart upload (an object appears only when its upload completes), then a small record of it
 * is written beside it, last: `<name>.json`, with its size and sha256. Only an archive with its
 * record is a backup, so an upload cut short, even one a store shows before it completes, is never
 * taken for one; listing, pruning and restoring read the records.
 */

/** What a complete backup in the bucket records beside its archive. */
export type BucketRecord = ArchiveFacts & { format: typeof ARCHIVE_FORMAT; sizeBytes: number; sha256: string };

/** One complete backup in the bucket. */
export type StoredBackup = { name: string; key: string; sizeBytes: number; modifiedAt: Date };

/** Parts of 16 MiB: above S3's 5 MiB minimum, and 10,000 of them (S3's maximum) make 160 GiB. */
const PART_BYTES = 16 * 1024 * 1024;
/** Leftovers of an upload cut short (an archive without its record) are removed once this old. */
const LEFTOVER_AGE_MS = 24 * 3600_000;
const RECORD_SUFFIX = '.json';
const PROBE_PREFIX = '.write-check-';

type Sdk = typeof import('@aws-sdk/client-s3');

/** An S3 error's name and HTTP status, or undefined for an error of another kind. */
function s3ErrorOf(err: unknown): { name: string; status: number | undefined; code: string | undefined } | undefined {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number }; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return undefined;
  const code = e.code ?? (e.cause as { code?: string } | undefined)?.code;
  if (
    e.$metadata ||
    (code && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH)$/.test(code)) ||
    e.name === 'TimeoutError'
  ) {
    return { name: e.name ?? 'Error', status: e.$metadata?.httpStatusCode, code };
  }
  return undefined;
}

/** One sentence for an error the bucket's store gave (or the way to it), naming the cause and the fix; undefined for others. */
export function explainBucketError(err: unknown, config: BackupBucketConfig, what = 'No backup was written.'): BackupError | undefined {
  const e = s3ErrorOf(err);
  if (!e) return undefined;
  const bucket = `the backup bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
  const credentials =
    'BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY (or S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, used when those are unset)';
  let sentence: string;
  if (e.name === 'NoSuchBucket') sentence = `${cap(bucket)} does not exist: create it, or set BACKUP_BUCKET to an existing bucket.`;
  else if (e.name === 'InvalidAccessKeyId' || e.name === 'SignatureDoesNotMatch' || e.name === 'InvalidToken' || e.name === 'ExpiredToken')
    sentence = `The store refused the credentials for ${bucket} (${e.name}): check ${credentials}.`;
  else if (e.name === 'AccessDenied' || e.status === 403)
    sentence = `${cap(bucket)} cannot be written with the configured credentials (access denied): allow them to put, list, read and delete objects under ${config.prefix}, or set ${credentials} to ones that may.`;
  else if (e.name === 'QuotaExceeded' || e.name === 'EntityTooLarge' || e.status === 507)
    sentence = `${cap(bucket)} has no room for the archive (${e.name}): free space or raise its quota, or keep fewer backups (BACKUP_KEEP).`;
  else if (e.status === undefined)
    sentence = `${cap(bucket)} cannot be reached (${e.code ?? e.name}): check BACKUP_S3_ENDPOINT (or S3_ENDPOINT) and that this machine can reach the store.`;
  else sentence = `${cap(bucket)} refused the request (${e.name}, HTTP ${e.status}): check the bucket's settings and ${credentials}.`;
  return new BackupError(`${sentence} ${what}`, { cause: err });
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export type BackupBucket = ReturnType<typeof backupBucket>;

export function backupBucket(config: BackupBucketConfig) {
  const Bucket = config.bucket;
  const keyOf = (name: string) => `${config.prefix}${name}`;
  let connection: Promise<{ client: S3Client; sdk: Sdk }> | undefined;
  const connect = () =>
    (connection ??= (async () => ({ client: await s3Client(config), sdk: await import('@aws-sdk/client-s3') }))().catch((err: unknown) => {
      connection = undefined;
      throw err;
    }));

  /** Every object under the prefix, with its size and time. */
  async function listAll(): Promise<{ key: string; size: number; modifiedAt: Date }[]> {
    const { client, sdk } = await connect();
    const out: { key: string; size: number; modifiedAt: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async function remove(key: string): Promise<void> {
    const { client, sdk } = await connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
  }

  /** Uploads the stream as one object in parts; the object exists only once every part is in. Its size and sha256. */
  async function upload(key: string, source: AsyncIterable<Buffer>): Promise<{ sizeBytes: number; sha256: string }> {
    const { client, sdk } = await connect();
    const { UploadId } = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: 'application/gzip' }));
    const parts: { PartNumber: number; ETag: string | undefined }[] = [];
    const hash = crypto.createHash('sha256');
    let sizeBytes = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const Body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(
        new sdk.UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body, ContentLength: Body.length }),
      );
      parts.push({ PartNumber, ETag });
    };
    try {
      for await (const chunk of source) {
        hash.update(chunk);
        sizeBytes += chunk.length;
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= PART_BYTES) await flush();
      }
      if (pendingBytes || !parts.length) await flush();
      await client.send(new sdk.CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
      return { sizeBytes, sha256: hash.digest('hex') };
    } catch (err) {
      // The parts uploaded so far are dropped (a store that cannot abort keeps them out of sight; see prune()).
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
      throw err;
    }
  }

  return {
    config,
    /** s3://bucket/prefix/name, as messages and the run's record say it. */
    location: (name: string) => `s3://${Bucket}/${keyOf(name)}`,

    /** The destination of one backup named `name`, packed in `workDir` on this machine. */
    target(name: string, workDir: string): ArchiveTarget {
      const key = keyOf(name);
      return {
        location: `s3://${Bucket}/${key}`,
        workDir,
        // A small object written and deleted: the one way to learn that the bucket takes writes with these credentials.
        async check() {
          const { client, sdk } = await connect();
          const probe = keyOf(`${PROBE_PREFIX}${crypto.randomBytes(6).toString('hex')}`);
          await client.send(new sdk.PutObjectCommand({ Bucket, Key: probe, Body: 'ok', ContentLength: 2 }));
          await remove(probe);
        },
        async write(archive, facts: ArchiveFacts) {
          const { sizeBytes, sha256 } = await upload(key, archive);
          const record: BucketRecord = { format: ARCHIVE_FORMAT, ...facts, sizeBytes, sha256 };
          const body = Buffer.from(`${JSON.stringify(record, null, 2)}\n`);
          try {
            const { client, sdk } = await connect();
            await client.send(
              new sdk.PutObjectCommand({
                Bucket,
                Key: key + RECORD_SUFFIX,
                Body: body,
                ContentLength: body.length,
                ContentType: 'application/json',
              }),
            );
          } catch (err) {
            // Without its record the archive is no backup: it goes, so that nothing half-made stays.
            await remove(key).catch(() => {});
            throw err;
          }
        },
        explain: (err) => explainBucketError(err, config),
      };
    },

    /** The complete backups in the bucket (those with their record), newest first. */
    async list(): Promise<StoredBackup[]> {
      const objects = await listAll();
      const records = new Set(objects.filter((o) => o.key.endsWith(RECORD_SUFFIX)).map((o) => o.key.slice(0, -RECORD_SUFFIX.length)));
      return objects
        .filter((o) => o.key.endsWith('.tar.gz') && records.has(o.key))
        .map((o) => ({ name: o.key.slice(config.prefix.length), key: o.key, sizeBytes: o.size, modifiedAt: o.modifiedAt }))
        .sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime() || (a.name < b.name ? 1 : -1));
    },

    /**
     * Deletes the backups named by `pruned` beyond the newest `keep` of them (each record first, so that an archive stops
     * being a backup before its bytes go), and what uploads cut short left behind once a day old.
     */
    async prune(keep: number, pruned: (name: string) => boolean, now: Date): Promise<void> {
      const objects = await listAll();
      const byKey = new Map(objects.map((o) => [o.key, o]));
      const complete = objects
        .filter((o) => o.key.endsWith('.tar.gz') && byKey.has(o.key + RECORD_SUFFIX) && pruned(o.key.slice(config.prefix.length)))
        .map((o) => o.key)
        .sort()
        .reverse();
      for (const key of complete.slice(keep)) {
        await remove(key + RECORD_SUFFIX);
        await remove(key);
      }
      const old = (o: { modifiedAt: Date }) => now.getTime() - o.modifiedAt.getTime() > LEFTOVER_AGE_MS;
      for (const o of objects) {
        const name = o.key.slice(config.prefix.length);
        const orphanArchive = o.key.endsWith('.tar.gz') && !byKey.has(o.key + RECORD_SUFFIX);
        const orphanRecord = o.key.endsWith(`.tar.gz${RECORD_SUFFIX}`) && !byKey.has(o.key.slice(0, -RECORD_SUFFIX.length));
        if ((orphanArchive || orphanRecord || name.startsWith(PROBE_PREFIX)) && old(o)) await remove(o.key);
      }
    },

    /**
     * Downloads the backup `name` into `file`, checked against its record: an archive without one (its upload never
     * finished) or whose bytes differ from it is refused with one sentence.
     */
    async download(name: string, file: string): Promise<BucketRecord> {
      const { client, sdk } = await connect();
      const key = keyOf(name);
      const where = `s3://${Bucket}/${key}`;
      const read = async (k: string) => {
        try {
          const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: k }));
          return res.Body as Readable | undefined;
        } catch (err) {
          const e = s3ErrorOf(err);
          if (e?.name === 'NoSuchKey' || e?.status === 404) return undefined;
          throw explainBucketError(err, config, 'Nothing was restored.') ?? err;
        }
      };
      const recordBody = await read(key + RECORD_SUFFIX);
      if (!recordBody) {
        const archive = await read(key);
        archive?.destroy();
        throw new BackupError(
          archive
            ? `${where} is not a complete backup (its upload did not finish): nothing was restored; restore another backup (npm run restore -- --list).`
            : `There is no backup ${where}: see the backups in the bucket with npm run restore -- --list.`,
        );
      }
      const chunks: Buffer[] = [];
      for await (const c of recordBody) chunks.push(Buffer.from(c as Buffer));
      const record = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BucketRecord;
      const body = await read(key);
      if (!body) throw new BackupError(`${where} is missing though its record is there: nothing was restored; restore another backup.`);
      const hash = crypto.createHash('sha256');
      let size = 0;
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(file),
      );
      if (size !== record.sizeBytes || hash.digest('hex') !== record.sha256) {
        await fs.rm(file, { force: true });
        throw new BackupError(
          `${where} is damaged (its bytes differ from the size and checksum recorded when it was made): nothing was restored; restore another backup.`,
        );
      }
      return record;
    },
  };
}
