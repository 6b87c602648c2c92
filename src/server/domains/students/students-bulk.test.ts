import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { scalar } from '@test-support/http';
import { ADMIN, completeLesson, createUser, enroll, errorMessage, seedCourse, userId } from '@test-support/fixtures/users-and-courses';

let t: TestContext;
let admin: string;
let n = 0;

/** A student of this test's own, with a name that says who they are in the result lines. */
async function student(firstName: string, approvalStatus: 'pending' | 'approved' | 'rejected' = 'pending') {
  n += 1;
  return createUser(t.db, `bulk.${firstName.toLowerCase()}.${n}@example.com`, { firstName, lastName: `Bulk${n}`, approvalStatus });
}

const bulk = (payload: unknown, cookie = admin) =>
  t.app.inject({ method: 'POST', url: '/api/admin/students/bulk', headers: { cookie }, payload: payload as object });

/** Approval messages queued in the outbox (the background job sends them), by recipient. */
const approvalsQueued = async () =>
  (await t.pool.query<{ recipient: string }>(`select recipient from mail_outbox where kind = 'approval' order by recipient`)).rows.map(
    (r) => r.recipient,
  );
const enrollmentNotices = async (email: string) =>
  (
    await t.pool.query<{ subject: string }>(`select subject from mail_outbox where kind = 'enrolment' and recipient = $1`, [email])
  ).rows.map((r) => r.subject);
const statusOf = (id: string) => scalar<string>(t.pool, 'select approval_status::text from users where id = $1', [id]);
const enrollmentCount = (courseId: string) =>
  scalar<number>(t.pool, 'select count(*)::int from enrollments where course_id = $1', [courseId]);
const isEnrolled = async (studentId: string, courseId: string) =>
  (await scalar<number>(t.pool, 'select count(*)::int from enrollments where student_id = $1 and course_id = $2', [
    studentId,
    courseId,
  ])) === 1;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
});

describe('POST /api/admin/students/bulk: approve and reject', () => {
  it('approves the selected students, each told on its own line; one already approved is told so; each newly approved one is mailed', async () => {
    const ada = await student('Ada');
    const bob = await student('Bob');
    const cleo = await student('Cleo', 'approved');
    const queued = await approvalsQueued();

    const res = await bulk({ action: 'approve', studentIds: [ada.id, bob.id, cleo.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      action: 'approve',
      results: [
        { studentId: ada.id, fullName: `Ada ${ada.lastName}`, outcome: 'approved' },
        { studentId: bob.id, fullName: `Bob ${bob.lastName}`, outcome: 'approved' },
        { studentId: cleo.id, fullName: `Cleo ${cleo.lastName}`, outcome: 'already_approved' },
      ],
    });
    expect([await statusOf(ada.id), await statusOf(bob.id), await statusOf(cleo.id)]).toEqual(['approved', 'approved', 'approved']);
    expect(await approvalsQueued()).toEqual([...queued, ada.email, bob.email].sort());
  });

  it('rejects the selected students and ends their sessions; an id sent twice is acted on once', async () => {
    const dora = await student('Dora');
    const eve = await student('Eve');
    const cookie = await t.signIn(dora.email);
    expect(await scalar<number>(t.pool, 'select count(*)::int from sessions where user_id = $1', [dora.id])).toBe(1);

    const res = await bulk({ action: 'reject', studentIds: [dora.id, eve.id, dora.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['rejected', 'rejected']);
    expect([await statusOf(dora.id), await statusOf(eve.id)]).toEqual(['rejected', 'rejected']);
    expect(await scalar<number>(t.pool, 'select count(*)::int from sessions where user_id = $1', [dora.id])).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);

    const again = await bulk({ action: 'reject', studentIds: [eve.id] });
    expect(again.json().results).toEqual([{ studentId: eve.id, fullName: `Eve ${eve.lastName}`, outcome: 'already_rejected' }]);
  });

  it('an unknown id, or one that is not a student, refuses the whole action (404) and changes no one', async () => {
    const fay = await student('Fay');
    const gus = await student('Gus');
    const adminId = await userId(t.db, ADMIN);
    for (const stranger of [randomUUID(), adminId]) {
      const res = await bulk({ action: 'approve', studentIds: [fay.id, stranger, gus.id] });
      expect(res.statusCode).toBe(404);
      expect(errorMessage(res)).toBe(
        'One selected student was not found (deleted, or not a student). Nothing was changed; refresh the page and try again.',
      );
      expect([await statusOf(fay.id), await statusOf(gus.id)]).toEqual(['pending', 'pending']);
    }
    expect(await scalar<string>(t.pool, 'select role::text from users where id = $1', [adminId])).toBe('admin');
  });

  it('two overlapping approvals at once (ids in opposite orders) neither deadlock nor approve anyone twice', async () => {
    const group = [await student('Uma'), await student('Vin'), await student('Wim')];
    const ids = group.map((s) => s.id);
    const queued = (await approvalsQueued()).length;
    const [a, b] = await Promise.all([
      bulk({ action: 'approve', studentIds: ids }),
      bulk({ action: 'approve', studentIds: [...ids].reverse() }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    const outcomes = [...a!.json().results, ...b!.json().results].map((r: { outcome: string }) => r.outcome).sort();
    expect(outcomes).toEqual(['already_approved', 'already_approved', 'already_approved', 'approved', 'approved', 'approved']);
    expect((await approvalsQueued()).length, 'one approval e-mail each').toBe(queued + 3);
  });

  it('a failure part-way through leaves every student as they were (one transaction)', async () => {
    const hal = await student('Hal');
    const ida = await student('Ida');
    const jon = await student('Jon');
    // The third update fails inside the database, after the first two were written.
    await t.pool.query(`
      create function fail_for_jon() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$;
      create trigger fail_for_jon before update on users for each row when (new.id = '${jon.id}') execute function fail_for_jon();`);
    try {
      const queued = await approvalsQueued();
      const res = await bulk({ action: 'approve', studentIds: [hal.id, ida.id, jon.id] });
      expect(res.statusCode).toBe(500);
      expect([await statusOf(hal.id), await statusOf(ida.id), await statusOf(jon.id)]).toEqual(['pending', 'pending', 'pending']);
      expect(await approvalsQueued(), 'the approval mails of the first two are undone with them').toEqual(queued);
    } finally {
      await t.pool.query('drop trigger fail_for_jon on users; drop function fail_for_jon()');
    }
  });
});

describe('POST /api/admin/students/bulk: enroll and unenroll', () => {
  it('enrolls the selected students in a published course; one already enrolled is told so', async () => {
    const { course } = await seedCourse(t.db);
    const kim = await student('Kim', 'approved');
    const lee = await student('Lee', 'approved');
    await enroll(t.db, lee.id, course.id);

    const res = await bulk({ action: 'enroll', studentIds: [kim.id, lee.id], courseId: course.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { studentId: kim.id, fullName: `Kim ${kim.lastName}`, outcome: 'enrolled' },
      { studentId: lee.id, fullName: `Lee ${lee.lastName}`, outcome: 'already_enrolled' },
    ]);
    expect(await isEnrolled(kim.id, course.id)).toBe(true);
    expect(await enrollmentCount(course.id)).toBe(2);
    // The newly enrolled student is told (in the same transaction); the one already enrolled is not told again.
    expect(await enrollmentNotices(kim.email)).toHaveLength(1);
    expect(await enrollmentNotices(lee.email)).toEqual([]);
  });

  it('unenrolls the selected students and deletes their progress in the course; one not enrolled is told so', async () => {
    const { course, lessonIds } = await seedCourse(t.db, { chapters: [{ title: 'One', lessons: [{ title: 'L1' }] }] });
    const { course: other, lessonIds: otherLessons } = await seedCourse(t.db, { chapters: [{ title: 'Two', lessons: [{ title: 'L2' }] }] });
    const max = await student('Max', 'approved');
    const ned = await student('Ned', 'approved');
    await enroll(t.db, max.id, course.id);
    await enroll(t.db, max.id, other.id);
    await completeLesson(t.db, max.id, lessonIds[0]![0]!);
    await completeLesson(t.db, max.id, otherLessons[0]![0]!);

    const res = await bulk({ action: 'unenroll', studentIds: [max.id, ned.id], courseId: course.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['unenrolled', 'not_enrolled']);
    expect(await isEnrolled(max.id, course.id)).toBe(false);
    expect(await isEnrolled(max.id, other.id)).toBe(true);
    const progress = await t.pool.query('select lesson_id from lesson_progress where student_id = $1', [max.id]);
    expect(progress.rows.map((r) => r.lesson_id)).toEqual([otherLessons[0]![0]]);
  });

  it('refuses a missing or unpublished course, or a student not approved, and enrolls no one', async () => {
    const { course: draft } = await seedCourse(t.db, { isPublished: false });
    const { course } = await seedCourse(t.db);
    const oli = await student('Oli', 'approved');
    const pia = await student('Pia', 'pending');

    const missing = await bulk({ action: 'enroll', studentIds: [oli.id], courseId: randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(errorMessage(missing)).toBe('Course not found');

    const unpublished = await bulk({ action: 'enroll', studentIds: [oli.id], courseId: draft.id });
    expect(unpublished.statusCode).toBe(400);
    expect(errorMessage(unpublished)).toBe('This course is not published yet. Publish it before enrolling students.');
    expect(await enrollmentCount(draft.id)).toBe(0);

    const notApproved = await bulk({ action: 'enroll', studentIds: [oli.id, pia.id], courseId: course.id });
    expect(notApproved.statusCode).toBe(400);
    expect(errorMessage(notApproved)).toBe(
      `Only approved students can be enrolled in courses. Not approved: Pia ${pia.lastName}. Nothing was changed.`,
    );
    expect(await enrollmentCount(course.id)).toBe(0);

    const unknown = await bulk({ action: 'unenroll', studentIds: [oli.id, randomUUID()], courseId: course.id });
    expect(unknown.statusCode).toBe(404);
  });

  it('a failure part-way through enrolls no one (one transaction)', async () => {
    const { course } = await seedCourse(t.db);
    const quin = await student('Quin', 'approved');
    const rae = await student('Rae', 'approved');
    await t.pool.query(`
      create function fail_for_rae() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$;
      create trigger fail_for_rae before insert on enrollments for each row when (new.student_id = '${rae.id}') execute function fail_for_rae();`);
    try {
      const res = await bulk({ action: 'enroll', studentIds: [quin.id, rae.id], courseId: course.id });
      expect(res.statusCode).toBe(500);
      expect(await enrollmentCount(course.id)).toBe(0);
      expect(await enrollmentNotices(quin.email)).toEqual([]);
    } finally {
      await t.pool.query('drop trigger fail_for_rae on enrollments; drop function fail_for_rae()');
    }
  });
});

describe('POST /api/admin/students/bulk: bad input', () => {
  it('answers 400 with a message for each malformed body, and writes nothing', async () => {
    const sam = await student('Sam');
    const { course } = await seedCourse(t.db);
    const cases: [unknown, string][] = [
      [{ action: 'approve', studentIds: [] }, 'Select at least one student.'],
      [{ action: 'approve', studentIds: Array.from({ length: 501 }, () => randomUUID()) }, 'Select at most 500 students at a time.'],
      [{ action: 'approve', studentIds: ['not-an-id'] }, 'A selected student was not found. Refresh the page and try again.'],
      [{ action: 'promote', studentIds: [sam.id] }, 'Choose an action: approve, reject, enroll or unenroll.'],
      [{ action: 'enroll', studentIds: [sam.id] }, 'Choose a course to enroll or unenroll the selected students in.'],
      [{ action: 'approve', studentIds: [sam.id], courseId: course.id }, 'A course is only chosen to enroll or unenroll students.'],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await statusOf(sam.id)).toBe('pending');
  });

  it('is the administrator’s alone', async () => {
    const tia = await student('Tia', 'approved');
    const cookie = await t.signIn(tia.email);
    const res = await bulk({ action: 'approve', studentIds: [tia.id] }, cookie);
    expect(res.statusCode).toBe(403);
  });
});
