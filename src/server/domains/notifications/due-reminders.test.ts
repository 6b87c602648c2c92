import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatInZone } from '../../../common/calendar';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { HOUR, rows, scalar } from '@test-support/http';
import { ADMIN, createUser, enroll, seedCourse } from '@test-support/fixtures/users-and-courses';

/*
 * The reminder of a due date: a day before an exercise or quiz is due, a student who has not met it gets one mail
 * (through the outbox) listing what is due, once per item and due date, with a link that turns these reminders off.
 * The job runs hourly; here it is called on a fixed clock.
 */

let clock = Date.parse('2026-03-09T08:00:00Z');
const at = (ms: number) => new Date(clock + ms).toISOString();
let t: TestContext;
let admin: string;
let courseId: string;
let sumId: string;
let lessonOf: Record<string, string>;
const people: Record<'ann' | 'bo' | 'cy' | 'dee', string> = {} as never;

const ZONE = 'Europe/Berlin';

type OutboxRow = { recipient: string; subject: string; text_body: string; html_body: string; unsubscribe_url: string };
/** The reminders of due dates queued since the last look, by recipient. */
let seen = 0;
async function newReminders(): Promise<OutboxRow[]> {
  const all = await rows<OutboxRow>(
    t.pool,
    `select recipient, subject, text_body, html_body, unsubscribe_url from mail_outbox where kind = 'due-reminder' order by created_at, recipient`,
  );
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh.sort((a, b) => a.recipient.localeCompare(b.recipient));
}
const send = () => t.app.services.notifications.sendDueReminders();

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await t.signIn(ADMIN);
  await t.pool.query(`update school_settings set time_zone = $1 where id = 1`, [ZONE]);
  const seeded = await seedCourse(t.db, {
    title: 'Due Course',
    chapters: [
      { title: 'Week 1', lessons: [{ title: 'Loops' }, { title: 'Arrays' }] },
      { title: 'Week 2', lessons: [{ title: 'Pointers' }] },
    ],
  });
  courseId = seeded.course.id;
  const [loops, arrays] = seeded.lessonIds[0]!;
  const pointers = seeded.lessonIds[1]![0]!;
  lessonOf = { loops: loops!, arrays: arrays!, pointers };
  // Sum is due in 12 hours, the quiz of Arrays in 30; Week 2 opens 3 days after each enrollment, its exercise due in 20 hours.
  sumId = await scalar<string>(
    t.pool,
    `insert into exercises (lesson_id, position, title, language, reference_solution, due_at)
     values ($1, 1, 'Sum', 'javascript', 'x', $2) returning id::text`,
    [loops, at(12 * HOUR)],
  );
  await t.pool.query(`insert into quizzes (lesson_id, due_at) values ($1, $2)`, [arrays, at(30 * HOUR)]);
  await t.pool.query(`update chapters set release_after_days = 3 where id = $1`, [seeded.chapterIds[1]]);
  await t.pool.query(
    `insert into exercises (lesson_id, position, title, language, reference_solution, due_at) values ($1, 1, 'Locked', 'javascript', 'x', $2)`,
    [pointers, at(20 * HOUR)],
  );
  // A course not published: nothing of it is reminded.
  const hidden = await seedCourse(t.db, {
    title: 'Draft Course',
    isPublished: false,
    chapters: [{ title: 'W', lessons: [{ title: 'Draft' }] }],
  });
  await t.pool.query(
    `insert into exercises (lesson_id, position, title, language, reference_solution, due_at) values ($1, 1, 'Draft work', 'javascript', 'x', $2)`,
    [hidden.lessonIds[0]![0], at(6 * HOUR)],
  );
  for (const [key, approvalStatus] of [
    ['ann', 'approved'],
    ['bo', 'approved'],
    ['cy', 'approved'],
    ['dee', 'pending'],
  ] as const) {
    const u = await createUser(t.db, `${key}.due@example.com`, { firstName: key.toUpperCase(), approvalStatus });
    people[key] = u.id;
    await enroll(t.db, u.id, courseId);
    await enroll(t.db, u.id, hidden.course.id);
  }
  // Ann tried Sum and failed (not met); Bo passed it (met).
  const submit = (studentId: string, verdict: 'passed' | 'failed') =>
    t.pool.query(
      `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, code, spec, status, verdict, passed_count, total_count)
       values ($1, $2, $3, 'submit', 'x', '{}', 'done', $4, 0, 1)`,
      [sumId, loops, studentId, verdict],
    );
  await submit(people.ann, 'failed');
  await submit(people.bo, 'passed');
});

describe('reminders of due dates', () => {
  it('reminds each student once, a day before, of what they have not met, in the school time zone', async () => {
    expect(await send()).toBe(2);
    const first = await newReminders();
    // Ann (failed is not met) and Cy; not Bo (passed), not Dee (not approved); nothing of the draft course or the locked chapter.
    expect(first.map((m) => m.recipient)).toEqual(['ann.due@example.com', 'cy.due@example.com']);
    const ann = first[0]!;
    expect(ann.subject).toBe('Due soon: Sum');
    expect(ann.text_body).toContain(`Sum (Due Course): Due ${formatInZone(at(12 * HOUR), ZONE)}`);
    expect(ann.text_body).toContain(`/course/${courseId}?lesson=${lessonOf.loops}`);
    expect(ann.text_body).not.toMatch(/Quiz|Locked|Draft/);
    expect(ann.html_body).toContain('Stop reminders of due dates');
    expect(ann.unsubscribe_url).toMatch(/\/unsubscribe\/[0-9a-f-]{36}[A-Za-z0-9_-]{43}\?reminders=due$/);
    // The same hour again, or two instances at once: nothing more.
    expect(await send()).toBe(0);
    expect(await Promise.all([send(), send()])).toEqual([0, 0]);
    expect(await newReminders()).toEqual([]);
    expect(await scalar<number>(t.pool, `select count(*)::int from due_reminders`)).toBe(2);
  });

  it("a student's own link turns off only these reminders; a moved due date is reminded again; the tutor can turn them off", async () => {
    const cyLink = (
      await rows<{ unsubscribe_url: string }>(t.pool, `select unsubscribe_url from mail_outbox where recipient = 'cy.due@example.com'`)
    )[0]!.unsubscribe_url;
    const token = cyLink.split('/unsubscribe/')[1]!.split('?')[0]!;
    const off = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}?reminders=due` });
    expect(off.json()).toEqual({ firstName: 'CY', unsubscribed: true });
    const status = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}${query}` })).json();
    expect(await status('?reminders=due')).toEqual({ firstName: 'CY', unsubscribed: true });
    // Every other reminder stays on.
    expect(await status('')).toEqual({ firstName: 'CY', unsubscribed: false });

    // 20 hours on: the quiz falls due within a day for all three; Cy turned them off; Dee is still pending.
    clock += 20 * HOUR;
    await send();
    const quiz = await newReminders();
    expect(quiz.map((m) => m.recipient)).toEqual(['ann.due@example.com', 'bo.due@example.com']);
    expect(quiz[0]!.subject).toBe('Due soon: Quiz: Arrays');
    expect(quiz[0]!.text_body).not.toContain('Sum');

    // The tutor extends Ann's Sum to tomorrow morning: a new due date, reminded again (hers only).
    const extended = await t.app.inject({
      method: 'POST',
      url: '/api/admin/extensions',
      headers: { cookie: (admin = await t.signIn(ADMIN)) },
      payload: { studentIds: [people.ann], courseId, exerciseId: sumId, dueAt: at(10 * HOUR) },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    await send();
    expect((await newReminders()).map((m) => [m.recipient, m.subject])).toEqual([['ann.due@example.com', 'Due soon: Sum']]);

    // The tutor's switch: off, nothing goes even for a new due date.
    const settings = (await t.app.inject({ method: 'GET', url: '/api/admin/notification-settings', headers: { cookie: admin } })).json();
    expect(settings.settings.dueReminders).toBe(true);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/notification-settings',
      headers: { cookie: admin },
      payload: { ...settings.settings, dueReminders: false },
    });
    expect(saved.json().settings.dueReminders).toBe(false);
    await t.db.execute(sql`update exercises set due_at = ${at(5 * HOUR)}::timestamptz where id = ${sumId}`);
    expect(await send()).toBe(0);
    expect(await newReminders()).toEqual([]);
    // Rows of every reminder sent, per student, item and due date.
    expect(await scalar<number>(t.pool, `select count(*)::int from due_reminders`)).toBe(5);
  });
});
