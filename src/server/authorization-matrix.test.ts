import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, CAROL, createUser, enroll, pdfBytes, seedCourse, uploadPdf } from '@test-support/fixtures/users-and-courses';

/**
 * Every API route the server registers × every kind of caller → the status the server answers.
 * The route list is the app's own (`app.apiRoutes`): a route added without a row below fails.
 *
 * Requests carry no body, so a caller who passes the guard gets the route's own answer (often a
 * 400 for the missing body) and nothing is written; a caller who does not gets 401 or 403 before
 * the body is read. Admin routes address ids that do not exist, so nothing is deleted either.
 */
const personas = ['anonymous', 'pending', 'rejected', 'student', 'enrolled', 'admin'] as const;
type Persona = (typeof personas)[number];

/** Who passes the guard; everyone else gets 401 (no live session) or 403. */
type Access = 'public' | 'session' | 'approved' | 'admin';
const passes: Record<Access, readonly Persona[]> = {
  public: personas,
  session: ['pending', 'student', 'enrolled', 'admin'],
  approved: ['student', 'enrolled', 'admin'],
  admin: ['admin'],
};

/** [who passes the guard, what those who pass get; per persona where it differs]. */
type Row = [Access, number | Partial<Record<Persona, number>>];

const matrix: Record<string, Row> = {
  // Public: sign-in, registration, configuration, health, documentation, certificate checks.
  'GET /api/health': ['public', 200],
  'GET /api/public-config': ['public', 200],
  'GET /api/session': ['public', 200],
  'POST /api/auth/code': ['public', 400],
  'POST /api/auth/login': ['public', 400],
  'POST /api/auth/register': ['public', 400],
  'POST /api/auth/logout': ['public', 204],
  'GET /api/dev/tools': ['public', 200],
  'POST /api/dev/login': ['public', 400],
  'GET /api/certificates/:id': ['public', 404],
  // An invitation link and a reminder's opt-out link: the token in the path is the credential.
  'GET /api/invitations/:token': ['public', 404],
  'POST /api/invitations/:token/accept': ['public', 400],
  'GET /api/unsubscribe/:token': ['public', 400],
  'POST /api/unsubscribe/:token': ['public', 400],
  // A generated course thumbnail, like any picture on a page (only stored images: never a PDF).
  'GET /api/images/:id': ['public', 404],
  'GET /api/docs': ['public', 200],
  'GET /api/docs/json': ['public', 200],
  'GET /api/docs/yaml': ['public', 200],
  'GET /api/docs/static/*': ['public', 404],
  'GET /api/docs/static/index.html': ['public', 302],
  'GET /api/docs/static/swagger-initializer.js': ['public', 200],

  // Any live session, pending students included (they see the pending screen and may write to the tutor).
  'GET /api/me': ['session', 200],
  'POST /api/contact': ['session', 400],
  // Everything stored about the caller, as a file: only ever their own rows.
  'GET /api/me/data': ['session', 200],
  // The bell: each person's own notifications.
  'GET /api/notifications': ['session', 200],
  'POST /api/notifications/read': ['session', 400],
  // A file is served to the admin and to students enrolled in a published course that uses it.
  'GET /api/files/:id': ['session', { pending: 403, student: 403, enrolled: 200, admin: 200 }],

  // Approved students (and the admin); enrollment is checked by the route itself. A certificate
  // that was not earned is 404 to everyone, enrolled or not.
  'GET /api/student/dashboard': ['approved', 200],
  // 'Due This Week': the caller's own due dates only (the tutor's preview has none).
  'GET /api/student/due-this-week': ['approved', 200],
  'GET /api/courses/:courseId/learn': ['approved', { student: 403, enrolled: 200, admin: 200 }],
  'PUT /api/lessons/:lessonId/progress': ['approved', 400],
  'GET /api/courses/:courseId/certificate': ['approved', { student: 404, enrolled: 404, admin: 404 }],
  'GET /api/courses/:courseId/certificate.pdf': ['approved', { student: 404, enrolled: 404, admin: 404 }],
  // My Grades: the caller's own row of the gradebook, in a course they are enrolled in (the tutor's preview: no grades).
  'GET /api/courses/:courseId/grades': ['approved', { student: 403, enrolled: 200, admin: 200 }],
  'GET /api/lessons/:lessonId/tutor': ['approved', { student: 403, enrolled: 200, admin: 200 }],
  'POST /api/lessons/:lessonId/tutor/messages': ['approved', 400],
  'POST /api/events': ['approved', 400],
  // Read aloud and spoken questions: lesson access is checked by the route; no provider is
  // configured here, so a recording is refused with 503 once access is granted.
  'POST /api/lessons/:lessonId/speech': ['approved', 400],
  'POST /api/lessons/:lessonId/transcriptions': ['approved', { student: 403, enrolled: 503, admin: 503 }],
  // Practice: the lesson's exercises as the course screen allows; drafts and submissions need a body;
  // a submission is only ever its submitter's.
  'GET /api/lessons/:lessonId/exercises': ['approved', { student: 403, enrolled: 200, admin: 200 }],
  'PUT /api/exercises/:exerciseId/draft': ['approved', 400],
  'POST /api/exercises/:exerciseId/submissions': ['approved', 400],
  'GET /api/submissions/:submissionId': ['approved', 404],
  // The tutor's feedback: only ever the caller's own sent reviews (none here), and their marks in the outline.
  'GET /api/lessons/:lessonId/feedback': ['approved', 200],
  'GET /api/me/feedback/unseen': ['approved', 200],
  'POST /api/reviews/:reviewId/seen': ['approved', 404],
  // Quizzes: the lesson's quiz as the course screen allows (none here: null); attempts need a body.
  'GET /api/lessons/:lessonId/quiz': ['approved', { student: 403, enrolled: 200, admin: 200 }],
  'POST /api/lessons/:lessonId/quiz/attempts': ['approved', 400],
  // Where the lesson's video is and what was played: needs a body.
  'PUT /api/lessons/:lessonId/video-progress': ['approved', 400],
  // The lesson's video could not be played on the student's device: needs a body.
  'POST /api/lessons/:lessonId/video-unplayable': ['approved', 400],
  // Questions to the tutor: the caller's own threads on a lesson the course screen allows; asking and
  // following up need a body (a thread is only ever its student's).
  'GET /api/lessons/:lessonId/questions': ['approved', { student: 403, enrolled: 200, admin: 200 }],
  'POST /api/lessons/:lessonId/questions': ['approved', 400],
  'POST /api/questions/:threadId/messages': ['approved', 400],

  // The tutor's workspace, and the tutor's switch to the student view.
  'PUT /api/me/view-mode': ['admin', 400],
  'GET /api/admin/stats': ['admin', 200],
  'GET /api/admin/students': ['admin', 200],
  'PATCH /api/admin/students/:id/status': ['admin', 400],
  'POST /api/admin/students/:studentId/enrollments': ['admin', 400],
  'DELETE /api/admin/students/:studentId/enrollments/:courseId': ['admin', 404],
  // One action on several students (needs a body); deleting a student (none with that id).
  'POST /api/admin/students/bulk': ['admin', 400],
  'DELETE /api/admin/students/:id': ['admin', 404],
  // A student's data export, for the tutor to hand over (before a deletion, say).
  'GET /api/admin/students/:id/data': ['admin', 404],
  // The school's time zone ('School Time Zone'); every visitor reads it in the public config.
  'GET /api/admin/school-settings': ['admin', 200],
  'PUT /api/admin/school-settings': ['admin', 400],
  'GET /api/admin/courses': ['admin', 200],
  'POST /api/admin/courses': ['admin', 400],
  'GET /api/admin/courses/:id': ['admin', 404],
  'PATCH /api/admin/courses/:id': ['admin', 400],
  // How many of a course's students are mid-course, asked before lessons in order applies (no such course here).
  'GET /api/admin/courses/:courseId/progress-summary': ['admin', 404],
  'PATCH /api/admin/courses/:id/publish': ['admin', 400],
  'DELETE /api/admin/courses/:id': ['admin', 404],
  'POST /api/admin/courses/:id/chapters': ['admin', 400],
  'PATCH /api/admin/chapters/:id': ['admin', 400],
  'DELETE /api/admin/chapters/:id': ['admin', 404],
  'PUT /api/admin/chapters/:id/position': ['admin', 400],
  // A chapter's release and due date (needs a body).
  'PUT /api/admin/chapters/:id/calendar': ['admin', 400],
  'POST /api/admin/chapters/:id/lessons': ['admin', 400],
  'PUT /api/admin/lessons/:id': ['admin', 400],
  'DELETE /api/admin/lessons/:id': ['admin', 404],
  'PUT /api/admin/lessons/:id/position': ['admin', 400],
  'POST /api/admin/courses/:id/bulk-upload': ['admin', 400],
  'POST /api/admin/uploads': ['admin', 400],
  'POST /api/admin/courses/:id/thumbnail-candidates': ['admin', 400],
  'GET /api/admin/thumbnail-candidates/:id': ['admin', 404],
  'PUT /api/admin/courses/:id/thumbnail': ['admin', 400],
  'GET /api/admin/database-helper': ['admin', 200],
  'GET /api/admin/tables': ['admin', 200],
  'GET /api/admin/tables/:table/items': ['admin', 200],
  'GET /api/admin/analytics': ['admin', 200],
  // The tutor's Backups page: the overview, and 'Back Up Now' (queued; no worker runs here).
  'GET /api/admin/backups': ['admin', 200],
  'POST /api/admin/backups': ['admin', 202],
  'GET /api/admin/analytics/students.csv': ['admin', 200],
  // The gradebook and its CSV (no such course here), 'Override Score' (needs a body) and removing an override (none here).
  'GET /api/admin/courses/:courseId/gradebook': ['admin', 404],
  'GET /api/admin/courses/:courseId/gradebook.csv': ['admin', 404],
  'PUT /api/admin/courses/:courseId/gradebook/students/:studentId/items/:itemId/override': ['admin', 400],
  'DELETE /api/admin/courses/:courseId/gradebook/students/:studentId/items/:itemId/override': ['admin', 404],
  // Exercises: authoring (saving needs a body), figures, a student's work and submission history.
  'GET /api/admin/lessons/:lessonId/exercises': ['admin', 200],
  'POST /api/admin/lessons/:lessonId/exercises': ['admin', 400],
  'PUT /api/admin/exercises/:exerciseId': ['admin', 400],
  'DELETE /api/admin/exercises/:exerciseId': ['admin', 404],
  'PUT /api/admin/lessons/:lessonId/exercises/order': ['admin', 400],
  'POST /api/admin/lessons/:lessonId/exercises/reference-runs': ['admin', 400],
  'GET /api/admin/exercises/:exerciseId/report': ['admin', 404],
  'GET /api/admin/exercises/:exerciseId/students/:studentId': ['admin', 404],
  'GET /api/admin/exercises/:exerciseId/students/:studentId/submissions': ['admin', 404],
  'GET /api/admin/exercises/:exerciseId/students/:studentId/submissions/:submissionId': ['admin', 404],
  // Similarity checks: the tutor's alone (no such exercise here; 'Check Similarity' needs a body).
  'GET /api/admin/exercises/:exerciseId/similarity': ['admin', 404],
  'POST /api/admin/exercises/:exerciseId/similarity': ['admin', 400],
  'GET /api/admin/exercises/:exerciseId/similarity/pairs/:pairId': ['admin', 404],
  // Reviews with line comments: none of these submissions or comments exists; writes need a body; 'Saved Comments' are listed.
  'GET /api/admin/submissions/:submissionId/review': ['admin', 404],
  'PUT /api/admin/submissions/:submissionId/review': ['admin', 400],
  'POST /api/admin/submissions/:submissionId/review/comments': ['admin', 400],
  'POST /api/admin/submissions/:submissionId/review/send': ['admin', 400],
  'PATCH /api/admin/review-comments/:commentId': ['admin', 400],
  'DELETE /api/admin/review-comments/:commentId': ['admin', 404],
  'GET /api/admin/submissions/:submissionId/same-code': ['admin', 404],
  'POST /api/admin/submissions/:submissionId/same-code/comments': ['admin', 400],
  'GET /api/admin/saved-comments': ['admin', 200],
  'POST /api/admin/saved-comments': ['admin', 400],
  'DELETE /api/admin/saved-comments/:savedCommentId': ['admin', 404],
  // Quizzes: reading (none yet: null), saving (needs a body), deleting (none to delete).
  'GET /api/admin/lessons/:lessonId/quiz': ['admin', 200],
  'PUT /api/admin/lessons/:lessonId/quiz': ['admin', 400],
  'DELETE /api/admin/lessons/:lessonId/quiz': ['admin', 404],
  // A quiz's students and a student's quizzes (neither exists here), one more attempt or a reset for a student (decision 020).
  'GET /api/admin/quizzes/:quizId/students': ['admin', 404],
  'GET /api/admin/students/:studentId/quizzes': ['admin', 404],
  'POST /api/admin/quizzes/:quizId/students/:studentId/extra-attempts': ['admin', 404],
  'POST /api/admin/quizzes/:quizId/students/:studentId/attempts-reset': ['admin', 404],
  // The tutor's oversight of the AI tutor: a student's conversations and daily limits (no such student or
  // conversation here), a student's or a course's limit (needs a body), removing a student's own limit.
  'GET /api/admin/students/:studentId/ai-conversations': ['admin', 404],
  'GET /api/admin/ai-conversations/:conversationId': ['admin', 404],
  'GET /api/admin/students/:studentId/ai-tutor-allowances': ['admin', 404],
  'PUT /api/admin/students/:studentId/ai-tutor-allowances/:courseId': ['admin', 400],
  'DELETE /api/admin/students/:studentId/ai-tutor-allowances/:courseId': ['admin', 404],
  // 'Extend Deadline': a student's extensions and what can be extended (no such student or course here), granting
  // (needs a body) and removing one (none here).
  'GET /api/admin/students/:studentId/extensions': ['admin', 404],
  'GET /api/admin/courses/:courseId/extension-items': ['admin', 404],
  'POST /api/admin/extensions': ['admin', 400],
  'DELETE /api/admin/extensions/:extensionId': ['admin', 404],
  'PUT /api/admin/courses/:courseId/ai-tutor-limit': ['admin', 400],
  'POST /api/admin/invitations': ['admin', 400],
  'GET /api/admin/invitations': ['admin', 200],
  'POST /api/admin/invitations/:invitationId/resend': ['admin', 404],
  'POST /api/admin/invitations/:invitationId/cancel': ['admin', 404],
  'GET /api/admin/notification-settings': ['admin', 200],
  'PUT /api/admin/notification-settings': ['admin', 400],
  'POST /api/admin/notifications/nudge': ['admin', 400],
  // A test message to the signed-in tutor (the only write here: one row in the outbox, to them).
  'POST /api/admin/notifications/test-mail': ['admin', 200],
  // The tutor's Questions page: the list, the badge's count, a thread (none here), a reply (needs a body), resolving (none here).
  'GET /api/admin/questions': ['admin', 200],
  'GET /api/admin/questions/unanswered': ['admin', 200],
  'GET /api/admin/questions/:threadId': ['admin', 404],
  'POST /api/admin/questions/:threadId/replies': ['admin', 400],
  'POST /api/admin/questions/:threadId/resolve': ['admin', 404],
  // Revoking or reinstating a certificate (docs/decisions/016).
  'PATCH /api/admin/certificates/:id': ['admin', 400],
};

function expected(key: string, persona: Persona): number {
  const [access, ok] = matrix[key]!;
  if (!passes[access].includes(persona)) return persona === 'anonymous' || persona === 'rejected' ? 401 : 403;
  return typeof ok === 'number' ? ok : ok[persona]!;
}

const MISSING = '00000000-0000-4000-8000-000000000000';
let t: TestContext;
let cookies: Record<Persona, string | undefined>;
let ids: { courseId: string; lessonId: string; fileId: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signIn(ADMIN);
  const fileId = (await uploadPdf(t.app, admin, pdfBytes())).json().file.id as string;
  const { course, chapterIds } = await seedCourse(t.db, { chapters: [{ title: 'c' }] });
  const lesson = await t.app.inject({
    method: 'POST',
    url: `/api/admin/chapters/${chapterIds[0]}/lessons`,
    headers: { cookie: admin },
    payload: { title: 'Reading', lessonType: 'PDF', pdfFileId: fileId },
  });
  expect(lesson.statusCode, lesson.body).toBe(201);
  const student = await createUser(t.db, 'matrix-student@example.com');
  const enrolled = await createUser(t.db, 'matrix-enrolled@example.com');
  const rejected = await createUser(t.db, 'matrix-rejected@example.com');
  await enroll(t.db, enrolled.id, course.id);
  const rejectedCookie = await t.signIn(rejected.email);
  const status = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/students/${rejected.id}/status`,
    headers: { cookie: admin },
    payload: { status: 'rejected' },
  });
  expect(status.statusCode).toBe(200);
  cookies = {
    anonymous: undefined,
    pending: await t.signIn(CAROL),
    rejected: rejectedCookie,
    student: await t.signIn(student.email),
    enrolled: await t.signIn(enrolled.email),
    admin,
  };
  ids = { courseId: course.id, lessonId: lesson.json().lesson.id as string, fileId };
});

/** A concrete URL: the fixture's course, lesson and file where a student route names them; ids that do not exist elsewhere. */
function urlOf(url: string): string {
  return url
    .replace('*', 'missing')
    .replace(':table', 'users')
    .replace(':courseId', url.startsWith('/api/admin/') ? MISSING : ids.courseId)
    .replace(':lessonId', ids.lessonId)
    .replace(/:id\b/, url.startsWith('/api/files/') ? ids.fileId : MISSING)
    .replace(/:\w+/g, MISSING);
}

describe('authorization matrix', () => {
  it('has a row for every route the server registers, and no row for a route that is gone', async () => {
    await t.app.ready();
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(
      registered.filter((key) => !(key in matrix)),
      'routes without a row in the matrix',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((key) => !registered.includes(key)),
      'rows without a route',
    ).toEqual([]);
  });

  it('answers every route as the matrix says, for every kind of caller', async () => {
    const keys = Object.keys(matrix).filter((key) => key !== 'POST /api/auth/logout');
    const wrong: string[] = [];
    for (const persona of personas) {
      // Signing out would end the persona's session: it goes last.
      for (const key of [...keys, 'POST /api/auth/logout']) {
        const [method, url] = key.split(' ') as [string, string];
        const cookie = cookies[persona];
        const res = await t.app.inject({ method: method as 'GET', url: urlOf(url), headers: cookie ? { cookie } : {} });
        const want = expected(key, persona);
        if (res.statusCode !== want) wrong.push(`${persona} ${key} → ${res.statusCode}, expected ${want}: ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
