import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { LessonMessages, type CourseEditorResponse, type Lesson } from '../../../common/courses';
import { VIDEO_URL_NOT_WEB } from '../../../common/video';
import { chapters, files, lessonProgress, lessons } from '../../platform/db/schema/index';
import {
  ADMIN,
  ALICE,
  completeLesson,
  errorMessage,
  filesIn,
  outline,
  pdfBytes,
  seedCourse,
  tempDataDir,
  uploadPdf,
  userId,
} from '@test-support/fixtures/users-and-courses';

let t: TestContext;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDataDir();
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await t.signIn(ADMIN);
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
const MISSING = '00000000-0000-4000-8000-000000000000';

const threeChapters = () =>
  seedCourse(t.db, {
    chapters: [
      { title: 'A', lessons: [{ title: 'a1' }, { title: 'a2' }, { title: 'a3' }] },
      { title: 'B', lessons: [{ title: 'b1' }] },
      { title: 'C' },
    ],
  });

describe('chapters', () => {
  it('adds a chapter at the end (order n+1) and answers it', async () => {
    const { course } = await threeChapters();
    const res = await call('POST', `/api/admin/courses/${course.id}/chapters`, { title: '  D  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().chapter).toMatchObject({ courseId: course.id, title: 'D', order: 4 });
    expect((await outline(t.db, course.id)).map((c) => [c.title, c.order])).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
      ['D', 4],
    ]);
  });

  it("refuses an empty title with 'Chapter title is required' and an unknown course with 'Course not found'", async () => {
    const { course } = await threeChapters();
    const empty = await call('POST', `/api/admin/courses/${course.id}/chapters`, { title: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(errorMessage(empty)).toBe('Chapter title is required');
    const missing = await call('POST', `/api/admin/courses/${MISSING}/chapters`, { title: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(errorMessage(missing)).toBe('Course not found');
    expect(await t.db.$count(chapters, eq(chapters.courseId, course.id))).toBe(3);
  });

  it('renames a chapter', async () => {
    const { chapterIds } = await threeChapters();
    const res = await call('PATCH', `/api/admin/chapters/${chapterIds[1]}`, { title: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().chapter).toMatchObject({ id: chapterIds[1], title: 'Renamed', order: 2 });
    expect((await t.db.select().from(chapters).where(eq(chapters.id, chapterIds[1]!)))[0]!.title).toBe('Renamed');

    const empty = await call('PATCH', `/api/admin/chapters/${chapterIds[1]}`, { title: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorMessage(empty)).toBe('Chapter title is required');
    const missing = await call('PATCH', `/api/admin/chapters/${MISSING}`, { title: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(errorMessage(missing)).toBe('Chapter not found');
  });

  it('deletes a chapter with its lessons and their progress, and renumbers the rest 1..n', async () => {
    const { course, chapterIds, lessonIds } = await threeChapters();
    const alice = await userId(t.db, ALICE);
    await completeLesson(t.db, alice, lessonIds[0]![0]!);
    const res = await call('DELETE', `/api/admin/chapters/${chapterIds[0]}`);
    expect(res.statusCode).toBe(204);
    expect((await outline(t.db, course.id)).map((c) => [c.title, c.order])).toEqual([
      ['B', 1],
      ['C', 2],
    ]);
    expect(await t.db.$count(lessons, eq(lessons.chapterId, chapterIds[0]!))).toBe(0);
    expect(await t.db.$count(lessonProgress, eq(lessonProgress.lessonId, lessonIds[0]![0]!))).toBe(0);

    const again = await call('DELETE', `/api/admin/chapters/${chapterIds[0]}`);
    expect(again.statusCode).toBe(404);
    expect(errorMessage(again)).toBe('Chapter not found');
  });

  it('moves a chapter up or down; orders stay 1..n', async () => {
    const { course, chapterIds } = await threeChapters();
    const up = await call('PUT', `/api/admin/chapters/${chapterIds[2]}/position`, { order: 1 });
    expect(up.statusCode).toBe(200);
    expect((up.json() as CourseEditorResponse).chapters.map((c) => [c.title, c.order])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    const down = await call('PUT', `/api/admin/chapters/${chapterIds[2]}/position`, { order: 3 });
    expect(down.statusCode).toBe(200);
    expect((await outline(t.db, course.id)).map((c) => [c.title, c.order])).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    const middle = await call('PUT', `/api/admin/chapters/${chapterIds[0]}/position`, { order: 2 });
    expect((middle.json() as CourseEditorResponse).chapters.map((c) => c.title)).toEqual(['B', 'A', 'C']);

    const tooFar = await call('PUT', `/api/admin/chapters/${chapterIds[0]}/position`, { order: 4 });
    expect(tooFar.statusCode).toBe(400);
    expect(errorMessage(tooFar)).toBe('Order must be between 1 and 3.');
    const zero = await call('PUT', `/api/admin/chapters/${chapterIds[0]}/position`, { order: 0 });
    expect(zero.statusCode).toBe(400);
    expect((await outline(t.db, course.id)).map((c) => c.title)).toEqual(['B', 'A', 'C']);
  });
});

describe('adding lessons', () => {
  const add = (chapterId: string, body: object) => call('POST', `/api/admin/chapters/${chapterId}/lessons`, body);

  it.each([
    [{ title: 'V', lessonType: 'VIDEO' }, 'Video URL is required for video lessons'],
    [{ title: 'V', lessonType: 'VIDEO', videoUrl: '   ' }, 'Video URL is required for video lessons'],
    [{ title: 'P', lessonType: 'PDF' }, 'PDF file is required for PDF lessons'],
    [
      { title: 'M', lessonType: 'MIXED', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
      'Both video URL and PDF file are required for mixed content lessons',
    ],
    [
      { title: 'M', lessonType: 'MIXED', pdfUrl: 'https://example.com/a.pdf' },
      'Both video URL and PDF file are required for mixed content lessons',
    ],
    [{ title: ' ', lessonType: 'VIDEO', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }, 'Lesson title is required'],
    [{ title: 'T', lessonType: 'AUDIO', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }, 'Lesson type must be VIDEO, PDF, or MIXED'],
    [{ title: 'T', lessonType: 'VIDEO', videoUrl: 'javascript:alert(1)' }, VIDEO_URL_NOT_WEB],
    [
      { title: 'T', lessonType: 'PDF', pdfUrl: 'file:///etc/passwd' },
      'The PDF URL must be a web address starting with http:// or https://',
    ],
    [{ title: 'T', lessonType: 'PDF', pdfFileId: MISSING }, 'The uploaded PDF file was not found. Please upload it again.'],
    [{ title: 'T', lessonType: 'PDF', pdfFileId: 'nope' }, 'The uploaded PDF file was not found. Please upload it again.'],
  ])('refuses %j with %j and writes nothing', async (body, message) => {
    const { chapterIds } = await threeChapters();
    const res = await add(chapterIds[2]!, body);
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe(message);
    expect(await t.db.$count(lessons, eq(lessons.chapterId, chapterIds[2]!))).toBe(0);
  });

  it("answers 404 'Chapter not found' for an unknown chapter", async () => {
    const res = await add(MISSING, { title: 'T', lessonType: 'VIDEO', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(res.statusCode).toBe(404);
    expect(errorMessage(res)).toBe('Chapter not found');
  });

  it('adds a video lesson last, with its link converted to the embeddable address', async () => {
    const { chapterIds } = await threeChapters();
    const res = await add(chapterIds[0]!, {
      title: 'Loops',
      lessonType: 'VIDEO',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s',
      summary: 'for and while',
    });
    expect(res.statusCode).toBe(201);
    const lesson = res.json().lesson as Lesson;
    expect(lesson).toMatchObject({
      title: 'Loops',
      lessonType: 'VIDEO',
      videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=65',
      pdfUrl: null,
      summary: 'for and while',
      order: 4,
      hasTutorial: false,
    });
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(row).toMatchObject({ videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=65', position: 4 });
  });

  it('adds a PDF lesson with an uploaded PDF and tutorial PDF, and a mixed lesson with an external PDF', async () => {
    const { chapterIds } = await threeChapters();
    const pdf = (await uploadPdf(t.app, admin, pdfBytes(), { filename: 'week1.pdf' })).json().file;
    const tutorial = (await uploadPdf(t.app, admin, pdfBytes(), { kind: 'tutorial', filename: 'exercises.pdf' })).json().file;
    const res = await add(chapterIds[2]!, { title: 'Reading', lessonType: 'PDF', pdfFileId: pdf.id, tutorialFileId: tutorial.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().lesson).toMatchObject({
      lessonType: 'PDF',
      pdfUrl: `/api/files/${pdf.id}`,
      pdfFile: { id: pdf.id, name: 'week1.pdf', url: `/api/files/${pdf.id}` },
      tutorialPdfUrl: `/api/files/${tutorial.id}`,
      tutorialFile: { id: tutorial.id, name: 'exercises.pdf' },
      hasTutorial: true,
      order: 1,
    });
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, res.json().lesson.id));
    expect(row).toMatchObject({ pdfFileId: pdf.id, tutorialFileId: tutorial.id });

    const mixed = await add(chapterIds[2]!, {
      title: 'Both',
      lessonType: 'MIXED',
      videoUrl: 'https://vimeo.com/76979871',
      pdfUrl: 'https://example.com/notes.pdf',
      tutorialPdfUrl: 'https://example.com/tutorial.pdf',
    });
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().lesson).toMatchObject({
      videoUrl: 'https://player.vimeo.com/video/76979871',
      pdfUrl: 'https://example.com/notes.pdf',
      pdfFile: null,
      tutorialPdfUrl: 'https://example.com/tutorial.pdf',
      hasTutorial: true,
      order: 2,
    });
  });

  it('inserts at a given order and renumbers the chapter 1..n', async () => {
    const { course, chapterIds } = await threeChapters();
    const res = await add(chapterIds[0]!, { title: 'new', lessonType: 'VIDEO', videoUrl: 'https://example.com/v.mp4', order: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().lesson.order).toBe(2);
    expect((await outline(t.db, course.id))[0]!.lessons).toEqual([
      { title: 'a1', order: 1 },
      { title: 'new', order: 2 },
      { title: 'a2', order: 3 },
      { title: 'a3', order: 4 },
    ]);
    const tooFar = await add(chapterIds[0]!, { title: 'x', lessonType: 'VIDEO', videoUrl: 'https://example.com/v.mp4', order: 9 });
    expect(tooFar.statusCode).toBe(400);
    expect(errorMessage(tooFar)).toBe('Order must be between 1 and 5.');
  });

  it('keeps orders 1..n when many lessons are added at the same time', async () => {
    const { course, chapterIds } = await threeChapters();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        add(chapterIds[2]!, { title: `p${i}`, lessonType: 'VIDEO', videoUrl: 'https://example.com/v.mp4' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const orders = (await outline(t.db, course.id))[2]!.lessons.map((l) => l.order);
    expect(orders).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('editing a lesson in place', () => {
  it("changes the title, type, video and PDF, and keeps the lesson's place, exercises' lesson and the students' progress", async () => {
    const { course, chapterIds, lessonIds } = await threeChapters();
    const lessonId = lessonIds[0]![1]!;
    const alice = await userId(t.db, ALICE);
    await completeLesson(t.db, alice, lessonId);
    const oldPdf = (await uploadPdf(t.app, admin, pdfBytes(), { filename: 'old.pdf' })).json().file;
    const asPdf = await call('PUT', `/api/admin/lessons/${lessonId}`, { title: 'Pointers', lessonType: 'PDF', pdfFileId: oldPdf.id });
    expect(asPdf.statusCode, asPdf.body).toBe(200);
    const [oldFile] = await t.db.select().from(files).where(eq(files.id, oldPdf.id));

    // A typo in the video link fixed, the PDF replaced: the old file goes, as nothing else uses it.
    const newPdf = (await uploadPdf(t.app, admin, pdfBytes(), { filename: 'new.pdf' })).json().file;
    const res = await call('PUT', `/api/admin/lessons/${lessonId}`, {
      title: '  Pointers and arrays ',
      lessonType: 'MIXED',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      pdfFileId: newPdf.id,
      summary: 'Addresses, then arrays.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lesson).toMatchObject({
      id: lessonId,
      chapterId: chapterIds[0],
      title: 'Pointers and arrays',
      lessonType: 'MIXED',
      videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      pdfFile: { id: newPdf.id, name: 'new.pdf' },
      summary: 'Addresses, then arrays.',
      order: 2,
    });
    expect((await outline(t.db, course.id))[0]!.lessons.map((l) => l.title)).toEqual(['a1', 'Pointers and arrays', 'a3']);
    expect(await t.db.$count(lessonProgress, eq(lessonProgress.lessonId, lessonId))).toBe(1);
    expect(await t.db.$count(files, eq(files.id, oldPdf.id))).toBe(0);
    expect(await filesIn(dataDir)).not.toContain(oldFile!.storageKey);

    // The same file id kept: nothing is deleted.
    const same = await call('PUT', `/api/admin/lessons/${lessonId}`, { title: 'Pointers', lessonType: 'PDF', pdfFileId: newPdf.id });
    expect(same.statusCode).toBe(200);
    expect(await t.db.$count(files, eq(files.id, newPdf.id))).toBe(1);
  });

  it('refuses what adding refuses, and an unknown lesson, changing nothing', async () => {
    const { lessonIds } = await threeChapters();
    const lessonId = lessonIds[0]![0]!;
    const [before] = await t.db.select().from(lessons).where(eq(lessons.id, lessonId));
    const cases: [object, string][] = [
      [{ title: ' ', lessonType: 'VIDEO', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }, LessonMessages.titleRequired],
      [{ title: 'x', lessonType: 'VIDEO' }, LessonMessages.videoRequired],
      [{ title: 'x', lessonType: 'PDF', pdfFileId: MISSING }, LessonMessages.pdfFileNotFound],
      [{ title: 'x', lessonType: 'VIDEO', videoUrl: 'https://youtu.be/dQw4w9WgXcQ', order: 2 }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', `/api/admin/lessons/${lessonId}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(errorMessage(res)).toBe(message);
    }
    const [after] = await t.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(after).toEqual(before);
    const unknown = await call('PUT', `/api/admin/lessons/${MISSING}`, {
      title: 'x',
      lessonType: 'VIDEO',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Lesson not found');
  });
});

describe('deleting and moving lessons', () => {
  it('deletes a lesson (with its progress) and renumbers the chapter', async () => {
    const { course, lessonIds } = await threeChapters();
    const alice = await userId(t.db, ALICE);
    await completeLesson(t.db, alice, lessonIds[0]![0]!);
    const res = await call('DELETE', `/api/admin/lessons/${lessonIds[0]![0]}`);
    expect(res.statusCode).toBe(204);
    expect((await outline(t.db, course.id))[0]!.lessons).toEqual([
      { title: 'a2', order: 1 },
      { title: 'a3', order: 2 },
    ]);
    expect(await t.db.$count(lessonProgress, eq(lessonProgress.lessonId, lessonIds[0]![0]!))).toBe(0);
    const again = await call('DELETE', `/api/admin/lessons/${lessonIds[0]![0]}`);
    expect(again.statusCode).toBe(404);
    expect(errorMessage(again)).toBe('Lesson not found');
  });

  it('deletes the files only its lessons used: a file another lesson still uses stays', async () => {
    const { chapterIds } = await threeChapters();
    const pdf = (await uploadPdf(t.app, admin, pdfBytes())).json().file.id as string;
    const first = await call('POST', `/api/admin/chapters/${chapterIds[2]}/lessons`, { title: 'one', lessonType: 'PDF', pdfFileId: pdf });
    const second = await call('POST', `/api/admin/chapters/${chapterIds[1]}/lessons`, { title: 'two', lessonType: 'PDF', pdfFileId: pdf });
    const [file] = await t.db.select().from(files).where(eq(files.id, pdf));
    expect(await filesIn(dataDir)).toContain(file!.storageKey);

    expect((await call('DELETE', `/api/admin/lessons/${first.json().lesson.id}`)).statusCode).toBe(204);
    expect(await t.db.$count(files, eq(files.id, pdf))).toBe(1);
    expect(await filesIn(dataDir)).toContain(file!.storageKey);

    expect((await call('DELETE', `/api/admin/chapters/${chapterIds[1]}`)).statusCode).toBe(204);
    expect(second.statusCode).toBe(201);
    expect(await t.db.$count(files, eq(files.id, pdf))).toBe(0);
    expect(await filesIn(dataDir)).not.toContain(file!.storageKey);
  });

  it('moves a lesson within its chapter', async () => {
    const { course, lessonIds } = await threeChapters();
    const res = await call('PUT', `/api/admin/lessons/${lessonIds[0]![0]}/position`, { order: 3 });
    expect(res.statusCode).toBe(200);
    expect((res.json() as CourseEditorResponse).chapters[0]!.lessons.map((l) => [l.title, l.order])).toEqual([
      ['a2', 1],
      ['a3', 2],
      ['a1', 3],
    ]);
    await call('PUT', `/api/admin/lessons/${lessonIds[0]![0]}/position`, { order: 1 });
    expect((await outline(t.db, course.id))[0]!.lessons.map((l) => l.title)).toEqual(['a1', 'a2', 'a3']);
    const tooFar = await call('PUT', `/api/admin/lessons/${lessonIds[0]![0]}/position`, { order: 4 });
    expect(tooFar.statusCode).toBe(400);
    expect(errorMessage(tooFar)).toBe('Order must be between 1 and 3.');
  });

  it('moves a lesson into another chapter of the course; both chapters renumber', async () => {
    const { course, chapterIds, lessonIds } = await threeChapters();
    const res = await call('PUT', `/api/admin/lessons/${lessonIds[0]![1]}/position`, { order: 1, chapterId: chapterIds[1] });
    expect(res.statusCode).toBe(200);
    const tree = await outline(t.db, course.id);
    expect(tree[0]!.lessons).toEqual([
      { title: 'a1', order: 1 },
      { title: 'a3', order: 2 },
    ]);
    expect(tree[1]!.lessons).toEqual([
      { title: 'a2', order: 1 },
      { title: 'b1', order: 2 },
    ]);
    const toEmpty = await call('PUT', `/api/admin/lessons/${lessonIds[0]![0]}/position`, { order: 1, chapterId: chapterIds[2] });
    expect(toEmpty.statusCode).toBe(200);
    expect((await outline(t.db, course.id))[2]!.lessons).toEqual([{ title: 'a1', order: 1 }]);
  });

  it('refuses to move a lesson into another course or an unknown chapter', async () => {
    const { lessonIds } = await threeChapters();
    const other = await threeChapters();
    const res = await call('PUT', `/api/admin/lessons/${lessonIds[0]![0]}/position`, { order: 1, chapterId: other.chapterIds[0] });
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe('A lesson can only move to a chapter of the same course.');
    const missing = await call('PUT', `/api/admin/lessons/${lessonIds[0]![0]}/position`, { order: 1, chapterId: MISSING });
    expect(missing.statusCode).toBe(404);
    expect(errorMessage(missing)).toBe('Chapter not found');
    const noLesson = await call('PUT', `/api/admin/lessons/${MISSING}/position`, { order: 1 });
    expect(noLesson.statusCode).toBe(404);
    expect(errorMessage(noLesson)).toBe('Lesson not found');
  });
});
