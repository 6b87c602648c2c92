import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { enrollments, lessonProgress } from '../../platform/db/schema/index';
import {
  ADMIN,
  CAROL,
  completeLesson,
  createUser,
  enroll,
  errorMessage,
  seedCourse,
  userId,
} from '@test-support/fixtures/users-and-courses';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
});

const MISSING = '00000000-0000-4000-8000-000000000000';
const enrollCall = (studentId: string, courseId: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/students/${studentId}/enrollments`, headers: { cookie: admin }, payload: { courseId } });
const unenrollCall = (studentId: string, courseId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/students/${studentId}/enrollments/${courseId}`, headers: { cookie: admin } });
/** The "you were enrolled" messages queued in the outbox (the background job sends them) to an address. */
const enrollmentNotices = async (email: string) =>
  (await t.pool.query<{ subject: string }>(`select subject from mail_outbox where kind = 'enrolment' and recipient = $1`, [email])).rows;
const countEnrollments = (studentId: string, courseId: string) =>
  t.db.$count(enrollments, and(eq(enrollments.studentId, studentId), eq(enrollments.courseId, courseId)));

describe('POST /api/admin/students/:studentId/enrollments', () => {
  it('enrolls an approved student in a published course, and queues the message telling them', async () => {
    const student = await createUser(t.db, 'enroll1@example.com');
    const { course } = await seedCourse(t.db);
    const res = await enrollCall(student.id, course.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().enrollment).toMatchObject({ studentId: student.id, courseId: course.id, status: 'active' });
    expect(await countEnrollments(student.id, course.id)).toBe(1);
    expect(await enrollmentNotices(student.email)).toHaveLength(1);
  });

  it('cannot enroll twice: 409 with a clear message, still one row', async () => {
    const student = await createUser(t.db, 'enroll2@example.com');
    const { course } = await seedCourse(t.db);
    expect((await enrollCall(student.id, course.id)).statusCode).toBe(201);
    const [a, b] = await Promise.all([enrollCall(student.id, course.id), enrollCall(student.id, course.id)]);
    for (const res of [a!, b!]) {
      expect(res.statusCode).toBe(409);
      expect(errorMessage(res)).toBe('The student is already enrolled in this course.');
    }
    expect(await enrollmentNotices(student.email), 'told once').toHaveLength(1);
    expect(await countEnrollments(student.id, course.id)).toBe(1);
  });

  it('refuses pending and rejected students, the admin, unknown users and courses, and drafts', async () => {
    const { course } = await seedCourse(t.db);
    const { course: draft } = await seedCourse(t.db, { isPublished: false });
    const approved = await createUser(t.db, 'enroll3@example.com');
    const rejected = await createUser(t.db, 'enroll4@example.com', { approvalStatus: 'rejected' });
    const carol = await userId(t.db, CAROL);
    const adminId = await userId(t.db, ADMIN);
    const cases: [string, string, number, string][] = [
      [carol, course.id, 400, 'Only approved students can be enrolled in courses.'],
      [rejected.id, course.id, 400, 'Only approved students can be enrolled in courses.'],
      [adminId, course.id, 404, 'User not found'],
      [MISSING, course.id, 404, 'User not found'],
      ['junk', course.id, 404, 'User not found'],
      [approved.id, MISSING, 404, 'Course not found'],
      [approved.id, draft.id, 400, 'This course is not published yet. Publish it before enrolling students.'],
    ];
    for (const [studentId, courseId, status, message] of cases) {
      const res = await enrollCall(studentId, courseId);
      expect([res.statusCode, errorMessage(res)]).toEqual([status, message]);
    }
    expect(await t.db.$count(enrollments, eq(enrollments.courseId, course.id))).toBe(0);
    expect(await t.db.$count(enrollments, eq(enrollments.courseId, draft.id))).toBe(0);
  });
});

describe('DELETE /api/admin/students/:studentId/enrollments/:courseId', () => {
  it("deletes the enrollment and the student's progress in that course only", async () => {
    const student = await createUser(t.db, 'unenroll1@example.com');
    const other = await createUser(t.db, 'unenroll2@example.com');
    const a = await seedCourse(t.db, { chapters: [{ title: 'A', lessons: [{ title: 'a1' }, { title: 'a2' }] }] });
    const b = await seedCourse(t.db, { chapters: [{ title: 'B', lessons: [{ title: 'b1' }] }] });
    for (const s of [student.id, other.id]) {
      await enroll(t.db, s, a.course.id);
      await completeLesson(t.db, s, a.lessonIds[0]![0]!);
    }
    await completeLesson(t.db, student.id, a.lessonIds[0]![1]!);
    await enroll(t.db, student.id, b.course.id);
    await completeLesson(t.db, student.id, b.lessonIds[0]![0]!);

    const res = await unenrollCall(student.id, a.course.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedProgressCount: 2 });
    expect(await countEnrollments(student.id, a.course.id)).toBe(0);
    expect(await t.db.$count(lessonProgress, eq(lessonProgress.studentId, student.id))).toBe(1); // course B's stays
    expect(await countEnrollments(student.id, b.course.id)).toBe(1);
    expect(await t.db.$count(lessonProgress, eq(lessonProgress.studentId, other.id))).toBe(1); // another student's stays
    expect(await countEnrollments(other.id, a.course.id)).toBe(1);
  });

  it("answers 404 'Enrollment not found' when there is none", async () => {
    const student = await createUser(t.db, 'unenroll3@example.com');
    const { course } = await seedCourse(t.db);
    for (const [s, c] of [
      [student.id, course.id],
      [MISSING, course.id],
      ['junk', 'junk'],
    ] as const) {
      const res = await unenrollCall(s, c);
      expect(res.statusCode).toBe(404);
      expect(errorMessage(res)).toBe('Enrollment not found');
    }
  });
});
