import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteStudentMessages } from '../../../common/students';
import { unzipArchive } from '../../platform/storage/zip';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { scalar } from '@test-support/http';
import {
  ADMIN,
  createUser,
  enroll,
  errorMessage,
  filesIn,
  seedCourse,
  tempDataDir,
  userId,
} from '@test-support/fixtures/users-and-courses';

/*
 * The student's data rights: downloading everything stored about them, and the tutor deleting
 * them completely. Each student here gets a row in every table that can hold one, written
 * straight into the database, so the export and the deletion are checked against all of it.
 */

/** The two files of a download: the parsed JSON and the readable page. */
function exportOf(zip: Buffer) {
  const files = unzipArchive(zip);
  return {
    files,
    data: JSON.parse(files.get('data.json')!.toString('utf8')),
    summary: files.get('summary.html')!.toString('utf8'),
  };
}

let t: TestContext;
let admin: string;
let dataDir: string;
let courseId: string;
let lessonId: string;

const SECRET_SOLUTION = 'REFERENCE-SOLUTION-never-exported';
const HIDDEN_INPUT = 'HIDDEN-TEST-INPUT-never-exported';
const HIDDEN_OUTPUT = 'HIDDEN-TEST-OUTPUT-never-exported';
const BYSTANDER = 'Bea Bystander <bea.bystander@example.com>';

type Person = { id: string; email: string; firstName: string; lastName: string; code: string; question: string; storageKey: string };

/** A student with a row in every table that can name one; the marks (code, question) are theirs alone. */
async function personWithEverything(firstName: string, lastName: string): Promise<Person> {
  const email = `${firstName}.${lastName}@example.com`.toLowerCase();
  const user = await createUser(t.db, email, { firstName, lastName });
  const q = (text: string, values: unknown[] = []) => t.pool.query(text, values);
  const id = user.id;
  const code = `console.log('${firstName} was here');`;
  const question = `Why does ${firstName}'s loop never end?`;
  await enroll(t.db, id, courseId);
  await q(`insert into lesson_progress (student_id, lesson_id, status, completed_at) values ($1, $2, 'completed', now())`, [id, lessonId]);
  await q(`insert into video_progress (student_id, lesson_id, position_seconds, watched_seconds) values ($1, $2, 12, 10)`, [id, lessonId]);
  const quiz = await scalar<string>(t.pool, 'select id::text from quizzes where lesson_id = $1', [lessonId]);
  await q(
    `insert into quiz_attempts (quiz_id, student_id, number, answers, results, correct_count, question_count, score, passed)
     values ($1, $2, 1, '[]', '[]', 1, 1, 100, true)`,
    [quiz, id],
  );
  const exercise = await scalar<string>(t.pool, 'select id::text from exercises where lesson_id = $1', [lessonId]);
  await q(`insert into exercise_drafts (student_id, exercise_id, code) values ($1, $2, $3)`, [id, exercise, code]);
  const submission = await scalar<string>(
    t.pool,
    `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, code, spec, status, verdict, passed_count, total_count, results, test_passed)
     values ($1, $2, $3, 'submit', $4, $5, 'done', 'passed', 1, 1, '[{"position":1,"hidden":true,"passed":true}]', '[{"position":1,"passed":true}]')
     returning id::text`,
    [exercise, lessonId, id, code, JSON.stringify({ tests: [{ input: HIDDEN_INPUT, expectedOutput: HIDDEN_OUTPUT, hidden: true }] })],
  );
  // The tutor's review of it: one sent comment (theirs to read) and one draft (not yet theirs).
  const review = await scalar<string>(
    t.pool,
    `insert into submission_reviews (submission_id, student_id, exercise_id, lesson_id, overall_comment, sent_at, send_count)
     values ($1, $2, $3, $4, $5, now(), 1) returning id::text`,
    [submission, id, exercise, lessonId, `Well done, ${firstName}.`],
  );
  await q(`insert into review_comments (review_id, line, body, sent_at) values ($1, 1, $2, now()), ($1, 1, 'DRAFT-never-exported', null)`, [
    review,
    `${firstName}: print the total once.`,
  ]);
  const conversation = await scalar<string>(
    t.pool,
    `insert into tutor_conversations (user_id, lesson_id, course_id) values ($1, $2, $3) returning id::text`,
    [id, lessonId, courseId],
  );
  await q(
    `insert into tutor_messages (conversation_id, role, content, hint_level, guard_outcome, withheld_content)
     values ($1, 'user', $2, 2, null, null), ($1, 'assistant', 'Look at the condition.', null, 'withheld', 'WITHHELD-never-exported')`,
    [conversation, question],
  );
  await q(`insert into ai_tutor_allowances (course_id, student_id, daily_messages) values ($1, $2, 7)`, [courseId, id]);
  await q(`insert into certificates (student_id, course_id) values ($1, $2)`, [id, courseId]);
  const thread = await scalar<string>(
    t.pool,
    `insert into question_threads (student_id, lesson_id, exercise_id, code) values ($1, $2, $3, $4) returning id::text`,
    [id, lessonId, exercise, code],
  );
  await q(`insert into question_messages (thread_id, author_id, body) values ($1, $2, $3)`, [thread, id, question]);
  await q(
    `insert into learning_events (student_id, lesson_id, type, seconds, occurred_at)
     values ($1, $2, 'lesson_opened', null, now()), ($1, $2, 'lesson_heartbeat', 30, now()), ($1, $2, 'tutorial_downloaded', null, now())`,
    [id, lessonId],
  );
  await q(
    `insert into learning_events_archive (student_id, lesson_id, type, hour, events, first_at, last_at)
     values ($1, $2, 'lesson_opened', date_trunc('hour', now() - interval '100 days'), 2, now() - interval '100 days', now() - interval '100 days')`,
    [id, lessonId],
  );
  await q(`insert into learning_event_budgets (student_id, tokens, refilled_at) values ($1, 10, now())`, [id]);
  await q(`insert into media_usage (user_id, helper, day, used) values ($1, 'speech', current_date, 2)`, [id]);
  await q(`insert into quiz_attempt_grants (quiz_id, student_id, extra_attempts) select id, $1, 2 from quizzes where lesson_id = $2`, [
    id,
    lessonId,
  ]);
  await q(`insert into user_notifications (user_id, kind, title, link) values ($1, 'reply', $2, '/course/x')`, [
    id,
    `${firstName}: your tutor replied`,
  ]);
  // A file they uploaded: the row, and its bytes in the storage folder.
  const storageKey = `${randomUUID()}.pdf`;
  await fs.mkdir(path.join(dataDir, 'files'), { recursive: true });
  await fs.writeFile(path.join(dataDir, 'files', storageKey), `%PDF-1.4 ${firstName}'s notes`);
  await q(
    `insert into files (storage_key, original_name, content_type, size_bytes, sha256, uploaded_by) values ($1, $2, 'application/pdf', 10, 'x', $3)`,
    [storageKey, `${lastName}-notes.pdf`, id],
  );
  // Mail: to them (waiting, and sent), and a digest to the tutor that lists them; their invitation; their reminder state.
  await q(
    `insert into mail_outbox (kind, user_id, recipient, subject, text_body) values ('approval', $1, $2, 'Your account has been approved', $3)`,
    [id, email, `Hello ${firstName}`],
  );
  await q(
    `insert into mail_outbox (kind, user_id, recipient, subject, text_body, sent_at) values ('enrolment', null, $1, 'You were enrolled', '', now())`,
    [email],
  );
  // Waiting mail to the tutor listing them beside someone else (as the registration digest and the weekly summary do).
  await q(
    `insert into mail_outbox (kind, recipient, subject, text_body, html_body) values ('registration-digest', 'admin@example.com', '2 new registrations', $1, $2)`,
    [
      `2 new students registered:\n\n• ${firstName} ${lastName} <${email}>\n• ${BYSTANDER}\n\nApprove or reject them.`,
      `<p>2 new students registered:</p><ul><li>${firstName} ${lastName} &lt;${email}&gt;</li><li>${BYSTANDER.replace('<', '&lt;').replace('>', '&gt;')}</li></ul>`,
    ],
  );
  await q(`insert into mail_outbox (kind, recipient, subject, text_body) values ('weekly-summary', 'admin@example.com', 'Your week', $1)`, [
    `Completions (2)\n• ${firstName} ${lastName}: Data Rights 101\n• Someone Else: Data Rights 101`,
  ]);
  await q(`insert into mail_outbox (kind, recipient, subject, text_body, sent_at) values ('summary', 'admin@example.com', $1, '', now())`, [
    `${firstName} ${lastName} completed a course`,
  ]);
  await q(
    `insert into invitations (email, first_name, last_name, course_ids, token_hash, expires_at, accepted_at)
     values ($1, $2, $3, array[$4::uuid], $5, now() + interval '14 days', now())`,
    [email, firstName, lastName, courseId, randomUUID()],
  );
  await q(`insert into reminder_state (user_id, last_reminded_at, due_reminders_off_at) values ($1, now(), now())`, [id]);
  // The calendar: the tutor's extension of their deadline, an overridden score, a reminder of a due date sent to them.
  await q(
    `insert into deadline_extensions (student_id, course_id, exercise_id, due_at, reason) values ($1, $2, $3, now() + interval '3 days', $4)`,
    [id, courseId, exercise, `${firstName} was ill`],
  );
  await q(`insert into grade_overrides (student_id, course_id, quiz_id, score, reason) values ($1, $2, $3, 90, $4)`, [
    id,
    courseId,
    quiz,
    `${firstName} answered orally`,
  ]);
  await q(`insert into due_reminders (student_id, exercise_id, due_at) values ($1, $2, now() + interval '1 day')`, [id, exercise]);
  return { id, email, firstName, lastName, code, question, storageKey };
}

beforeAll(async () => {
  dataDir = await tempDataDir();
  t = await createTestApp({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'error' } });
  admin = await t.signIn(ADMIN);
  const seeded = await seedCourse(t.db, { title: 'Data Rights 101', chapters: [{ title: 'Basics', lessons: [{ title: 'Loops' }] }] });
  courseId = seeded.course.id;
  lessonId = seeded.lessonIds[0]![0]!;
  await t.pool.query(`insert into quizzes (lesson_id) values ($1)`, [lessonId]);
  const exercise = await scalar<string>(
    t.pool,
    `insert into exercises (lesson_id, position, title, language, reference_solution) values ($1, 1, 'Count to ten', 'javascript', $2) returning id::text`,
    [lessonId, SECRET_SOLUTION],
  );
  await t.pool.query(
    `insert into exercise_tests (exercise_id, position, input, expected_output, hidden) values ($1, 1, $2, $3, true), ($1, 2, '1', '1', false)`,
    [exercise, HIDDEN_INPUT, HIDDEN_OUTPUT],
  );
});

describe('GET /api/me/data', () => {
  let zoe: Person;
  let yan: Person;
  let zoeCookie: string;
  let yanCookie: string;
  beforeAll(async () => {
    zoe = await personWithEverything('Zoe', 'Exportson');
    yan = await personWithEverything('Yan', 'Otherly');
    zoeCookie = await t.signIn(zoe.email);
    yanCookie = await t.signIn(yan.email);
  });

  it('downloads a ZIP of one JSON file of everything stored about the signed-in student, and a page a person reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/data', headers: { cookie: zoeCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d\d-\d\d\.zip"$/);
    const { data, files, summary } = exportOf(res.rawPayload);
    expect([...files.keys()]).toEqual(['data.json', 'summary.html']);
    // The readable page: the sections a person looks for, in words, with the times in UTC.
    expect(summary).toContain('<h1>Data of Zoe Exportson</h1>');
    expect(summary).toMatch(/<h2>Courses<\/h2><p class="meta">1 entry/);
    expect(summary).toContain('<td>Data Rights 101</td>');
    expect(summary).toMatch(/<h2>Code sent for grading<\/h2><p class="meta">1 entry/);
    expect(summary).toMatch(/<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z">\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/time>/);
    expect(summary).not.toContain(zoe.code);
    expect(data.format).toBe('student-data/1');
    expect(data.profile).toMatchObject({
      id: zoe.id,
      email: zoe.email,
      firstName: 'Zoe',
      lastName: 'Exportson',
      approvalStatus: 'approved',
    });
    expect(data.signIns).toHaveLength(1);
    expect(data.enrolments).toEqual([expect.objectContaining({ courseId, courseTitle: 'Data Rights 101' })]);
    expect(data.lessonProgress).toEqual([expect.objectContaining({ lessonId, lessonTitle: 'Loops', status: 'completed' })]);
    expect(data.videoProgress).toEqual([expect.objectContaining({ lessonId, watchedSeconds: 10 })]);
    expect(data.quizAttempts).toEqual([expect.objectContaining({ number: 1, score: 100, passed: true })]);
    expect(data.quizAttemptGrants).toEqual([expect.objectContaining({ lessonTitle: 'Loops', extraAttempts: 2 })]);
    expect(data.notifications).toEqual([expect.objectContaining({ kind: 'reply', title: 'Zoe: your tutor replied', readAt: null })]);
    expect(data.exerciseDrafts).toEqual([expect.objectContaining({ exerciseTitle: 'Count to ten', code: zoe.code })]);
    expect(data.exerciseSubmissions).toEqual([expect.objectContaining({ code: zoe.code, verdict: 'passed', passedCount: 1 })]);
    expect(data.tutorConversations).toHaveLength(1);
    expect(data.tutorConversations[0].messages.map((m: { content: string }) => m.content)).toEqual([
      zoe.question,
      'Look at the condition.',
    ]);
    type Guarded = { hintLevel: number | null; guardOutcome: string | null };
    expect(data.tutorConversations[0].messages.map((m: Guarded) => [m.hintLevel, m.guardOutcome])).toEqual([
      [2, null],
      [null, 'withheld'],
    ]);
    expect(res.body).not.toContain('WITHHELD-never-exported');
    expect(data.aiTutorAllowances).toEqual([expect.objectContaining({ courseTitle: 'Data Rights 101', dailyMessages: 7 })]);
    expect(data.questionThreads).toEqual([
      expect.objectContaining({ lessonTitle: 'Loops', exerciseTitle: 'Count to ten', code: zoe.code }),
    ]);
    expect(data.questionThreads[0].messages).toEqual([expect.objectContaining({ from: 'student', body: zoe.question })]);
    expect(data.submissionReviews).toEqual([
      expect.objectContaining({ exerciseTitle: 'Count to ten', lessonTitle: 'Loops', overallComment: 'Well done, Zoe.' }),
    ]);
    expect(data.submissionReviews[0].comments).toEqual([expect.objectContaining({ line: 1, body: 'Zoe: print the total once.' })]);
    expect(data.certificates).toEqual([expect.objectContaining({ courseTitle: 'Data Rights 101', revokedAt: null })]);
    expect(data.learningEvents.map((e: { type: string }) => e.type).sort()).toEqual([
      'lesson_heartbeat',
      'lesson_opened',
      'tutorial_downloaded',
    ]);
    expect(data.learningEventsArchived).toEqual([expect.objectContaining({ type: 'lesson_opened', events: 2 })]);
    expect(data.mediaUsage).toEqual([expect.objectContaining({ helper: 'speech', used: 2 })]);
    // Mail to them (not the tutor's digests that mention them), their reminder state, the invitation to their address.
    expect(data.mail.map((m: { kind: string }) => m.kind)).toEqual(['approval', 'enrolment']);
    expect(data.reminders).toEqual(expect.objectContaining({ unsubscribedAt: null, dueRemindersOffAt: expect.any(String) }));
    // The calendar's rows about them: their extended deadline, their overridden score, the reminders of due dates.
    expect(data.deadlineExtensions).toEqual([
      expect.objectContaining({ courseTitle: 'Data Rights 101', kind: 'exercise', itemTitle: 'Count to ten', reason: 'Zoe was ill' }),
    ]);
    expect(data.gradeOverrides).toEqual([
      expect.objectContaining({
        courseTitle: 'Data Rights 101',
        kind: 'quiz',
        itemTitle: 'Loops',
        score: 90,
        reason: 'Zoe answered orally',
      }),
    ]);
    expect(data.dueReminders).toEqual([expect.objectContaining({ kind: 'exercise', itemTitle: 'Count to ten' })]);
    expect(summary).toMatch(/<h2>Extended deadlines<\/h2><p class="meta">1 entry/);
    expect(summary).toContain('<td>Zoe was ill</td>');
    expect(summary).toMatch(/<h2>Scores set by the tutor<\/h2><p class="meta">1 entry/);
    expect(data.invitations).toEqual([expect.objectContaining({ acceptedAt: expect.any(String) })]);
  });

  it('writes every date and time in one format: ISO 8601 in UTC (a day as its date)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/data', headers: { cookie: zoeCookie } });
    const { data } = exportOf(res.rawPayload);
    const times: [string, unknown][] = [];
    const walk = (value: unknown, key: string) => {
      if (Array.isArray(value)) value.forEach((v) => walk(v, key));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
      else if (/At$|^hour$|^day$/.test(key)) times.push([key, value]);
    };
    walk(data, '');
    // Among them the tutor's reply in a question thread and a review comment, built in SQL.
    expect(times.map(([k]) => k)).toEqual(expect.arrayContaining(['exportedAt', 'createdAt', 'sentAt', 'hour', 'day']));
    for (const [key, value] of times) {
      if (value === null) continue;
      const format = key === 'day' ? /^\d{4}-\d\d-\d\d$/ : /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
      expect(`${key}: ${String(value)}`).toMatch(new RegExp(`^${key}: ${format.source.slice(1)}`));
    }
  });

  it('holds nothing of another student, no hidden test, no reference solution, no session token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/me/data?userId=${yan.id}&id=${yan.id}`, headers: { cookie: zoeCookie } });
    expect(res.statusCode).toBe(200);
    const mine = exportOf(res.rawPayload);
    const text = `${JSON.stringify(mine.data)}${mine.summary}`;
    expect(mine.data.profile.id).toBe(zoe.id);
    for (const foreign of [
      yan.id,
      yan.email,
      yan.lastName,
      yan.code,
      yan.question,
      SECRET_SOLUTION,
      HIDDEN_INPUT,
      HIDDEN_OUTPUT,
      'DRAFT-never-exported',
    ])
      expect(text, foreign).not.toContain(foreign);
    const tokenHashes = await t.pool.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [zoe.id]);
    for (const { token_hash } of tokenHashes.rows) expect(text).not.toContain(token_hash);

    // And the other student, asking, gets theirs only.
    const theirs = exportOf((await t.app.inject({ method: 'GET', url: '/api/me/data', headers: { cookie: yanCookie } })).rawPayload);
    expect(theirs.data.profile.id).toBe(yan.id);
    expect(`${JSON.stringify(theirs.data)}${theirs.summary}`).not.toContain(zoe.id);
    expect(JSON.stringify(theirs.data)).not.toContain(zoe.code);
  });

  it("gives the tutor a student's export, the same files, before a deletion; never the tutor's own or an unknown id", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/students/${zoe.id}/data`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="student-data-zoe-exportson-\d{4}-\d\d-\d\d\.zip"$/);
    const theirs = exportOf(res.rawPayload);
    expect(theirs.data.profile.id).toBe(zoe.id);
    expect(theirs.data.exerciseSubmissions).toEqual([expect.objectContaining({ code: zoe.code })]);
    expect(JSON.stringify(theirs.data)).not.toContain(SECRET_SOLUTION);
    const tutor = await userId(t.db, ADMIN);
    const refused = await t.app.inject({ method: 'GET', url: `/api/admin/students/${tutor}/data`, headers: { cookie: admin } });
    expect([refused.statusCode, errorMessage(refused)]).toEqual([400, DeleteStudentMessages.notAStudent]);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/admin/students/${randomUUID()}/data`, headers: { cookie: admin } });
    expect(unknown.statusCode).toBe(404);
    const student = await t.app.inject({ method: 'GET', url: `/api/admin/students/${yan.id}/data`, headers: { cookie: zoeCookie } });
    expect(student.statusCode).toBe(403);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/data' });
    expect(res.statusCode).toBe(401);
  });
});

/** Every row of every table in the public schema whose text (any column) contains one of the needles: table → count. */
async function rowsNaming(pool: pg.Pool, needles: string[]): Promise<Record<string, number>> {
  const tables = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const found: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const columns = await pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = $1 and data_type not in ('bytea') order by ordinal_position`,
      [table_name],
    );
    if (columns.rows.length === 0) continue;
    // The whole row as text: every column at once, whatever its type (uuid, text, jsonb, arrays).
    const conditions = needles.map((_, i) => `position(lower($${i + 1}) in lower(r::text)) > 0`).join(' or ');
    const res = await pool.query<{ n: number }>(`select count(*)::int as n from "${table_name}" r where ${conditions}`, needles);
    if (res.rows[0]!.n > 0) found[table_name] = res.rows[0]!.n;
  }
  return found;
}

const hourlyTotals = async () =>
  (
    await t.pool.query(
      `select coalesce(sum(opens), 0)::int as opens, coalesce(sum(visible_seconds), 0)::int as seconds,
              coalesce(sum(tutorial_downloads), 0)::int as downloads from analytics_hourly_totals`,
    )
  ).rows[0];

describe('DELETE /api/admin/students/:id', () => {
  it('deletes the student and every row that names them, their sessions, codes and uploaded file; aggregate counts stay', async () => {
    const vic = await personWithEverything('Vic', 'Forgetme');
    const wes = await personWithEverything('Wes', 'Staysput');
    const vicCookie = await t.signIn(vic.email); // a session, a sign-in code and rate-limit rows for the address
    await t.app.inject({ method: 'POST', url: '/api/auth/code', payload: { email: vic.email, purpose: 'login' } });
    const certificate = await scalar<string>(t.pool, 'select id::text from certificates where student_id = $1', [vic.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/certificates/${certificate}` })).statusCode).toBe(200);
    await t.pool.query('select analytics_fold()');
    const before = await hourlyTotals();
    const needles = [vic.id, vic.email, vic.lastName];
    expect(Object.keys(await rowsNaming(t.pool, needles)).length, 'the fixture names the student in many tables').toBeGreaterThan(15);
    const wesRows = await rowsNaming(t.pool, [wes.id]);
    const waiting = async () =>
      (
        await t.pool.query(
          `select kind, count(*)::int as n from mail_outbox where sent_at is null and recipient = 'admin@example.com' group by kind order by kind`,
        )
      ).rows;
    const waitingBefore = await waiting();
    expect(await filesIn(dataDir)).toContain(vic.storageKey);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/students/${vic.id}`, headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: { id: vic.id, fullName: 'Vic Forgetme' }, filesDeleted: 1 });

    expect(await rowsNaming(t.pool, needles)).toEqual({});
    // Their extension, overridden score and reminders of due dates went with them (the foreign keys cascade).
    for (const table of ['deadline_extensions', 'grade_overrides', 'due_reminders'])
      expect(await scalar<number>(t.pool, `select count(*)::int from ${table} where student_id = $1`, [vic.id]), table).toBe(0);
    expect(await scalar<number>(t.pool, `select count(*)::int from deadline_extensions where student_id = $1`, [wes.id])).toBe(1);
    // The tutor's waiting digests and summaries still tell of the others they list: none was dropped,
    // and the deleted student's digest now lists the bystander alone.
    expect(await waiting(), 'no waiting digest or summary was dropped').toEqual(waitingBefore);
    const alone = await t.pool.query(
      `select 1 from mail_outbox where kind = 'registration-digest' and text_body like '%Bea Bystander%'
         and text_body not like '%•%•%' and html_body not like '%<li>%<li>%' and html_body like '%<li>Bea Bystander &lt;%'`,
    );
    expect(alone.rowCount).toBe(1);
    expect(await filesIn(dataDir)).not.toContain(vic.storageKey);
    expect(await filesIn(dataDir)).toContain(wes.storageKey);
    expect(await rowsNaming(t.pool, [wes.id]), 'the other student keeps every row').toEqual(wesRows);
    // The platform-wide hourly counts name no one: they keep the student's activity.
    await t.pool.query('select analytics_fold()');
    expect(await hourlyTotals()).toEqual(before);
    // Signed out everywhere; their certificate no longer verifies.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: vicCookie } })).statusCode).toBe(401);
    const check = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificate}` });
    expect(check.statusCode).toBe(404);

    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/students/${vic.id}`, headers: { cookie: admin } });
    expect(again.statusCode).toBe(404);
    expect(errorMessage(again)).toBe('Student not found. They may have been deleted already.');
  });

  it('refuses the administrator, an unknown or malformed id, and a caller who is not the administrator', async () => {
    const adminId = await userId(t.db, ADMIN);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/students/${adminId}`, headers: { cookie: admin } });
    expect(refused.statusCode).toBe(400);
    expect(errorMessage(refused)).toBe('Only student accounts can be deleted here; the administrator account cannot be deleted.');
    expect(await scalar<number>(t.pool, 'select count(*)::int from users where id = $1', [adminId])).toBe(1);

    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/students/${id}`, headers: { cookie: admin } });
      expect(res.statusCode).toBe(404);
    }

    const ula = await createUser(t.db, 'ula.keeper@example.com', { firstName: 'Ula' });
    const cookie = await t.signIn(ula.email);
    const self = await t.app.inject({ method: 'DELETE', url: `/api/admin/students/${ula.id}`, headers: { cookie } });
    expect(self.statusCode).toBe(403);
    expect(await scalar<number>(t.pool, 'select count(*)::int from users where id = $1', [ula.id])).toBe(1);
  });

  it('a failure part-way through deletes nothing and keeps the stored file', async () => {
    const tom = await personWithEverything('Tom', 'Halfway');
    await t.pool.query(`
      create function fail_delete() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$;
      create trigger fail_delete before delete on certificates for each row when (old.student_id = '${tom.id}') execute function fail_delete();`);
    try {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/students/${tom.id}`, headers: { cookie: admin } });
      expect(res.statusCode).toBe(500);
      expect(await scalar<number>(t.pool, 'select count(*)::int from users where id = $1', [tom.id])).toBe(1);
      expect(await scalar<number>(t.pool, 'select count(*)::int from files where uploaded_by = $1', [tom.id])).toBe(1);
      expect(await filesIn(dataDir)).toContain(tom.storageKey);
    } finally {
      await t.pool.query('drop trigger fail_delete on certificates; drop function fail_delete()');
    }
  });
});
