import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import type { StudentsOverviewResponse } from '../../../common/students';
import { ADMIN, ALICE, BOB, CAROL, createUser, enroll, seedCourse, userId } from '@test-support/fixtures/users-and-courses';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
});

const overview = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/students', headers: { cookie: admin } });
  expect(res.statusCode).toBe(200);
  return res.json() as StudentsOverviewResponse;
};

describe('GET /api/admin/students', () => {
  it('answers the statistics, the pending and approved lists with enrollments, and the published courses', async () => {
    await createUser(t.db, 'gone@example.com', { firstName: 'Gone', lastName: 'Away', approvalStatus: 'rejected' });
    const { course: draft } = await seedCourse(t.db, { title: 'Zz Draft', isPublished: false });
    const body = await overview();

    // Seed: Alice and Bob approved and enrolled in two demo courses each; Carol pending.
    expect(body.stats).toEqual({ pendingApproval: 1, approvedStudents: 2, rejected: 1, totalEnrollments: 4 });
    expect(body.pending).toEqual([
      expect.objectContaining({ email: CAROL, firstName: 'Carol', lastName: 'Davis', fullName: 'Carol Davis', approvalStatus: 'pending' }),
    ]);
    expect(typeof body.pending[0]!.createdAt).toBe('string');
    expect(body.approved.map((s) => [s.email, s.enrolledCount])).toEqual([
      [ALICE, 2], // Johnson
      [BOB, 2], // Smith
    ]);
    expect(body.approved[0]!.enrolledCourseIds).toHaveLength(2);
    // Only published courses are columns of Manage Enrollments; the admin is never a student.
    expect(body.publishedCourses.map((c) => c.title)).toEqual([
      'C Programming Fundamentals',
      'Java Object-Oriented Programming',
      'WebGL 3D Graphics',
    ]);
    expect(body.publishedCourses.some((c) => c.id === draft.id)).toBe(false);
    expect([...body.pending, ...body.approved].some((s) => s.email === ADMIN)).toBe(false);
  });

  it('follows enrollments and approvals', async () => {
    const { course } = await seedCourse(t.db, { title: 'Another' });
    await enroll(t.db, await userId(t.db, ALICE), course.id);
    const approve = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/students/${await userId(t.db, CAROL)}/status`,
      headers: { cookie: admin },
      payload: { status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    const body = await overview();
    expect(body.pending).toEqual([]);
    expect(body.stats.pendingApproval).toBe(0);
    expect(body.stats.totalEnrollments).toBe(5);
    const alice = body.approved.find((s) => s.email === ALICE)!;
    expect(alice.enrolledCount).toBe(3);
    expect(alice.enrolledCourseIds).toContain(course.id);
    expect(body.approved.find((s) => s.email === CAROL)).toMatchObject({ enrolledCount: 0, enrolledCourseIds: [] });
  });
});
