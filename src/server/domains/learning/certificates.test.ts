import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import type { CertificateResponse, CertificateVerifyResponse } from '../../../common/certificates';
import { ADMIN, ALICE, CAROL, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';

let t: TestContext;
const clock = new Date('2026-03-10T12:00:00Z');
let student: { id: string; cookie: string; email: string };
let courseId: string;
let lessons: string[];
let alice: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { APP_URL: 'https://tutor.example.com' } });
  const u = await createUser(t.db, 'zoe.cert@example.com', { firstName: 'Zoë', lastName: 'Quill' });
  student = { id: u.id, email: u.email, cookie: await t.signIn(u.email) };
  alice = await t.signIn(ALICE);
  admin = await t.signIn(ADMIN);
  const { course, lessonIds } = await seedCourse(t.db, {
    title: 'Certified Course',
    chapters: [{ title: 'c', lessons: [{ title: 'one' }, { title: 'two' }] }],
  });
  courseId = course.id;
  lessons = lessonIds[0]!;
  await enroll(t.db, student.id, courseId);
  // Only the first lesson: no certificate yet.
  await t.app.inject({
    method: 'PUT',
    url: `/api/lessons/${lessonIds[0]![0]}/progress`,
    headers: { cookie: student.cookie },
    payload: { status: 'completed' },
  });
  const before = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}/certificate`, headers: { cookie: student.cookie } });
  expect(before.statusCode).toBe(404);
  const done = await t.app.inject({
    method: 'PUT',
    url: `/api/lessons/${lessonIds[0]![1]}/progress`,
    headers: { cookie: student.cookie },
    payload: { status: 'completed' },
  });
  expect(done.json()).toMatchObject({ justCompleted: true });
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('certificates', () => {
  it("GET /api/courses/:courseId/certificate gives the student's own certificate", async () => {
    const res = await get(`/api/courses/${courseId}/certificate`, student.cookie);
    expect(res.statusCode).toBe(200);
    const cert = res.json() as CertificateResponse;
    expect(cert).toEqual({
      id: expect.any(String),
      studentName: 'Zoë Quill',
      courseTitle: 'Certified Course',
      issuedAt: clock.toISOString(),
      verifyUrl: `https://tutor.example.com/certificates/${cert.id}`,
    });
  });

  it('is 404 for a student who has not earned it, 401 signed out, 403 pending', async () => {
    const r = await get(`/api/courses/${courseId}/certificate`, alice);
    expect([r.statusCode, errorMessage(r)]).toEqual([404, 'Certificate not found']);
    expect((await get(`/api/courses/${courseId}/certificate.pdf`, alice)).statusCode).toBe(404);
    expect((await get(`/api/courses/${courseId}/certificate`)).statusCode).toBe(401);
    expect((await get(`/api/courses/${courseId}/certificate.pdf`)).statusCode).toBe(401);
    expect((await get(`/api/courses/${courseId}/certificate`, await t.signIn(CAROL))).statusCode).toBe(403);
  });

  it('the PDF is real, names the student and is byte-identical on two downloads', async () => {
    const a = await get(`/api/courses/${courseId}/certificate.pdf`, student.cookie);
    const b = await get(`/api/courses/${courseId}/certificate.pdf`, student.cookie);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('application/pdf');
    expect(a.headers['content-disposition']).toMatch(/^attachment; filename="certificate-[0-9a-f-]+\.pdf"$/);
    expect(a.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    const doc = await PDFDocument.load(a.rawPayload, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toContain('Zoë Quill');
    expect(doc.getTitle()).toContain('Certified Course');
    const cert = (await get(`/api/courses/${courseId}/certificate`, student.cookie)).json() as CertificateResponse;
    expect(doc.getSubject()).toContain(cert.verifyUrl);
    expect(doc.getCreationDate()?.toISOString()).toBe(clock.toISOString());
  });

  it('public verification shows only the name, course and date', async () => {
    const cert = (await get(`/api/courses/${courseId}/certificate`, student.cookie)).json() as CertificateResponse;
    const res = await get(`/api/certificates/${cert.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      status: 'valid',
      studentName: 'Zoë Quill',
      courseTitle: 'Certified Course',
      issuedAt: clock.toISOString(),
      revokedAt: null,
      revocationReason: null,
    });
    expect(res.body).not.toContain(student.email);
    expect(res.body).not.toContain(student.id);
    expect(res.body).not.toContain(courseId);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await get(`/api/certificates/${id}`);
      expect([r.statusCode, errorMessage(r)]).toEqual([404, 'Certificate not found']);
    }
  });
});

/** A new student who completes the course through the API; their certificate's id and their session. */
async function earn(email: string) {
  const u = await createUser(t.db, email, { firstName: 'Ada', lastName: 'Byron' });
  await enroll(t.db, u.id, courseId);
  const cookie = await t.signIn(email);
  for (const lesson of lessons) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/lessons/${lesson}/progress`,
      headers: { cookie },
      payload: { status: 'completed' },
    });
    expect(res.statusCode).toBe(200);
  }
  const cert = (await get(`/api/courses/${courseId}/certificate`, cookie)).json() as CertificateResponse;
  return { id: u.id, cookie, certId: cert.id };
}

const verify = async (certId: string) => {
  const res = await get(`/api/certificates/${certId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as CertificateVerifyResponse;
};

const revoke = (certId: string, revocationReason: string | null, cookie = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/certificates/${certId}`, headers: { cookie }, payload: { revocationReason } });

describe('certificate validity', () => {
  it('stays valid after the student is unenrolled, and after their account is rejected', async () => {
    const s = await earn('ada.unenrolled@example.com');
    const unenrolled = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/students/${s.id}/enrollments/${courseId}`,
      headers: { cookie: admin },
    });
    expect(unenrolled.statusCode, unenrolled.body).toBe(200);
    expect(await verify(s.certId)).toMatchObject({ valid: true, status: 'valid', revokedAt: null, revocationReason: null });

    const rejected = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/students/${s.id}/status`,
      headers: { cookie: admin },
      payload: { status: 'rejected' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await verify(s.certId)).toMatchObject({
      valid: true,
      status: 'valid',
      studentName: 'Ada Byron',
      courseTitle: 'Certified Course',
    });
  });

  it('the admin revokes one with a reason: the check says so, and the student no longer gets it; reinstating undoes it', async () => {
    const s = await earn('ada.revoked@example.com');
    const res = await revoke(s.certId, '  Issued in error: the final assessment was not passed.  ');
    expect(res.statusCode, res.body).toBe(200);
    const revoked = {
      valid: false,
      status: 'revoked',
      studentName: 'Ada Byron',
      courseTitle: 'Certified Course',
      issuedAt: clock.toISOString(),
      revokedAt: clock.toISOString(),
      revocationReason: 'Issued in error: the final assessment was not passed.',
    };
    expect(res.json()).toEqual(revoked);
    expect(await verify(s.certId)).toEqual(revoked);

    // Its owner is no longer handed a revoked certificate.
    const mine = await get(`/api/courses/${courseId}/certificate`, s.cookie);
    expect([mine.statusCode, errorMessage(mine)]).toEqual([404, 'This certificate has been revoked.']);
    expect((await get(`/api/courses/${courseId}/certificate.pdf`, s.cookie)).statusCode).toBe(404);

    // A new reason replaces the old one; the date stays that of the first revocation.
    expect((await revoke(s.certId, 'Academic misconduct.')).json()).toMatchObject({
      revokedAt: clock.toISOString(),
      revocationReason: 'Academic misconduct.',
    });

    const reinstated = await revoke(s.certId, null);
    expect(reinstated.json()).toMatchObject({ valid: true, status: 'valid', revokedAt: null, revocationReason: null });
    expect((await get(`/api/courses/${courseId}/certificate`, s.cookie)).statusCode).toBe(200);
  });

  it('only the admin revokes, always with a reason; an unknown certificate is 404', async () => {
    const s = await earn('ada.guarded@example.com');
    expect((await revoke(s.certId, 'no', s.cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/admin/certificates/${s.certId}`, payload: { revocationReason: 'no' } })).statusCode,
    ).toBe(401);
    const blank = await revoke(s.certId, '   ');
    expect([blank.statusCode, errorMessage(blank)]).toEqual([400, 'Please give the reason for revoking the certificate.']);
    expect((await revoke(s.certId, 'x'.repeat(301))).statusCode).toBe(400);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await revoke(id, 'Gone');
      expect([r.statusCode, errorMessage(r)]).toEqual([404, 'Certificate not found']);
    }
    expect(await verify(s.certId)).toMatchObject({ valid: true, status: 'valid' });
  });
});
