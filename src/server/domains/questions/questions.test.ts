import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse, userId } from '@test-support/fixtures/users-and-courses';
import { scalar } from '@test-support/http';
import {
  QUESTION_BODY_MAX_BYTES,
  QUESTION_THREADS_PER_DAY,
  QuestionMessages,
  type QuestionThreadDetail,
  type QuestionThreadList,
  type StudentQuestionThread,
} from '../../../common/questions';
import { mailOutbox, questionMessages, questionThreads, userNotifications } from '../../platform/db/schema/index';

/*
 * 'Ask Your Tutor': a student's question about a lesson with their exercise, code and latest result
 * attached; the tutor's list, reply and resolve; who may read and write what; and the refusals,
 * each with nothing written.
 */

const CODE = 'int main(void) {\n  return 1; // STUDENT_MARK\n}\n';
let t: TestContext;
let admin: string;
let adminId: string;
let courseId: string, lessonId: string, otherLessonId: string, unpublishedLessonId: string, exerciseId: string;
let zoe: { id: string; cookie: string };
let yan: { id: string; cookie: string };
let outsider: string;

const post = (cookie: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const ask = (cookie: string, payload: object, lesson = lessonId) => post(cookie, `/api/lessons/${lesson}/questions`, payload);
const counts = async () => ({
  threads: await scalar<number>(t.pool, 'select count(*)::int from question_threads'),
  messages: await scalar<number>(t.pool, 'select count(*)::int from question_messages'),
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
  adminId = await userId(t.db, ADMIN);
  const course = await seedCourse(t.db, {
    title: 'C Basics',
    chapters: [{ title: 'Ch', lessons: [{ title: 'Pointers' }, { title: 'Arrays' }] }],
  });
  courseId = course.course.id;
  [lessonId, otherLessonId] = course.lessonIds[0]! as [string, string];
  const hidden = await seedCourse(t.db, { isPublished: false, chapters: [{ title: 'Draft', lessons: [{ title: 'Soon' }] }] });
  unpublishedLessonId = hidden.lessonIds[0]![0]!;
  exerciseId = await scalar<string>(
    t.pool,
    `insert into exercises (lesson_id, position, title, statement, language, reference_solution)
     values ($1, 1, 'Return zero', 'Exit with status 0.', 'javascript', 'console.log(1);') returning id::text`,
    [lessonId],
  );
  await t.pool.query(`insert into exercise_tests (exercise_id, position, input, expected_output) values ($1, 1, '', '1')`, [exerciseId]);
  const z = await createUser(t.db, 'zoe.asks@example.com', { firstName: 'Zoe', lastName: 'Asker' });
  const y = await createUser(t.db, 'yan.asks@example.com', { firstName: 'Yan', lastName: 'Other' });
  await enroll(t.db, z.id, courseId);
  await enroll(t.db, y.id, courseId);
  await enroll(t.db, z.id, hidden.course.id);
  zoe = { id: z.id, cookie: await t.signIn(z.email) };
  yan = { id: y.id, cookie: await t.signIn(y.email) };
  outsider = await t.signIn((await createUser(t.db, 'not.enrolled@example.com')).email);
  // Zoe's latest graded submission: a failed run whose visible test shows, a hidden one only as failed.
  await t.pool.query(
    `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, code, status, verdict, passed_count, total_count, summary, results)
     values ($1, $2, $3, 'submit', $4, 'done', 'failed', 0, 2, '0 of 2 tests passed',
       '[{"position":1,"custom":false,"hidden":false,"passed":false,"status":"ok","message":null,"input":"","expectedOutput":"1\\n",
          "actualOutput":"","stderr":null,"exitCode":1,"match":null,"timeMs":3},
         {"position":2,"custom":false,"hidden":true,"passed":false,"status":null,"message":null,"input":null,"expectedOutput":null,
          "actualOutput":null,"stderr":null,"exitCode":null,"match":null,"timeMs":null}]')`,
    [exerciseId, lessonId, zoe.id, CODE],
  );
}, 60_000);

describe('asking the tutor', () => {
  let threadId: string;

  it('opens a thread with the exercise, the draft and the latest result attached, and tells the tutor in the app and by e-mail', async () => {
    const res = await ask(zoe.cookie, { body: '  Why does my program exit with 1?  ', exerciseId, code: CODE });
    expect(res.statusCode, res.body).toBe(201);
    const thread = res.json<StudentQuestionThread>();
    threadId = thread.id;
    expect(thread).toMatchObject({
      status: 'unanswered',
      exerciseTitle: 'Return zero',
      messages: [{ from: 'student', body: 'Why does my program exit with 1?' }],
    });

    const [row] = await t.db.select().from(questionThreads).where(eq(questionThreads.id, threadId));
    expect(row).toMatchObject({ studentId: zoe.id, lessonId, exerciseId, code: CODE, aiConversationId: null });
    expect(row!.result).toMatchObject({ mode: 'submit', verdict: 'failed', passedCount: 0, totalCount: 2, summary: '0 of 2 tests passed' });
    expect(row!.awaitingTutorSince).not.toBeNull();

    const [notice] = await t.db.select().from(userNotifications).where(eq(userNotifications.userId, adminId));
    expect(notice).toMatchObject({
      kind: 'question',
      title: QuestionMessages.questionTitle('Zoe Asker', 'Pointers'),
      link: `/admin/questions/${threadId}`,
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, adminId));
    expect(mails.map((m) => m.kind)).toEqual(['question']);
  });

  it("lists the tutor's threads unanswered first with the count, and shows everything attached", async () => {
    const list = (await get(admin, '/api/admin/questions')).json<QuestionThreadList>();
    expect(list.unanswered).toBe(1);
    expect(list.threads[0]).toMatchObject({
      id: threadId,
      status: 'unanswered',
      studentName: 'Zoe Asker',
      lessonTitle: 'Pointers',
      courseTitle: 'C Basics',
    });
    expect((await get(admin, '/api/admin/questions/unanswered')).json()).toEqual({ unanswered: 1 });
    expect((await get(admin, '/api/admin/stats')).json()).toMatchObject({ unansweredQuestions: 1 });

    const detail = (await get(admin, `/api/admin/questions/${threadId}`)).json<QuestionThreadDetail>();
    expect(detail).toMatchObject({
      code: CODE,
      exercise: { id: exerciseId, title: 'Return zero', language: 'javascript' },
      aiConversation: null,
    });
    expect(detail.result!.tests.map((x) => [x.hidden, x.input])).toEqual([
      [false, ''],
      [true, null],
    ]);
  });

  it('lets only the student who asked read and follow up; others get 404 and nothing is written', async () => {
    expect((await get(zoe.cookie, `/api/lessons/${lessonId}/questions`)).json().threads).toHaveLength(1);
    expect((await get(yan.cookie, `/api/lessons/${lessonId}/questions`)).json().threads).toEqual([]);
    const before = await counts();
    const foreign = await post(yan.cookie, `/api/questions/${threadId}/messages`, { body: 'Me too' });
    expect(foreign.statusCode).toBe(404);
    expect(errorMessage(foreign)).toBe(QuestionMessages.threadNotFound);
    expect((await post(zoe.cookie, '/api/questions/not-a-uuid/messages', { body: 'Hi' })).statusCode).toBe(404);
    // Students never reach the tutor's side.
    expect((await get(zoe.cookie, `/api/admin/questions/${threadId}`)).statusCode).toBe(403);
    expect((await post(zoe.cookie, `/api/admin/questions/${threadId}/replies`, { body: 'I answer myself' })).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('replies: the thread is answered, the student reads it on the lesson and is told in the app and by e-mail', async () => {
    const quoted = '> ```\n>   return 1; // STUDENT_MARK\n> ```\n\nReturn 0 instead.';
    const res = await post(admin, `/api/admin/questions/${threadId}/replies`, { body: quoted });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<QuestionThreadDetail>();
    expect(detail.status).toBe('answered');
    const reply = detail.messages[1]!;
    expect(reply).toMatchObject({ from: 'tutor', body: quoted });
    expect((await get(admin, '/api/admin/questions/unanswered')).json()).toEqual({ unanswered: 0 });

    const mine = (await get(zoe.cookie, `/api/lessons/${lessonId}/questions`)).json<{ threads: StudentQuestionThread[] }>();
    expect(mine.threads[0]!.messages.map((m) => m.from)).toEqual(['student', 'tutor']);
    const [notice] = await t.db.select().from(userNotifications).where(eq(userNotifications.userId, zoe.id));
    expect(notice).toMatchObject({
      kind: 'reply',
      link: `/course/${courseId}?lesson=${lessonId}`,
      title: QuestionMessages.replyTitle('Pointers'),
    });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, zoe.id));
    expect(mail).toMatchObject({ kind: 'reply', dedupeKey: `reply:${reply.id}` });
  });

  it('resolves, and a follow-up by the student reopens the thread and tells the tutor again', async () => {
    expect((await post(admin, `/api/admin/questions/${threadId}/resolve`, {})).json().status).toBe('resolved');
    const res = await post(zoe.cookie, `/api/questions/${threadId}/messages`, { body: 'It still fails with 0.' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(questionThreads).where(eq(questionThreads.id, threadId));
    expect(row!.resolvedAt).toBeNull();
    expect(row!.awaitingTutorSince).not.toBeNull();
    const notices = await t.db
      .select()
      .from(userNotifications)
      .where(and(eq(userNotifications.userId, adminId), eq(userNotifications.kind, 'question')));
    expect(notices.map((n) => n.title)).toContain(QuestionMessages.followUpTitle('Zoe Asker', 'Pointers'));
  });

  it('orders unanswered threads newest first, then answered, then resolved', async () => {
    const answered = (await ask(yan.cookie, { body: 'What is a pointer?' })).json<StudentQuestionThread>().id;
    await post(admin, `/api/admin/questions/${answered}/replies`, { body: 'An address.' });
    const resolved = (await ask(yan.cookie, { body: 'And an array?' })).json<StudentQuestionThread>().id;
    await post(admin, `/api/admin/questions/${resolved}/resolve`, {});
    const newest = (await ask(yan.cookie, { body: 'One more thing' }, otherLessonId)).json<StudentQuestionThread>().id;
    const list = (await get(admin, '/api/admin/questions')).json<QuestionThreadList>();
    expect(list.threads.map((x) => x.id)).toEqual([newest, threadId, answered, resolved]);
    expect(list.threads.map((x) => x.status)).toEqual(['unanswered', 'unanswered', 'answered', 'resolved']);
    expect(list.unanswered).toBe(2);
  });
});

describe('refusals: a clear message and nothing written', () => {
  it('refuses an empty message, one over 10 KB, and code over the limit', async () => {
    const before = await counts();
    for (const payload of [{ body: '   ' }, { body: 'x'.repeat(QUESTION_BODY_MAX_BYTES + 1) }, {}]) {
      const res = await ask(zoe.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(errorMessage(res)).toMatch(/Write your message first|at most 10 KB/);
    }
    expect((await ask(zoe.cookie, { body: 'ok', exerciseId, code: 'x'.repeat(64 * 1024 + 1) })).statusCode).toBe(400);
    const thread = (await t.db.select().from(questionThreads).where(eq(questionThreads.studentId, zoe.id)))[0]!;
    const empty = await post(zoe.cookie, `/api/questions/${thread.id}/messages`, { body: '' });
    expect(errorMessage(empty)).toBe(QuestionMessages.bodyEmpty);
    const emptyReply = await post(admin, `/api/admin/questions/${thread.id}/replies`, { body: ' \n ' });
    expect(emptyReply.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("refuses a lesson the student cannot open, an exercise of another lesson, an AI conversation not theirs, and the tutor's own asking", async () => {
    const before = await counts();
    expect((await ask(outsider, { body: 'Hello?' })).statusCode).toBe(403);
    expect((await ask(zoe.cookie, { body: 'Hello?' }, unpublishedLessonId)).statusCode).toBe(404);
    expect((await get(outsider, `/api/lessons/${lessonId}/questions`)).statusCode).toBe(403);
    expect((await ask(zoe.cookie, { body: 'Hello?', exerciseId, code: CODE }, otherLessonId)).statusCode).toBe(404);

    const yansChat = await scalar<string>(
      t.pool,
      'insert into tutor_conversations (user_id, lesson_id, course_id) values ($1, $2, $3) returning id::text',
      [yan.id, lessonId, courseId],
    );
    const zoesOtherLessonChat = await scalar<string>(
      t.pool,
      'insert into tutor_conversations (user_id, lesson_id, course_id) values ($1, $2, $3) returning id::text',
      [zoe.id, otherLessonId, courseId],
    );
    for (const aiConversationId of [yansChat, zoesOtherLessonChat]) {
      const res = await ask(zoe.cookie, { body: 'See my chat', aiConversationId });
      expect(res.statusCode).toBe(404);
      expect(errorMessage(res)).toBe(QuestionMessages.conversationNotFound);
    }
    const tutorAsks = await ask(admin, { body: 'Hello?' });
    expect(tutorAsks.statusCode).toBe(403);
    expect(errorMessage(tutorAsks)).toBe(QuestionMessages.onlyStudentsAsk);
    expect(await counts()).toEqual(before);
  });

  it('attaches their own AI tutor conversation of the lesson, which the tutor then reads', async () => {
    const chat = await scalar<string>(
      t.pool,
      'insert into tutor_conversations (user_id, lesson_id, course_id) values ($1, $2, $3) returning id::text',
      [zoe.id, lessonId, courseId],
    );
    await t.pool.query(
      `insert into tutor_messages (conversation_id, role, content) values ($1, 'user', 'Why?'), ($1, 'assistant', 'Look at main.')`,
      [chat],
    );
    const res = await ask(zoe.cookie, { body: 'The AI tutor did not help', aiConversationId: chat });
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await get(admin, `/api/admin/questions/${res.json().id}`)).json<QuestionThreadDetail>();
    expect(detail.aiConversation!.messages.map((m) => m.content)).toEqual(['Why?', 'Look at main.']);
    expect(detail.exercise).toBeNull();
  });

  it(`refuses a student's ${QUESTION_THREADS_PER_DAY + 1}th new thread of the day with 429, while follow-ups still go`, async () => {
    const already = await scalar<number>(t.pool, 'select count(*)::int from question_threads where student_id = $1', [yan.id]);
    for (let i = already; i < QUESTION_THREADS_PER_DAY; i++) {
      await t.db.insert(questionThreads).values({ studentId: yan.id, lessonId });
    }
    const before = await counts();
    const res = await ask(yan.cookie, { body: 'One too many' });
    expect(res.statusCode).toBe(429);
    expect(errorMessage(res)).toBe(QuestionMessages.tooManyThreads);
    expect(await counts()).toEqual(before);
    const [own] = await t.db.select({ id: questionThreads.id }).from(questionThreads).where(eq(questionThreads.studentId, yan.id)).limit(1);
    expect((await post(yan.cookie, `/api/questions/${own!.id}/messages`, { body: 'Still here' })).statusCode).toBe(201);
    expect(await t.db.select().from(questionMessages).where(eq(questionMessages.body, 'Still here'))).toHaveLength(1);
  });
});
