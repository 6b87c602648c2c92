import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import type { BulkUploadResponse } from '../../../common/courses-bulk-upload';
import { chapters, lessons } from '../../platform/db/schema/index';
import { ADMIN, errorMessage, outline, seedCourse } from '@test-support/fixtures/users-and-courses';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
});

const bulk = (courseId: string, data: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/courses/${courseId}/bulk-upload`, headers: { cookie: admin }, payload: { data } });

describe('POST /api/admin/courses/:id/bulk-upload', () => {
  it('groups rows by chapter (matched case-insensitively or created once), continues orders, and reports every row', async () => {
    const { course } = await seedCourse(t.db, {
      chapters: [{ title: 'Getting Started', lessons: [{ title: 'Welcome' }, { title: 'Setup' }] }],
    });
    const data = [
      'chapter,lesson,type,content,summary,tutorial_pdf',
      'getting started,Variables,VIDEO,https://www.youtube.com/watch?v=dQw4w9WgXcQ,"Names, values",',
      'Loops,While,VIDEO,https://youtu.be/dQw4w9WgXcQ?t=10,,https://example.com/while.pdf',
      'Broken Only,Nope,AUDIO,https://example.com/a.mp3,,',
      'LOOPS,For,PDF,https://example.com/for.pdf,,',
      'Getting Started,Missing video,VIDEO,,,',
      'Loops,Both,MIXED,https://vimeo.com/76979871|https://example.com/both.pdf,,',
    ].join('\n');
    const res = await bulk(course.id, data);
    expect(res.statusCode).toBe(200);
    const body = res.json() as BulkUploadResponse;
    expect(body).toMatchObject({ successCount: 4, errorCount: 2, chaptersCreated: 1 });
    expect(body.results.map((r) => [r.row, r.chapter, r.lesson, r.status, r.message])).toEqual([
      [1, 'getting started', 'Variables', 'success', "Created as lesson 3 of chapter 'Getting Started'"],
      [2, 'Loops', 'While', 'success', "Created as lesson 1 of chapter 'Loops'"],
      [3, 'Broken Only', 'Nope', 'error', 'Invalid lesson type: AUDIO. Must be VIDEO, PDF, or MIXED'],
      [4, 'LOOPS', 'For', 'success', "Created as lesson 2 of chapter 'Loops'"],
      [5, 'Getting Started', 'Missing video', 'error', 'Video URL is required for video lessons'],
      [6, 'Loops', 'Both', 'success', "Created as lesson 3 of chapter 'Loops'"],
    ]);

    // A chapter whose rows all failed is not created; 'Loops' exists once.
    expect(await outline(t.db, course.id)).toEqual([
      {
        title: 'Getting Started',
        order: 1,
        lessons: [
          { title: 'Welcome', order: 1 },
          { title: 'Setup', order: 2 },
          { title: 'Variables', order: 3 },
        ],
      },
      {
        title: 'Loops',
        order: 2,
        lessons: [
          { title: 'While', order: 1 },
          { title: 'For', order: 2 },
          { title: 'Both', order: 3 },
        ],
      },
    ]);
    const [both] = await t.db.select().from(lessons).where(eq(lessons.id, body.results[5]!.lessonId!));
    expect(both).toMatchObject({
      lessonType: 'MIXED',
      videoUrl: 'https://player.vimeo.com/video/76979871',
      pdfUrl: 'https://example.com/both.pdf',
    });
    const [whileLesson] = await t.db.select().from(lessons).where(eq(lessons.id, body.results[1]!.lessonId!));
    expect(whileLesson).toMatchObject({
      videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10',
      tutorialPdfUrl: 'https://example.com/while.pdf',
    });
    const [variables] = await t.db.select().from(lessons).where(eq(lessons.id, body.results[0]!.lessonId!));
    expect(variables!.summary).toBe('Names, values');

    // A second upload matches the chapter created by the first and goes on after its lessons.
    const again = await bulk(course.id, 'chapter\tlesson\ttype\tcontent\nloops\tDo while\tvideo\thttps://example.com/v.mp4');
    expect(again.json()).toMatchObject({ successCount: 1, errorCount: 0, chaptersCreated: 0 });
    expect((await outline(t.db, course.id))[1]!.lessons.at(-1)).toEqual({ title: 'Do while', order: 4 });
    expect(await t.db.$count(chapters, eq(chapters.courseId, course.id))).toBe(2);
  });

  it('writes nothing when the whole upload is refused', async () => {
    const { course } = await seedCourse(t.db, { chapters: [{ title: 'Only' }] });
    const cases: [string, string][] = [
      ['', 'Please enter bulk upload data'],
      ['chapter,lesson,content\nA,b,https://e.x', 'Missing required headers: type. Expected: chapter, lesson, type, content'],
    ];
    for (const [data, message] of cases) {
      const res = await bulk(course.id, data);
      expect(res.statusCode).toBe(400);
      expect(errorMessage(res)).toBe(message);
    }
    const tooMany = ['chapter,lesson,type,content', ...Array.from({ length: 2001 }, (_, i) => `New,L${i},VIDEO,https://e.x/${i}`)].join(
      '\n',
    );
    const res = await bulk(course.id, tooMany);
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe('Too many rows: 2001. At most 2,000 lessons can be uploaded at once.');
    expect(await outline(t.db, course.id)).toEqual([{ title: 'Only', order: 1, lessons: [] }]);
  });

  it('answers 413 with a clear message for a body over 2 MB', async () => {
    const { course } = await seedCourse(t.db);
    const res = await bulk(course.id, `chapter,lesson,type,content\n${'x'.repeat(2 * 1024 * 1024)}`);
    expect(res.statusCode).toBe(413);
    expect(errorMessage(res)).toBe('The bulk upload data is too large. At most 2 MB can be uploaded at once.');
  });

  it("answers 404 'Course not found' for an unknown course", async () => {
    const res = await bulk('00000000-0000-4000-8000-000000000000', 'chapter,lesson,type,content\nA,b,VIDEO,https://e.x');
    expect(res.statusCode).toBe(404);
    expect(errorMessage(res)).toBe('Course not found');
  });

  it('never creates a chapter twice when two uploads run at the same time', async () => {
    const { course } = await seedCourse(t.db);
    const data = 'chapter,lesson,type,content\nShared,One,VIDEO,https://e.x/1\nShared,Two,VIDEO,https://e.x/2';
    const results = await Promise.all([bulk(course.id, data), bulk(course.id, data), bulk(course.id, data)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const tree = await outline(t.db, course.id);
    expect(tree.map((c) => c.title)).toEqual(['Shared']);
    expect(tree[0]!.lessons.map((l) => l.order)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
