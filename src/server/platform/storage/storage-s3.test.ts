import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '@test-support/s3-server';
import { createTestApp } from '@test-support/test-app';
import { files } from '../db/schema/index';
import {
  ADMIN,
  ALICE,
  enroll,
  filesIn,
  pdfBytes,
  seedCourse,
  tempDataDir,
  uploadPdf,
  userId,
} from '@test-support/fixtures/users-and-courses';
import { createStorage, type FileStorage } from './storage';
import { s3FileStorage } from './storage-s3';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let storage: FileStorage;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = s3FileStorage(s3.config);
});
afterAll(() => s3?.stop());

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('s3FileStorage against a local S3-compatible server', () => {
  it('puts an object and streams it back with its size', async () => {
    const data = Buffer.alloc(300_000, 7);
    data.write('%PDF-1.4');
    await storage.put('a1.pdf', data);
    const got = await storage.get('a1.pdf');
    expect(got).not.toBeNull();
    expect(got!.size).toBe(300_000);
    expect(got!.stream).toBeInstanceOf(Readable);
    expect((await readAll(got!.stream)).equals(data)).toBe(true);
  });

  it('overwrites a key', async () => {
    await storage.put('a2.pdf', Buffer.from('first'));
    await storage.put('a2.pdf', Buffer.from('second, longer'));
    const got = await storage.get('a2.pdf');
    expect(got!.size).toBe(14);
    expect((await readAll(got!.stream)).toString()).toBe('second, longer');
  });

  it('answers null for a missing key, and deleting a missing key is fine', async () => {
    expect(await storage.get('missing.pdf')).toBeNull();
    await expect(storage.delete('missing.pdf')).resolves.toBeUndefined();
  });

  it('deletes an object', async () => {
    await storage.put('a3.pdf', Buffer.from('bye'));
    await storage.delete('a3.pdf');
    expect(await storage.get('a3.pdf')).toBeNull();
  });

  it('refuses keys the server would never make, before any request', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('a/b.pdf')).rejects.toThrow(/invalid storage key/);
  });

  it('is what createStorage answers when S3 is configured', async () => {
    const fromEnv = createStorage({ dataDir: '/nonexistent', s3: s3.config });
    await fromEnv.put('a4.pdf', Buffer.from('via createStorage'));
    expect((await readAll((await storage.get('a4.pdf'))!.stream)).toString()).toBe('via createStorage');
  });

  it('reports an unreachable store as an error, not as a missing file', async () => {
    const down = s3FileStorage({ ...s3.config, endpoint: 'http://127.0.0.1:9' });
    await expect(down.get('a1.pdf')).rejects.toThrow();
  });
});

describe('the app on S3 storage', () => {
  it('stores an upload in the bucket, serves it to an enrolled student, and deletes it with its course', async () => {
    const dataDir = await tempDataDir();
    const t = await createTestApp({ env: { DATA_DIR: dataDir, ...s3.env } });
    const [admin, alice] = await Promise.all([t.signIn(ADMIN), t.signIn(ALICE)]);
    const { course, chapterIds } = await seedCourse(t.db, { chapters: [{ title: 'Docs' }] });
    const data = pdfBytes(4000);
    const upload = await uploadPdf(t.app, admin, data, { filename: 'handout.pdf' });
    expect(upload.statusCode).toBe(201);
    const fileId = upload.json().file.id as string;
    const [row] = await t.db.select().from(files).where(eq(files.id, fileId));
    // In the bucket, not on local disk.
    expect((await readAll((await storage.get(row!.storageKey))!.stream)).equals(data)).toBe(true);
    expect(await filesIn(dataDir)).toEqual([]);

    const lesson = await t.app.inject({
      method: 'POST',
      url: `/api/admin/chapters/${chapterIds[0]}/lessons`,
      headers: { cookie: admin },
      payload: { title: 'Handout', lessonType: 'PDF', pdfFileId: fileId },
    });
    expect(lesson.statusCode).toBe(201);
    await enroll(t.db, await userId(t.db, ALICE), course.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: { cookie: alice } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(data)).toBe(true);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/courses/${course.id}`, headers: { cookie: admin } });
    expect(removed.statusCode).toBe(204);
    expect(await storage.get(row!.storageKey)).toBeNull();
    expect(await t.db.$count(files, eq(files.id, fileId))).toBe(0);
  });
});
