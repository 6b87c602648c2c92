import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import {
  REVIEW_COMMENT_MAX_BYTES,
  ReviewMessages,
  type LessonFeedbackResponse,
  type SameCodeResponse,
  type SavedCommentsResponse,
  type TutorReview,
  type TutorReviewResponse,
} from '../../../common/reviews';

/*
 * The tutor's review of a submission with line comments: drafts the student does not see, 'Send Feedback' (which
 * tells the student in the app and by e-mail, once per send), 'Saved Comments', the same comment sent to every student
 * whose latest submission is the same code, and the student reading only their own sent feedback. Submissions are
 * written straight into the database, as the grading worker leaves them.
 */

let t: TestContext;
let admin: string;
let courseId: string, lessonId: string, exerciseId: string;
type Student = { id: string; email: string; cookie: string };
let alice: Student, bob: Student, carol: Student, dave: Student;

const CODE = 'const a = 1;\nconst b = 2;\nconsole.log(a + b);\n';

async function student(email: string, firstName: string): Promise<Student> {
  const u = await createUser(t.db, email, { firstName, lastName: 'Coder' });
  await enroll(t.db, u.id, courseId);
  return { id: u.id, email, cookie: await t.signIn(email) };
}

type SubmissionSeed = {
  user: string;
  code?: string;
  purpose?: 'run' | 'submit' | 'reference';
  preview?: boolean;
  status?: string;
  at?: string;
};
async function submission(s: SubmissionSeed): Promise<string> {
  const done = (s.status ?? 'done') === 'done';
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, preview, code, status, verdict, passed_count, total_count, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 0, 1, coalesce($9::timestamptz, now())) returning id`,
    [
      exerciseId,
      lessonId,
      s.user,
      s.purpose ?? 'submit',
      s.preview ?? false,
      s.code ?? CODE,
      s.status ?? 'done',
      done ? 'failed' : null,
      s.at ?? null,
    ],
  );
  return rows[0]!.id;
}

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie = admin, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const reviewUrl = (submissionId: string) => `/api/admin/submissions/${submissionId}/review`;
const addComment = (submissionId: string, line: number, body: string, cookie = admin) =>
  inject('POST', `${reviewUrl(submissionId)}/comments`, cookie, { line, body });
const send = (submissionId: string, overallComment?: string) =>
  inject('POST', `${reviewUrl(submissionId)}/send`, admin, overallComment === undefined ? {} : { overallComment });
const feedback = async (who: Student, lesson = lessonId) => {
  const res = await inject('GET', `/api/lessons/${lesson}/feedback`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LessonFeedbackResponse>().reviews;
};
const unseen = async (who: Student) =>
  (await inject('GET', '/api/me/feedback/unseen', who.cookie)).json<{ lessonIds: string[] }>().lessonIds;
const count = async (table: string) => (await t.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
const notices = async (userId: string) =>
  (
    await t.pool.query<{ title: string; body: string; link: string }>(
      `select title, body, link from user_notifications where user_id = $1 and kind = 'feedback' order by created_at`,
      [userId],
    )
  ).rows;
const mails = async (email: string) =>
  (
    await t.pool.query<{ dedupe_key: string }>(
      `select dedupe_key from mail_outbox where kind = 'feedback' and recipient = $1 order by created_at`,
      [email],
    )
  ).rows.map((r) => r.dedupe_key);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
  const seeded = await seedCourse(t.db, {
    title: 'Scripting',
    chapters: [{ title: 'Basics', lessons: [{ title: 'Sums' }, { title: 'Loops' }] }],
  });
  courseId = seeded.course.id;
  lessonId = seeded.lessonIds[0]![0]!;
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into exercises (lesson_id, position, title, language, reference_solution) values ($1, 1, 'Add them up', 'javascript', 'console.log(3)') returning id`,
    [lessonId],
  );
  exerciseId = rows[0]!.id;
  alice = await student('reviews-alice@example.com', 'Alice');
  bob = await student('reviews-bob@example.com', 'Bob');
  carol = await student('reviews-carol@example.com', 'Carol');
  dave = await student('reviews-dave@example.com', 'Dave');
});

beforeEach(async () => {
  await t.pool.query('delete from submission_reviews');
  await t.pool.query('delete from exercise_submissions');
  await t.pool.query('delete from user_notifications');
  await t.pool.query(`delete from mail_outbox where kind = 'feedback'`);
});

describe('drafts and Send Feedback', () => {
  it('keeps comments as drafts the student does not see, several on a line, editable and deletable', async () => {
    const sub = await submission({ user: alice.id });
    expect((await inject('GET', reviewUrl(sub))).json<TutorReviewResponse>().review).toBeNull();
    const first = await addComment(sub, 2, 'Why **two** constants?');
    expect(first.statusCode, first.body).toBe(201);
    const second = await addComment(sub, 2, 'Name them after what they hold.');
    const third = await addComment(sub, 3, 'Good use of `console.log`.');
    const review = third.json<TutorReview>();
    expect(review.comments.map((c) => [c.line, c.body, c.sentAt])).toEqual([
      [2, 'Why **two** constants?', null],
      [2, 'Name them after what they hold.', null],
      [3, 'Good use of `console.log`.', null],
    ]);
    expect(review.sentAt).toBeNull();
    expect(second.statusCode).toBe(201);

    // The student sees nothing yet, and was told nothing.
    expect(await feedback(alice)).toEqual([]);
    expect(await unseen(alice)).toEqual([]);
    expect(await notices(alice.id)).toEqual([]);

    const [c1, c2] = review.comments;
    const edited = await inject('PATCH', `/api/admin/review-comments/${c1!.id}`, admin, { body: 'Why two constants here?' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TutorReview>().comments[0]!.body).toBe('Why two constants here?');
    const deleted = await inject('DELETE', `/api/admin/review-comments/${c2!.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<TutorReview>().comments.map((c) => c.body)).toEqual(['Why two constants here?', 'Good use of `console.log`.']);
  });

  it('sends the comments and the overall comment, notifies the student once per send, and marks the lesson until seen', async () => {
    const sub = await submission({ user: alice.id });
    await addComment(sub, 3, 'Print the **sum** only.');
    const saved = await inject('PUT', reviewUrl(sub), admin, { overallComment: 'Nearly there.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TutorReview>()).toMatchObject({ overallComment: '', draftOverallComment: 'Nearly there.' });
    expect(await feedback(alice)).toEqual([]);

    const sent = await send(sub);
    expect(sent.statusCode, sent.body).toBe(200);
    const review = sent.json<TutorReview>();
    expect(review).toMatchObject({ overallComment: 'Nearly there.', draftOverallComment: null, sendCount: 1 });
    expect(review.sentAt).not.toBeNull();
    expect(review.comments[0]!.sentAt).not.toBeNull();

    const [seen] = await feedback(alice);
    expect(seen).toMatchObject({ submissionId: sub, exerciseId, code: CODE, overallComment: 'Nearly there.', seen: false, mode: 'submit' });
    expect(seen!.comments.map((c) => [c.line, c.body])).toEqual([[3, 'Print the **sum** only.']]);
    expect(await unseen(alice)).toEqual([lessonId]);
    expect(await notices(alice.id)).toEqual([
      { title: ReviewMessages.notificationTitle('Add them up'), body: 'Nearly there.', link: `/course/${courseId}?lesson=${lessonId}` },
    ]);
    expect(await mails(alice.email)).toEqual([`feedback:${review.id}:1`]);

    // Opening it takes the mark away.
    expect((await inject('POST', `/api/reviews/${review.id}/seen`, alice.cookie)).statusCode).toBe(204);
    expect(await unseen(alice)).toEqual([]);
    expect((await feedback(alice))[0]!.seen).toBe(true);

    // A sent comment stays as the student read it; the overall comment now goes with the next send.
    const sentComment = review.comments[0]!.id;
    const editSent = await inject('PATCH', `/api/admin/review-comments/${sentComment}`, admin, { body: 'changed' });
    expect(editSent.statusCode).toBe(409);
    expect(errorMessage(editSent)).toBe(ReviewMessages.commentAlreadySent);
    expect((await inject('DELETE', `/api/admin/review-comments/${sentComment}`)).statusCode).toBe(409);
    const lateDraft = await inject('PUT', reviewUrl(sub), admin, { overallComment: 'Changed my mind.' });
    expect(lateDraft.statusCode).toBe(409);
    expect(errorMessage(lateDraft)).toBe(ReviewMessages.overallAlreadySent);

    // More comments after the send are drafts until the next send, which tells the student again.
    await addComment(sub, 1, 'Use `let` only when it changes.');
    expect((await feedback(alice))[0]!.comments).toHaveLength(1);
    const again = await send(sub);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TutorReview>().sendCount).toBe(2);
    const after = await feedback(alice);
    expect(after[0]!.comments.map((c) => c.line)).toEqual([1, 3]);
    expect(after[0]!.seen).toBe(false);
    expect(await unseen(alice)).toEqual([lessonId]);
    expect((await notices(alice.id)).length).toBe(2);
    expect(await mails(alice.email)).toEqual([`feedback:${review.id}:1`, `feedback:${review.id}:2`]);
  });

  it('sends a review with only an overall comment, with the overall comment written in the send form', async () => {
    const sub = await submission({ user: alice.id });
    const sent = await send(sub, 'Tidy, and correct.');
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await feedback(alice))[0]).toMatchObject({ overallComment: 'Tidy, and correct.', comments: [] });
    expect((await notices(alice.id))[0]!.body).toBe('Tidy, and correct.');
  });

  it('uses the first comment as the notice when there is no overall comment', async () => {
    const sub = await submission({ user: alice.id });
    await addComment(sub, 3, 'Second by line.');
    await addComment(sub, 1, 'First by line.');
    await send(sub);
    expect((await notices(alice.id))[0]!.body).toBe('First by line.');
  });

  it('refuses to send nothing, and writes nothing', async () => {
    const sub = await submission({ user: alice.id });
    const res = await send(sub);
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe(ReviewMessages.nothingToSend);
    expect(await count('submission_reviews')).toBe(0);
    expect(await notices(alice.id)).toEqual([]);
    await send(sub, 'Sent once.');
    const twice = await send(sub);
    expect(twice.statusCode).toBe(400);
    expect((await notices(alice.id)).length).toBe(1);
  });
});

describe('bad comments and submissions that cannot be reviewed', () => {
  it('refuses a line the submission does not have, an empty comment and one over 10 KB, writing nothing', async () => {
    const sub = await submission({ user: alice.id });
    const cases: [number, unknown, string][] = [
      [4, 'After the end', ReviewMessages.lineMissing(4, 3)],
      [0, 'Line zero', ReviewMessages.lineInvalid],
      [1.5, 'Half a line', ReviewMessages.lineInvalid],
      [1, '   \n ', ReviewMessages.commentEmpty],
      [1, 'x'.repeat(REVIEW_COMMENT_MAX_BYTES + 1), ReviewMessages.commentTooLong],
      // Bytes, not characters: 3,414 euro signs are 10,242 bytes.
      [1, '€'.repeat(3414), ReviewMessages.commentTooLong],
    ];
    for (const [line, body, message] of cases) {
      const res = await inject('POST', `${reviewUrl(sub)}/comments`, admin, { line, body });
      expect(res.statusCode, `${line} ${String(body).slice(0, 20)}`).toBe(400);
      expect(errorMessage(res)).toBe(message);
    }
    expect((await addComment(sub, 1, 'x'.repeat(REVIEW_COMMENT_MAX_BYTES))).statusCode).toBe(201);
    expect(await count('review_comments')).toBe(1);
    const tooLongOverall = await send(sub, 'y'.repeat(REVIEW_COMMENT_MAX_BYTES + 1));
    expect(tooLongOverall.statusCode).toBe(400);
    expect(errorMessage(tooLongOverall)).toBe(ReviewMessages.overallTooLong);
    expect((await inject('GET', reviewUrl(sub))).json<TutorReviewResponse>().review!.sentAt).toBeNull();
  });

  it('refuses the tutor’s reference check, a preview, an attempt still being graded, and an unknown submission', async () => {
    const adminId = (await t.pool.query<{ id: string }>(`select id from users where email = $1`, [ADMIN])).rows[0]!.id;
    const notReviewable = [
      await submission({ user: adminId, purpose: 'reference' }),
      await submission({ user: adminId, preview: true }),
      await submission({ user: alice.id, preview: true }),
      await submission({ user: alice.id, status: 'queued' }),
    ];
    for (const sub of notReviewable) {
      for (const res of [await addComment(sub, 1, 'Hello'), await send(sub, 'Hi'), await inject('GET', reviewUrl(sub))]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(errorMessage(res)).toBe(ReviewMessages.notReviewable);
      }
    }
    const missing = await addComment('00000000-0000-4000-8000-000000000000', 1, 'Hello');
    expect(missing.statusCode).toBe(404);
    expect((await addComment('not-a-uuid', 1, 'Hello')).statusCode).toBe(404);
    expect(await count('submission_reviews')).toBe(0);
    expect(await count('review_comments')).toBe(0);
  });

  it('lets a Run be reviewed as well as a Submit', async () => {
    const run = await submission({ user: alice.id, purpose: 'run' });
    expect((await addComment(run, 1, 'Try the edge case.')).statusCode).toBe(201);
    await send(run);
    expect((await feedback(alice))[0]!.mode).toBe('run');
  });
});

describe('permissions', () => {
  it('lets only the tutor review, keep saved comments and broadcast', async () => {
    const sub = await submission({ user: alice.id });
    const commentId = (await addComment(sub, 1, 'Draft')).json<TutorReview>().comments[0]!.id;
    for (const [method, url, payload] of [
      ['GET', reviewUrl(sub)],
      ['PUT', reviewUrl(sub), { overallComment: 'x' }],
      ['POST', `${reviewUrl(sub)}/comments`, { line: 1, body: 'x' }],
      ['POST', `${reviewUrl(sub)}/send`, {}],
      ['PATCH', `/api/admin/review-comments/${commentId}`, { body: 'x' }],
      ['DELETE', `/api/admin/review-comments/${commentId}`],
      ['GET', `/api/admin/submissions/${sub}/same-code`],
      ['POST', `/api/admin/submissions/${sub}/same-code/comments`, { line: 1, body: 'x' }],
      ['GET', '/api/admin/saved-comments'],
      ['POST', '/api/admin/saved-comments', { body: 'x' }],
      ['DELETE', `/api/admin/saved-comments/${commentId}`],
    ] as const) {
      const res = await inject(method, url, alice.cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const review = (await inject('GET', reviewUrl(sub))).json<TutorReviewResponse>().review!;
    expect(review.comments.map((c) => c.body)).toEqual(['Draft']);
    expect(review.sentAt).toBeNull();
  });

  it('shows a student only their own sent feedback: never a draft, never another student’s', async () => {
    const mine = await submission({ user: alice.id });
    const theirs = await submission({ user: bob.id });
    await addComment(mine, 1, 'For Alice.');
    await addComment(theirs, 1, 'For Bob.');
    const bobReview = (await send(theirs)).json<TutorReview>();
    const aliceDraft = (await inject('GET', reviewUrl(mine))).json<TutorReviewResponse>().review!;

    expect(await feedback(alice)).toEqual([]);
    expect(await unseen(alice)).toEqual([]);
    expect((await feedback(bob)).map((r) => r.comments[0]!.body)).toEqual(['For Bob.']);
    // Marking another's review, or a draft (even one's own), is not found; nothing changes.
    const foreign = await inject('POST', `/api/reviews/${bobReview.id}/seen`, alice.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(errorMessage(foreign)).toBe(ReviewMessages.reviewNotFound);
    expect((await inject('POST', `/api/reviews/${aliceDraft.id}/seen`, alice.cookie)).statusCode).toBe(404);
    expect(await unseen(bob)).toEqual([lessonId]);
    // Another lesson's feedback list is empty, and the tutor's own (in preview) is too.
    const otherLesson = (await t.pool.query<{ id: string }>(`select id from lessons where title = 'Loops'`)).rows[0]!.id;
    expect(await feedback(bob, otherLesson)).toEqual([]);
    const tutorView = await inject('GET', `/api/lessons/${lessonId}/feedback`);
    expect(tutorView.json<LessonFeedbackResponse>().reviews).toEqual([]);
  });
});

describe('Saved Comments', () => {
  it('saves, lists newest first and deletes comments of the bank', async () => {
    await t.pool.query('delete from saved_comments');
    const a = await inject('POST', '/api/admin/saved-comments', admin, { body: 'Check the loop bounds.' });
    expect(a.statusCode, a.body).toBe(201);
    await inject('POST', '/api/admin/saved-comments', admin, { body: 'Name things for what they hold.' });
    const list = (await inject('GET', '/api/admin/saved-comments')).json<SavedCommentsResponse>().comments;
    expect(list.map((c) => c.body)).toEqual(['Name things for what they hold.', 'Check the loop bounds.']);
    const empty = await inject('POST', '/api/admin/saved-comments', admin, { body: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorMessage(empty)).toBe(ReviewMessages.commentEmpty);
    expect((await inject('POST', '/api/admin/saved-comments', admin, { body: 'z'.repeat(REVIEW_COMMENT_MAX_BYTES + 1) })).statusCode).toBe(
      400,
    );
    expect((await inject('DELETE', `/api/admin/saved-comments/${a.json<{ id: string }>().id}`)).statusCode).toBe(204);
    const missing = await inject('DELETE', `/api/admin/saved-comments/${a.json<{ id: string }>().id}`);
    expect(missing.statusCode).toBe(404);
    expect(errorMessage(missing)).toBe(ReviewMessages.savedCommentNotFound);
    expect(await count('saved_comments')).toBe(1);
  });
});

describe('the same comment to every student with the same code', () => {
  it('counts and reaches the other students whose latest submission is the same code, at the matching line', async () => {
    const source = await submission({ user: alice.id, code: CODE });
    // Bob: the same code with comments and another layout; his comment lands on his line that holds the sum.
    const bobCode = '// my answer\nconst a = 1;   const b = 2;\n\n/* print it */\nconsole.log(a + b);';
    const bobs = await submission({ user: bob.id, code: bobCode });
    // Carol: different code. Dave: the same code once, but his latest is different.
    await submission({ user: carol.id, code: 'console.log(3);' });
    await submission({ user: dave.id, code: CODE, at: '2026-01-01T00:00:00Z' });
    await submission({ user: dave.id, code: 'console.log(1 + 2);', at: '2026-01-02T00:00:00Z' });
    // A draft comment Bob's review already had stays a draft.
    await addComment(bobs, 1, 'Bob only, not sent.');

    const reach = await inject('GET', `/api/admin/submissions/${source}/same-code`);
    expect(reach.statusCode, reach.body).toBe(200);
    expect(reach.json<SameCodeResponse>().students).toEqual([{ studentId: bob.id, name: 'Bob Coder' }]);

    const sent = await inject('POST', `/api/admin/submissions/${source}/same-code/comments`, admin, {
      line: 3,
      body: 'Print the sum with a label.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: 1 });
    const [bobSees] = await feedback(bob);
    expect(bobSees!.submissionId).toBe(bobs);
    expect(bobSees!.comments.map((c) => [c.line, c.body])).toEqual([[5, 'Print the sum with a label.']]);
    expect(await notices(bob.id)).toHaveLength(1);
    expect(await mails(bob.email)).toHaveLength(1);
    // Alice's own review is untouched (the broadcast is for the others), and so are Carol and Dave.
    expect((await inject('GET', reviewUrl(source))).json<TutorReviewResponse>().review).toBeNull();
    expect(await feedback(carol)).toEqual([]);
    expect(await feedback(dave)).toEqual([]);
  });

  it('checks the line against the submission the tutor is reading, and writes nothing for a bad comment', async () => {
    const source = await submission({ user: alice.id, code: CODE });
    await submission({ user: bob.id, code: CODE });
    const res = await inject('POST', `/api/admin/submissions/${source}/same-code/comments`, admin, { line: 9, body: 'x' });
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe(ReviewMessages.lineMissing(9, 3));
    expect((await inject('POST', `/api/admin/submissions/${source}/same-code/comments`, admin, { line: 1, body: '' })).statusCode).toBe(
      400,
    );
    expect(await count('submission_reviews')).toBe(0);
    expect(await notices(bob.id)).toEqual([]);
  });
});
