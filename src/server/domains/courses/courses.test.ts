import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import type { CourseEditorResponse, CourseListResponse } from '../../../common/courses';
import { chapters, courses, enrollments, files, lessonProgress, lessons } from '../../platform/db/schema/index';
import {
  ADMIN,
  ALICE,
  completeLesson,
  enroll,
  errorMessage,
  filesIn,
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

describe('GET /api/admin/courses', () => {
  it('answers the statistics and every course with counts and at most 3 chapter previews', async () => {
    const { course } = await seedCourse(t.db, {
      title: 'Many Chapters',
      isPublished: false,
      chapters: [
        { title: 'One', lessons: [{ title: 'a' }, { title: 'b' }] },
        { title: 'Two', lessons: [{ title: 'c' }] },
        { title: 'Three' },
        { title: 'Four', lessons: [{ title: 'd' }] },
        { title: 'Five' },
      ],
    });
    await enroll(t.db, await userId(t.db, ALICE), course.id);

    const res = await call('GET', '/api/admin/courses');
    expect(res.statusCode).toBe(200);
    const body = res.json() as CourseListResponse;

    const [db] = (
      await t.pool
        .query(`select (select count(*) from courses)::int as total, (select count(*) from courses where is_published)::int as published,
        (select count(*) from enrollments)::int as enrolled`)
    ).rows as { total: number; published: number; enrolled: number }[];
    expect(body.stats).toEqual({
      totalCourses: db!.total,
      published: db!.published,
      drafts: db!.total - db!.published,
      totalEnrollments: db!.enrolled,
    });
    expect(body.courses).toHaveLength(db!.total);

    const item = body.courses.find((c) => c.id === course.id)!;
    expect(item).toMatchObject({
      title: 'Many Chapters',
      isPublished: false,
      description: '',
      thumbnailUrl: null,
      chapterCount: 5,
      lessonCount: 4,
      studentCount: 1,
      moreChapterCount: 2,
    });
    expect(item.chapterPreview.map((c) => [c.title, c.order, c.lessonCount])).toEqual([
      ['One', 1, 2],
      ['Two', 2, 1],
      ['Three', 3, 0],
    ]);
    // Newest first: the course made just now leads.
    expect(body.courses[0]!.id).toBe(course.id);

    const demo = body.courses.find((c) => c.title === 'C Programming Fundamentals')!;
    expect(demo.moreChapterCount).toBe(0);
    expect(demo.chapterPreview).toHaveLength(demo.chapterCount);
  });
});

describe('POST /api/admin/courses', () => {
  it('creates a draft course and answers it (INSERT ... RETURNING)', async () => {
    const res = await call('POST', '/api/admin/courses', {
      title: '  Rust for Beginners ',
      description: 'Ownership and borrowing',
      thumbnailUrl: 'https://example.com/rust.png',
    });
    expect(res.statusCode).toBe(201);
    const { course } = res.json() as { course: { id: string } };
    expect(course).toMatchObject({
      title: 'Rust for Beginners',
      description: 'Ownership and borrowing',
      thumbnailUrl: 'https://example.com/rust.png',
      isPublished: false,
    });
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ title: 'Rust for Beginners', isPublished: false });
  });

  it.each([{}, { title: '' }, { title: '   ' }, { title: null }])(
    "refuses %j with 'Course title is required' and writes nothing",
    async (body) => {
      const before = await t.db.$count(courses);
      const res = await call('POST', '/api/admin/courses', body);
      expect(res.statusCode).toBe(400);
      expect(errorMessage(res)).toBe('Course title is required');
      expect(await t.db.$count(courses)).toBe(before);
    },
  );

  it('refuses a thumbnail that is not an http(s) address', async () => {
    const res = await call('POST', '/api/admin/courses', { title: 'X', thumbnailUrl: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe('The thumbnail URL must be a web address starting with http:// or https://');
  });

  it('cannot create a published course directly', async () => {
    const res = await call('POST', '/api/admin/courses', { title: 'X', isPublished: true });
    expect(res.statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/courses/:id and /publish', () => {
  it('updates the details; an empty thumbnail removes it', async () => {
    const { course } = await seedCourse(t.db, { title: 'Old' });
    await t.db.update(courses).set({ thumbnailUrl: 'https://example.com/a.png' }).where(eq(courses.id, course.id));
    const res = await call('PATCH', `/api/admin/courses/${course.id}`, { title: 'New', description: 'Desc', thumbnailUrl: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().course).toMatchObject({ title: 'New', description: 'Desc', thumbnailUrl: null });
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ title: 'New', description: 'Desc', thumbnailUrl: null });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(course.updatedAt.getTime());
  });

  it("refuses an emptied title with 'Course title is required'", async () => {
    const { course } = await seedCourse(t.db, { title: 'Keep' });
    const res = await call('PATCH', `/api/admin/courses/${course.id}`, { title: ' ' });
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe('Course title is required');
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.title).toBe('Keep');
  });

  it('publishes and unpublishes', async () => {
    const { course } = await seedCourse(t.db, { isPublished: false });
    const on = await call('PATCH', `/api/admin/courses/${course.id}/publish`, { isPublished: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().course.isPublished).toBe(true);
    expect((await t.db.select().from(courses).where(eq(courses.id, course.id)))[0]!.isPublished).toBe(true);
    const off = await call('PATCH', `/api/admin/courses/${course.id}/publish`, { isPublished: false });
    expect(off.json().course.isPublished).toBe(false);
    expect((await t.db.select().from(courses).where(eq(courses.id, course.id)))[0]!.isPublished).toBe(false);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])("answers 404 'Course not found' for %s", async (id) => {
    for (const res of [
      await call('PATCH', `/api/admin/courses/${id}`, { title: 'x' }),
      await call('PATCH', `/api/admin/courses/${id}/publish`, { isPublished: true }),
      await call('GET', `/api/admin/courses/${id}`),
      await call('DELETE', `/api/admin/courses/${id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorMessage(res)).toBe('Course not found');
    }
  });
});

describe('GET /api/admin/courses/:id', () => {
  it('answers the editor tree: chapters and lessons in order', async () => {
    const { course } = await seedCourse(t.db, {
      title: 'Tree',
      chapters: [
        { title: 'First', lessons: [{ title: 'L1' }, { title: 'L2', type: 'PDF' }] },
        { title: 'Second', lessons: [{ title: 'L3' }] },
      ],
    });
    const res = await call('GET', `/api/admin/courses/${course.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as CourseEditorResponse;
    expect(body.course).toMatchObject({ id: course.id, title: 'Tree', enrollmentCount: 0 });
    expect(body.chapters.map((c) => [c.title, c.order, c.lessons.map((l) => [l.title, l.order, l.lessonType])])).toEqual([
      [
        'First',
        1,
        [
          ['L1', 1, 'VIDEO'],
          ['L2', 2, 'PDF'],
        ],
      ],
      ['Second', 2, [['L3', 1, 'VIDEO']]],
    ]);
    expect(body.chapters[0]!.lessons[0]).toMatchObject({ hasTutorial: false, pdfFile: null, tutorialFile: null });
  });
});

describe('DELETE /api/admin/courses/:id', () => {
  it('removes chapters, lessons, uploaded files (rows and bytes), enrollments and progress, and nothing else', async () => {
    const alice = await userId(t.db, ALICE);
    const target = await seedCourse(t.db, { title: 'Doomed', chapters: [{ title: 'C1', lessons: [{ title: 'seeded' }] }] });
    const other = await seedCourse(t.db, { title: 'Survivor', chapters: [{ title: 'K1', lessons: [{ title: 'kept' }] }] });

    // Lessons with an uploaded PDF and an uploaded tutorial PDF, through the real routes.
    const pdf = (await uploadPdf(t.app, admin, pdfBytes())).json().file.id as string;
    const tutorial = (await uploadPdf(t.app, admin, pdfBytes(), { kind: 'tutorial' })).json().file.id as string;
    const otherPdf = (await uploadPdf(t.app, admin, pdfBytes())).json().file.id as string;
    const added = await call('POST', `/api/admin/chapters/${target.chapterIds[0]}/lessons`, {
      title: 'With files',
      lessonType: 'PDF',
      pdfFileId: pdf,
      tutorialFileId: tutorial,
    });
    expect(added.statusCode).toBe(201);
    const kept = await call('POST', `/api/admin/chapters/${other.chapterIds[0]}/lessons`, {
      title: 'Other PDF',
      lessonType: 'PDF',
      pdfFileId: otherPdf,
    });
    expect(kept.statusCode).toBe(201);
    expect(await filesIn(dataDir)).toHaveLength(3);

    await enroll(t.db, alice, target.course.id);
    await enroll(t.db, alice, other.course.id);
    await completeLesson(t.db, alice, target.lessonIds[0]![0]!);
    await completeLesson(t.db, alice, other.lessonIds[0]![0]!);

    const res = await call('DELETE', `/api/admin/courses/${target.course.id}`);
    expect(res.statusCode).toBe(204);

    expect(await t.db.$count(courses, eq(courses.id, target.course.id))).toBe(0);
    expect(await t.db.$count(chapters, eq(chapters.courseId, target.course.id))).toBe(0);
    expect(await t.db.$count(lessons, inArray(lessons.chapterId, target.chapterIds))).toBe(0);
    expect(await t.db.$count(enrollments, eq(enrollments.courseId, target.course.id))).toBe(0);
    expect(await t.db.$count(files, inArray(files.id, [pdf, tutorial]))).toBe(0);
    // No orphans anywhere: every lesson has a chapter, every progress row a lesson.
    const orphans = await t.db.execute<{ n: number }>(sql`
      select (select count(*) from lessons l where not exists (select 1 from chapters c where c.id = l.chapter_id))
           + (select count(*) from lesson_progress p where not exists (select 1 from lessons l where l.id = p.lesson_id))
           + (select count(*) from enrollments e where not exists (select 1 from courses c where c.id = e.course_id)) as n`);
    expect(Number(orphans.rows[0]!.n)).toBe(0);

    // The other course is untouched, its file row and bytes too.
    expect(await t.db.$count(lessons, inArray(lessons.chapterId, other.chapterIds))).toBe(2);
    expect(await t.db.$count(enrollments, eq(enrollments.courseId, other.course.id))).toBe(1);
    expect(await t.db.$count(lessonProgress, eq(lessonProgress.lessonId, other.lessonIds[0]![0]!))).toBe(1);
    const remaining = await t.db.select().from(files).where(eq(files.id, otherPdf));
    expect(remaining).toHaveLength(1);
    expect(await filesIn(dataDir)).toEqual([remaining[0]!.storageKey]);

    expect((await t.app.inject({ method: 'GET', url: `/api/files/${pdf}`, headers: { cookie: admin } })).statusCode).toBe(404);
  });
});
