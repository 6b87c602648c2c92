import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import type { App } from '../app';
import type { Db } from '../db/client';
import { chapters, courses, enrollments, lessonProgress, lessons, users } from '../db/schema/index';

/** Helpers for the workspace API tests (courses, content, uploads, enrolments, database helper). */

export const ADMIN = 'admin@example.com';
export const ALICE = 'alice.student@example.com';
export const BOB = 'bob.student@example.com';
export const CAROL = 'carol.pending@example.com';

/** A DATA_DIR of its own for one test file, removed afterwards. */
export async function tempDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-files-'));
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

export async function filesIn(dataDir: string): Promise<string[]> {
  try {
    return (await fs.readdir(path.join(dataDir, 'files'))).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

export async function userId(db: Db, email: string): Promise<string> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no user ${email}`);
  return u.id;
}

export async function createUser(db: Db, email: string, values: Partial<typeof users.$inferInsert> = {}) {
  const [u] = await db
    .insert(users)
    .values({ email, firstName: 'Test', lastName: 'User', role: 'student', approvalStatus: 'approved', ...values })
    .returning();
  return u!;
}

type LessonSeed = { title: string; type?: 'VIDEO' | 'PDF' | 'MIXED' };
/** A course written straight into the database: chapters with lessons, positions 1..n. */
export async function seedCourse(
  db: Db,
  spec: { title?: string; isPublished?: boolean; chapters?: { title: string; lessons?: LessonSeed[] }[] } = {},
) {
  const [course] = await db
    .insert(courses)
    .values({ title: spec.title ?? `Course ${crypto.randomBytes(3).toString('hex')}`, isPublished: spec.isPublished ?? true })
    .returning();
  const chapterIds: string[] = [];
  const lessonIds: string[][] = [];
  for (const [ci, ch] of (spec.chapters ?? []).entries()) {
    const [c] = await db
      .insert(chapters)
      .values({ courseId: course!.id, title: ch.title, position: ci + 1 })
      .returning();
    chapterIds.push(c!.id);
    const ids: string[] = [];
    for (const [li, l] of (ch.lessons ?? []).entries()) {
      const [row] = await db
        .insert(lessons)
        .values({
          chapterId: c!.id,
          title: l.title,
          lessonType: l.type ?? 'VIDEO',
          videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
          position: li + 1,
        })
        .returning();
      ids.push(row!.id);
    }
    lessonIds.push(ids);
  }
  return { course: course!, chapterIds, lessonIds };
}

export async function enroll(db: Db, studentId: string, courseId: string) {
  await db.insert(enrollments).values({ studentId, courseId });
}

export async function completeLesson(db: Db, studentId: string, lessonId: string) {
  await db.insert(lessonProgress).values({ studentId, lessonId, status: 'completed', completedAt: new Date() });
}

/** Titles and orders of a course's chapters and lessons, straight from the database. */
export async function outline(db: Db, courseId: string) {
  const chs = await db.select().from(chapters).where(eq(chapters.courseId, courseId)).orderBy(chapters.position);
  const out: { title: string; order: number; lessons: { title: string; order: number }[] }[] = [];
  for (const ch of chs) {
    const ls = await db.select().from(lessons).where(eq(lessons.chapterId, ch.id)).orderBy(lessons.position);
    out.push({ title: ch.title, order: ch.position, lessons: ls.map((l) => ({ title: l.title, order: l.position })) });
  }
  return out;
}

/** A small but real-looking PDF (its bytes start with %PDF-), padded to `size` bytes. */
export function pdfBytes(size = 600): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const pad = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  return Buffer.concat([head, pad, tail]);
}

/** A multipart/form-data body with one file part (and optional text fields). */
export function multipartBody(
  file: { field?: string; filename: string; contentType?: string; data: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadPdf(app: App, cookie: string, data: Buffer, opts: { kind?: 'pdf' | 'tutorial'; filename?: string } = {}) {
  const body = multipartBody({ filename: opts.filename ?? 'notes.pdf', data });
  return app.inject({
    method: 'POST',
    url: `/api/admin/uploads${opts.kind ? `?kind=${opts.kind}` : ''}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

/** `{ error: { message } }` of a response, for short assertions. */
export const errorMessage = (res: LightMyRequestResponse) => (res.json() as { error?: { message?: string } }).error?.message;
