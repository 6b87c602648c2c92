import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalendarMessages as M } from '../../../common/calendar';
import { EXTENSION_REASON_MAX } from '../../../common/deadline-extensions';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { rows, scalar } from '@test-support/http';
import { ADMIN, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';

/*
 * 'Extend Deadline': the tutor grants one student, or several at once, their own due date for a chapter, an exercise or
 * a quiz; granting again replaces the date; removing brings the usual date back. Every bad request is refused with the
 * calendar's words and writes nothing. What the extension does to the due date is the SQL rule calendar_course_dues.
 */

let t: TestContext;
let admin: string;
let courseId: string;
let chapterIds: string[];
let exerciseId: string;
let quizId: string;
let laterQuizId: string;
let otherExerciseId: string;
let noDueExerciseId: string;
const students: Record<'ann' | 'bo' | 'cy', { id: string; fullName: string }> = {} as never;

const DUE = '2026-05-01T21:59:00.000Z';
const RELEASE_LATER = '2026-06-01T08:00:00.000Z';

const grant = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/extensions', headers: { cookie: admin }, payload });
const extensionRows = () =>
  rows<{ student_id: string; item: string; due_at: Date; reason: string }>(
    t.pool,
    `select student_id::text, coalesce(chapter_id, exercise_id, quiz_id)::text as item, due_at, reason from deadline_extensions order by 1, 2`,
  );
/** The student's due date of an item by the one rule, with extensions. */
const dueOf = async (studentId: string, itemId: string) =>
  (
    await rows<{ due_at: Date | null; extended: boolean }>(
      t.pool,
      `select due_at, extended from calendar_course_dues($1, $2) where exercise_id = $3 or quiz_id = $3`,
      [courseId, studentId, itemId],
    )
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
  const seeded = await seedCourse(t.db, {
    title: 'Calendar 101',
    chapters: [
      { title: 'Week 1', lessons: [{ title: 'Loops' }, { title: 'Arrays' }] },
      { title: 'Week 2', lessons: [{ title: 'Pointers' }] },
    ],
  });
  courseId = seeded.course.id;
  chapterIds = seeded.chapterIds;
  const [loops, arrays] = seeded.lessonIds[0]!;
  const pointers = seeded.lessonIds[1]![0]!;
  // Week 1 is due; the exercise of Loops has a date of its own; Week 2 opens later, its quiz due after that.
  await t.pool.query(`update chapters set due_at = $2 where id = $1`, [chapterIds[0], DUE]);
  await t.pool.query(`update chapters set release_at = $2 where id = $1`, [chapterIds[1], RELEASE_LATER]);
  exerciseId = await scalar<string>(
    t.pool,
    `insert into exercises (lesson_id, position, title, language, reference_solution, due_at)
     values ($1, 1, 'Sum a list', 'javascript', 'x', '2026-04-28T10:00:00Z') returning id::text`,
    [loops],
  );
  quizId = await scalar<string>(t.pool, `insert into quizzes (lesson_id) values ($1) returning id::text`, [arrays]);
  laterQuizId = await scalar<string>(
    t.pool,
    `insert into quizzes (lesson_id, due_at) values ($1, '2026-06-10T10:00:00Z') returning id::text`,
    [pointers],
  );
  noDueExerciseId = await scalar<string>(
    t.pool,
    `insert into exercises (lesson_id, position, title, language, reference_solution) values ($1, 1, 'Swap', 'javascript', 'x') returning id::text`,
    [pointers],
  );
  const other = await seedCourse(t.db, { title: 'Other Course', chapters: [{ title: 'Only', lessons: [{ title: 'Elsewhere' }] }] });
  otherExerciseId = await scalar<string>(
    t.pool,
    `insert into exercises (lesson_id, position, title, language, reference_solution, due_at)
     values ($1, 1, 'Not here', 'javascript', 'x', '2026-04-28T10:00:00Z') returning id::text`,
    [other.lessonIds[0]![0]],
  );
  for (const [key, first] of [
    ['ann', 'Ann'],
    ['bo', 'Bo'],
    ['cy', 'Cy'],
  ] as const) {
    const u = await createUser(t.db, `${key}.extension@example.com`, { firstName: first, lastName: 'Later' });
    students[key] = { id: u.id, fullName: `${first} Later` };
  }
  await enroll(t.db, students.ann.id, courseId);
  await enroll(t.db, students.bo.id, courseId);
  await enroll(t.db, students.cy.id, other.course.id);
});

describe('Extend Deadline', () => {
  it("grants one student an exercise's deadline, lists it on their page, and replaces the date when granted again", async () => {
    const first = await grant({ studentIds: [students.ann.id], courseId, exerciseId, dueAt: '2026-05-05T10:00:00+02:00', reason: 'Ill' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      granted: 1,
      extensions: [
        {
          studentId: students.ann.id,
          studentName: 'Ann Later',
          courseTitle: 'Calendar 101',
          kind: 'exercise',
          itemId: exerciseId,
          itemTitle: 'Sum a list',
          dueAt: '2026-05-05T08:00:00.000Z',
          usualDueAt: '2026-04-28T10:00:00.000Z',
          reason: 'Ill',
          grantedBy: 'Course Tutor',
        },
      ],
    });
    expect(await dueOf(students.ann.id, exerciseId)).toEqual({ due_at: new Date('2026-05-05T08:00:00Z'), extended: true });
    expect(await dueOf(students.bo.id, exerciseId)).toEqual({ due_at: new Date('2026-04-28T10:00:00Z'), extended: false });

    const again = await grant({ studentIds: [students.ann.id], courseId, exerciseId, dueAt: '2026-05-09T12:00:00Z', reason: 'Still ill' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await extensionRows()).filter((r) => r.item === exerciseId)).toEqual([
      { student_id: students.ann.id, item: exerciseId, due_at: new Date('2026-05-09T12:00:00Z'), reason: 'Still ill' },
    ]);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/admin/students/${students.ann.id}/extensions`,
      headers: { cookie: admin },
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.student).toEqual({ id: students.ann.id, fullName: 'Ann Later' });
    // Their one course, its chapters in order with their due dates and their exercises and quizzes.
    expect(body.courses).toEqual([
      {
        id: courseId,
        title: 'Calendar 101',
        chapters: [
          {
            id: chapterIds[0],
            title: 'Week 1',
            dueAt: DUE,
            items: [
              { kind: 'exercise', id: exerciseId, title: 'Sum a list', dueAt: '2026-04-28T10:00:00.000Z' },
              { kind: 'quiz', id: quizId, title: M.quizItem('Arrays'), dueAt: null },
            ],
          },
          {
            id: chapterIds[1],
            title: 'Week 2',
            dueAt: null,
            items: [
              { kind: 'exercise', id: noDueExerciseId, title: 'Swap', dueAt: null },
              { kind: 'quiz', id: laterQuizId, title: M.quizItem('Pointers'), dueAt: '2026-06-10T10:00:00.000Z' },
            ],
          },
        ],
      },
    ]);
    expect(body.extensions).toEqual([
      expect.objectContaining({ itemId: exerciseId, dueAt: '2026-05-09T12:00:00.000Z', reason: 'Still ill' }),
    ]);
  });

  it("extends several students' chapter deadline at once, in one transaction, and each can be removed", async () => {
    const res = await grant({
      studentIds: [students.ann.id, students.bo.id, students.bo.id],
      courseId,
      chapterId: chapterIds[0],
      dueAt: '2026-05-08T21:59:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().granted).toBe(2);
    expect(
      res.json().extensions.map((e: { studentName: string; kind: string; reason: string }) => [e.studentName, e.kind, e.reason]),
    ).toEqual([
      ['Ann Later', 'chapter', ''],
      ['Bo Later', 'chapter', ''],
    ]);
    // The chapter's date reaches its quiz without a date of its own; the exercise keeps its own (and Ann her extension of it).
    expect(await dueOf(students.bo.id, quizId)).toEqual({ due_at: new Date('2026-05-08T21:59:00Z'), extended: true });
    expect(await dueOf(students.bo.id, exerciseId)).toEqual({ due_at: new Date('2026-04-28T10:00:00Z'), extended: false });

    const items = await t.app.inject({ method: 'GET', url: `/api/admin/courses/${courseId}/extension-items`, headers: { cookie: admin } });
    expect(items.statusCode).toBe(200);
    expect(items.json().chapters.map((c: { title: string }) => c.title)).toEqual(['Week 1', 'Week 2']);

    const bosId = res.json().extensions[1].id as string;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/extensions/${bosId}`, headers: { cookie: admin } });
    expect(removed.statusCode).toBe(200);
    expect(await dueOf(students.bo.id, quizId)).toEqual({ due_at: new Date(DUE), extended: false });
    const twice = await t.app.inject({ method: 'DELETE', url: `/api/admin/extensions/${bosId}`, headers: { cookie: admin } });
    expect([twice.statusCode, errorMessage(twice)]).toEqual([404, M.extensionNotFound]);
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/admin/extensions/not-an-id', headers: { cookie: admin } });
    expect(malformed.statusCode).toBe(404);
  });

  it('refuses every bad request with the words of the calendar, and writes nothing', async () => {
    const before = await extensionRows();
    const ann = students.ann.id;
    const refusals: [Record<string, unknown>, number, string][] = [
      // A student not enrolled in the course, alone or among others (named).
      [{ studentIds: [students.cy.id], courseId, exerciseId, dueAt: DUE }, 400, M.extensionNotEnrolled],
      [{ studentIds: [ann, students.cy.id], courseId, exerciseId, dueAt: DUE }, 400, M.extensionsNotEnrolled('Cy Later')],
      [{ studentIds: [ann, randomUUID()], courseId, exerciseId, dueAt: DUE }, 400, M.extensionsNotEnrolled('a student not found')],
      [{ studentIds: [], courseId, exerciseId, dueAt: DUE }, 400, M.extensionNoStudents],
      // An item of another course, none, two, or one without a due date to extend.
      [{ studentIds: [ann], courseId, exerciseId: otherExerciseId, dueAt: DUE }, 400, M.extensionItemInvalid],
      [{ studentIds: [ann], courseId, exerciseId: randomUUID(), dueAt: DUE }, 400, M.extensionItemInvalid],
      [{ studentIds: [ann], courseId, dueAt: DUE }, 400, M.extensionItemInvalid],
      [{ studentIds: [ann], courseId, exerciseId, quizId, dueAt: DUE }, 400, M.extensionItemInvalid],
      [{ studentIds: [ann], courseId, exerciseId: noDueExerciseId, dueAt: DUE }, 400, M.extensionNoDueDate],
      [{ studentIds: [ann], courseId, chapterId: chapterIds[1], dueAt: '2026-06-20T10:00:00Z' }, 400, M.extensionNoDueDate],
      // A bad date: not a date, no offset (whose wall time?), or before the chapter opens for them.
      [{ studentIds: [ann], courseId, exerciseId, dueAt: 'next Friday' }, 400, M.dateInvalid],
      [{ studentIds: [ann], courseId, exerciseId, dueAt: '2026-05-05T10:00' }, 400, M.dateInvalid],
      [{ studentIds: [ann], courseId, exerciseId, dueAt: '2026-13-45T10:00:00Z' }, 400, M.dateInvalid],
      [{ studentIds: [ann], courseId, exerciseId }, 400, M.dateInvalid],
      [
        { studentIds: [ann, students.bo.id], courseId, quizId: laterQuizId, dueAt: '2026-05-20T10:00:00Z' },
        400,
        M.extensionBeforeRelease('Ann Later, Bo Later'),
      ],
      // A reason too long; an unknown course.
      [
        { studentIds: [ann], courseId, exerciseId, dueAt: DUE, reason: 'x'.repeat(EXTENSION_REASON_MAX + 1) },
        400,
        M.extensionReasonTooLong(EXTENSION_REASON_MAX),
      ],
      [{ studentIds: [ann], courseId: randomUUID(), exerciseId, dueAt: DUE }, 404, M.extensionCourseNotFound],
    ];
    const wrong: string[] = [];
    for (const [payload, status, message] of refusals) {
      const res = await grant(payload);
      if (res.statusCode !== status || errorMessage(res) !== message)
        wrong.push(`${JSON.stringify(payload).slice(0, 120)} → ${res.statusCode} ${errorMessage(res)}`);
    }
    expect(wrong).toEqual([]);
    expect(await extensionRows()).toEqual(before);
    // An extension after the chapter opens is taken.
    const later = await grant({ studentIds: [ann], courseId, quizId: laterQuizId, dueAt: '2026-06-15T10:00:00Z' });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('answers 404 for an unknown student or course, and only to the tutor', async () => {
    for (const url of [`/api/admin/students/${randomUUID()}/extensions`, `/api/admin/courses/${randomUUID()}/extension-items`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(404);
    }
    const tutor = await scalar<string>(t.pool, `select id::text from users where email = $1`, [ADMIN]);
    const notAStudent = await t.app.inject({ method: 'GET', url: `/api/admin/students/${tutor}/extensions`, headers: { cookie: admin } });
    expect(notAStudent.statusCode).toBe(404);
    const cookie = await t.signIn('ann.extension@example.com');
    const own = await t.app.inject({ method: 'GET', url: `/api/admin/students/${students.ann.id}/extensions`, headers: { cookie } });
    expect(own.statusCode).toBe(403);
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/admin/extensions',
      headers: { cookie },
      payload: { studentIds: [students.ann.id], courseId, exerciseId, dueAt: '2027-01-01T00:00:00Z' },
    });
    expect(self.statusCode).toBe(403);
  });
});
