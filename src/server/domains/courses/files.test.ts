import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { textPdf } from '@test-support/text-pdf';
import { chapters, courses, files, lessons } from '../../platform/db/schema/index';
import { EnvError, loadEnv } from '../../platform/env';
import {
  ADMIN,
  ALICE,
  BOB,
  CAROL,
  enroll,
  filesIn,
  multipartBody,
  pdfBytes,
  seedCourse,
  tempDataDir,
  uploadPdf,
  userId,
} from '@test-support/fixtures/users-and-courses';

let t: TestContext;
let admin: string;
let alice: string;
let bob: string;
let carol: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDataDir();
  // A 2 MB limit keeps the too-large test small, and is above the app's 1 MB JSON body limit.
  t = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_MB: '2' } });
  [admin, alice, bob, carol] = await Promise.all([t.signIn(ADMIN), t.signIn(ALICE), t.signIn(BOB), t.signIn(CAROL)]);
});

const upload = (body: { payload: Buffer; headers: Record<string, string> }, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/admin/uploads${query}`, headers: { ...body.headers, cookie: admin }, payload: body.payload });

describe('POST /api/admin/uploads', () => {
  it('stores a real PDF: a files row, the bytes under DATA_DIR/files, and answers its address', async () => {
    const data = pdfBytes(5000);
    const res = await uploadPdf(t.app, admin, data, { filename: 'C:\\Users\\tutor\\Week 1 notes.pdf' });
    expect(res.statusCode).toBe(201);
    const { file } = res.json();
    expect(file).toMatchObject({ name: 'Week 1 notes.pdf', sizeBytes: 5000, contentType: 'application/pdf', url: `/api/files/${file.id}` });
    const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
    expect(row).toMatchObject({ sizeBytes: 5000, uploadedBy: await userId(t.db, ADMIN) });
    expect(row!.storageKey).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await fs.readFile(path.join(dataDir, 'files', row!.storageKey))).toEqual(data);
  });

  it('accepts a file above the 1 MB JSON body limit when UPLOAD_MAX_MB allows it', async () => {
    const res = await uploadPdf(t.app, admin, pdfBytes(1.5 * 1024 * 1024));
    expect(res.statusCode).toBe(201);
    expect(res.json().file.sizeBytes).toBe(1.5 * 1024 * 1024);
  });

  it('judges by the bytes, not the name: a PDF called notes.txt is accepted', async () => {
    const res = await upload(multipartBody({ filename: 'notes.txt', contentType: 'text/plain', data: pdfBytes() }));
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['', 'Please select a PDF file', 'Upload Failed'],
    ['?kind=tutorial', 'Please select a PDF file for the tutorial', 'Tutorial Upload Failed'],
  ])(
    "refuses a file named .pdf that is not a PDF (query %j) with '%s', errCode/errMsg, and stores nothing",
    async (query, message, title) => {
      const rowsBefore = await t.db.$count(files);
      const filesBefore = await filesIn(dataDir);
      const res = await upload(multipartBody({ filename: 'virus.pdf', data: Buffer.from('MZ\x90\x00 this is an exe') }), query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message, title }, errCode: 'INVALID_FILE', errMsg: message });
      expect(await t.db.$count(files)).toBe(rowsBefore);
      expect(await filesIn(dataDir)).toEqual(filesBefore);
    },
  );

  it('refuses an empty file, a request without a file part, and a JSON body', async () => {
    const empty = await upload(multipartBody({ filename: 'a.pdf', data: Buffer.alloc(0) }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errMsg).toBe('Please select a PDF file');
    const noFile = await upload(multipartBody(null, { note: 'hello' }));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errMsg).toBe('Please select a PDF file');
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { cookie: admin }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errMsg).toBe('Please select a PDF file');
  });

  it('refuses a file over UPLOAD_MAX_MB with 413 and a clear message, and stores nothing', async () => {
    const rowsBefore = await t.db.$count(files);
    const filesBefore = await filesIn(dataDir);
    const res = await uploadPdf(t.app, admin, pdfBytes(2 * 1024 * 1024 + 10), { kind: 'tutorial' });
    expect(res.statusCode).toBe(413);
    const message = 'The file is too large. The maximum size is 2 MB.';
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message, title: 'Tutorial Upload Failed' },
      errCode: 'FILE_TOO_LARGE',
      errMsg: message,
    });
    expect(await t.db.$count(files)).toBe(rowsBefore);
    expect(await filesIn(dataDir)).toEqual(filesBefore);
  });

  it('keeps the errCode/errMsg shape for 401 and 403 too', async () => {
    const body = multipartBody({ filename: 'a.pdf', data: pdfBytes() });
    const anon = await t.app.inject({ method: 'POST', url: '/api/admin/uploads', headers: body.headers, payload: body.payload });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ errCode: 'UNAUTHENTICATED', errMsg: 'Please sign in to continue.' });
    const student = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { ...body.headers, cookie: alice },
      payload: body.payload,
    });
    expect(student.statusCode).toBe(403);
    expect(student.json().errCode).toBe('FORBIDDEN');
  });
});

describe('GET /api/files/:id', () => {
  let fileId: string;
  let tutorialId: string;
  let unattachedId: string;
  const data = pdfBytes(3000);

  beforeAll(async () => {
    const { chapterIds, course } = await seedCourse(t.db, { chapters: [{ title: 'Docs' }] });
    fileId = (await uploadPdf(t.app, admin, data, { filename: 'handout.pdf' })).json().file.id;
    tutorialId = (await uploadPdf(t.app, admin, pdfBytes(), { kind: 'tutorial' })).json().file.id;
    unattachedId = (await uploadPdf(t.app, admin, pdfBytes())).json().file.id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/chapters/${chapterIds[0]}/lessons`,
      headers: { cookie: admin },
      payload: { title: 'Handout', lessonType: 'PDF', pdfFileId: fileId, tutorialFileId: tutorialId },
    });
    expect(res.statusCode).toBe(201);
    await enroll(t.db, await userId(t.db, ALICE), course.id);
  });

  const get = (id: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: cookie ? { cookie } : {} });

  it('serves the admin the bytes as application/pdf', async () => {
    const res = await get(fileId, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="handout.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload).toEqual(data);
  });

  it('names every PDF it serves .pdf, whatever it was uploaded as, keeping the base name', async () => {
    const cases: [string, string][] = [
      ['notes.txt', 'notes.pdf'],
      ['page.html', 'page.pdf'],
      ['setup.exe', 'setup.pdf'],
      ['Week 1 Slides.PDF', 'Week 1 Slides.pdf'],
      ['report', 'report.pdf'],
      ['archive.tar.gz', 'archive.tar.pdf'],
      ['..\\..\\secret.js', 'secret.pdf'],
      ['.htaccess', 'document.pdf'],
      ['café (1); draft.svg', 'café (1); draft.pdf'],
    ];
    for (const [uploaded, served] of cases) {
      const id = (await upload(multipartBody({ filename: uploaded, contentType: 'text/plain', data: pdfBytes() }))).json().file
        .id as string;
      const res = await get(id, admin);
      expect(res.statusCode, uploaded).toBe(200);
      const disposition = String(res.headers['content-disposition']);
      const exact = decodeURIComponent(/filename\*=UTF-8''([^;]+)$/.exec(disposition)![1]!);
      expect(exact, uploaded).toBe(served);
      expect(/filename="([^"]*)"/.exec(disposition)![1], uploaded).toMatch(/^[\x20-\x7e]+\.pdf$/);
    }
  });

  it('serves an approved student enrolled in the lesson’s course, its PDF and tutorial PDF', async () => {
    const res = await get(fileId, alice);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(data);
    expect((await get(tutorialId, alice)).statusCode).toBe(200);
  });

  it('refuses a student who is not enrolled, a pending student, a file no lesson uses, and anyone signed out', async () => {
    expect((await get(fileId, bob)).statusCode).toBe(403);
    expect((await get(fileId, bob)).json().error.message).toBe('You do not have access to this file.');
    expect((await get(fileId, carol)).statusCode).toBe(403);
    expect((await get(unattachedId, alice)).statusCode).toBe(403);
    expect((await get(unattachedId, admin)).statusCode).toBe(200);
    expect((await get(fileId)).statusCode).toBe(401);
  });

  it('refuses enrolled students while the course is a draft, like the course itself', async () => {
    const [lesson] = await t.db
      .select({ courseId: chapters.courseId })
      .from(lessons)
      .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
      .where(eq(lessons.pdfFileId, fileId));
    await t.db.update(courses).set({ isPublished: false }).where(eq(courses.id, lesson!.courseId));
    expect((await get(fileId, alice)).statusCode).toBe(403);
    expect((await get(tutorialId, alice)).statusCode).toBe(403);
    expect((await get(fileId, admin)).statusCode).toBe(200);
    await t.db.update(courses).set({ isPublished: true }).where(eq(courses.id, lesson!.courseId));
    expect((await get(fileId, alice)).statusCode).toBe(200);
  });

  it("answers 404 'File not found' for an unknown or malformed id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) {
      const res = await get(id, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('File not found');
    }
  });
});

describe('UPLOAD_MAX_MB', () => {
  it('defaults to 50 MB and a bad value stops the start naming the variable', () => {
    expect(loadEnv({ NODE_ENV: 'test' }).uploadMaxMb).toBe(50);
    expect(loadEnv({ NODE_ENV: 'test', UPLOAD_MAX_MB: '10' }).uploadMaxMb).toBe(10);
    for (const bad of ['0', 'lots', '1.5']) {
      expect(() => loadEnv({ NODE_ENV: 'test', UPLOAD_MAX_MB: bad })).toThrow(EnvError);
      expect(() => loadEnv({ NODE_ENV: 'test', UPLOAD_MAX_MB: bad })).toThrow(/UPLOAD_MAX_MB/);
    }
  });
});

describe('text for the AI tutor', () => {
  it("extracts a PDF's text once, at upload, and stores it with the file", async () => {
    const res = await uploadPdf(t.app, admin, await textPdf([['Binary search halves the range.'], ['Page two']]));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(files).where(eq(files.id, res.json().file.id));
    expect(row!.extractedText).toBe('Binary search halves the range.\n\nPage two');
    expect(row!.textExtractedAt).toBeInstanceOf(Date);
  });

  it('still accepts a PDF whose text cannot be read, with no text', async () => {
    const res = await uploadPdf(t.app, admin, pdfBytes(800));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(files).where(eq(files.id, res.json().file.id));
    expect(row!.extractedText).toBe('');
    expect(row!.textExtractedAt).toBeInstanceOf(Date);
  });
});
