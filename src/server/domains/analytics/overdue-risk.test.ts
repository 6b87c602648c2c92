import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '../../../common/analytics';
import { NotificationMessages as N } from '../../../common/notifications-texts';
import { analyticsApp, course, DAY, enrollAt, HOUR, student, type AnalyticsTestApp } from '@test-support/fixtures/analytics';

/*
 * What is due and what is late, in the tutor's figures: the risk factor 'Overdue work' (an exercise or quiz past the
 * student's own due date and not passed, by the SQL rule calendar_overdue) on the analytics page and in its CSV, and
 * the weekly summary's students at risk and due dates per course. Fixed clock: 2026-03-10 12:00 UTC.
 */

let t: AnalyticsTestApp;
let body: AnalyticsResponse;
const ids: Record<'ann' | 'bo' | 'cy' | 'dee', string> = {} as never;

const riskOf = (id: string) => body.learningVelocity.students.find((s) => s.student.id === id)?.riskFactors;

beforeAll(async () => {
  t = await analyticsApp();
  const at = (ms: number) => new Date(t.clock.getTime() + ms).toISOString();
  const c = await course(t.db, 'Risky', [3]);
  const [l1, l2, l3] = c.lessons as [string, string, string];
  // Sum (due 2 days ago), Tables (due in 3 days), and the quiz of lesson 3 (due yesterday).
  const exercise = async (lessonId: string, title: string, dueAt: string) =>
    (
      await t.db.execute<{ id: string }>(sql`
        insert into exercises (lesson_id, position, title, language, reference_solution, due_at)
        values (${lessonId}, 1, ${title}, 'javascript', 'x', ${dueAt}::timestamptz) returning id`)
    ).rows[0]!.id;
  const sum = await exercise(l1, 'Sum', at(-2 * DAY));
  await exercise(l2, 'Tables', at(3 * DAY));
  const quiz = (
    await t.db.execute<{ id: string }>(sql`insert into quizzes (lesson_id, due_at) values (${l3}, ${at(-DAY)}::timestamptz) returning id`)
  ).rows[0]!.id;
  const passSum = (studentId: string, when: string) =>
    t.db.execute(sql`
      insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, code, spec, status, verdict, passed_count, total_count, created_at)
      values (${sum}, ${l1}, ${studentId}, 'submit', 'x', '{}', 'done', 'passed', 1, 1, ${when}::timestamptz)`);
  const attempt = (studentId: string, passed: boolean, when: string) =>
    t.db.execute(sql`
      insert into quiz_attempts (quiz_id, student_id, number, answers, results, correct_count, question_count, score, passed, created_at)
      values (${quiz}, ${studentId}, 1, '[]', '[]', ${passed ? 1 : 0}, 1, ${passed ? 100 : 0}, ${passed}, ${when}::timestamptz)`);

  for (const key of ['ann', 'bo', 'cy'] as const) {
    ids[key] = await student(t.db, key[0]!.toUpperCase() + key.slice(1));
    await enrollAt(t.db, ids[key], c.id, t.ago(20 * DAY));
  }
  // Ann: nothing passed, and a failed attempt at the quiz: both past due, overdue.
  await attempt(ids.ann, false, at(-2 * HOUR));
  // Bo: Sum on time, the quiz passed late (12 hours after its due date): nothing overdue, one late this week.
  await passSum(ids.bo, at(-3 * DAY));
  await attempt(ids.bo, true, at(-12 * HOUR));
  // Cy: an extension of Sum to tomorrow (due again, in the coming week), and the quiz on time.
  await t.db.execute(sql`
    insert into deadline_extensions (student_id, course_id, exercise_id, due_at) values (${ids.cy}, ${c.id}, ${sum}, ${at(DAY)}::timestamptz)`);
  await attempt(ids.cy, true, at(-2 * DAY));
  // Dee, in another course: an exercise past its date in a chapter that opens only next week is not overdue yet.
  const later = await course(t.db, 'Later', [1]);
  await t.db.execute(sql`update chapters set release_at = ${at(7 * DAY)}::timestamptz where course_id = ${later.id}`);
  await t.db.execute(sql`
    insert into exercises (lesson_id, position, title, language, reference_solution, due_at)
    values (${later.lessons[0]!}, 1, 'Early', 'javascript', 'x', ${at(-DAY)}::timestamptz)`);
  ids.dee = await student(t.db, 'Dee');
  await enrollAt(t.db, ids.dee, later.id, t.ago(20 * DAY));
  body = await t.analytics();
});

describe('overdue work in the analytics and the weekly summary', () => {
  it("counts a student with overdue work at risk ('Overdue work'); work met, late or extended is not overdue", async () => {
    expect(riskOf(ids.ann)).toContain('Overdue work');
    expect(riskOf(ids.bo)).not.toContain('Overdue work');
    expect(riskOf(ids.cy)).not.toContain('Overdue work');
    expect(riskOf(ids.dee)).not.toContain('Overdue work');
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/analytics/students.csv', headers: { cookie: t.admin } });
    expect(csv.statusCode).toBe(200);
    const annLine = csv.body.split('\n').find((line) => line.includes('Ann'))!;
    expect(annLine).toContain('Overdue work');
    expect(csv.body.split('\n').find((line) => line.includes('Bo'))).not.toContain('Overdue work');
  });

  it('tells the tutor weekly what is due in the coming week, handed in late and overdue per course, and who is at risk for it', async () => {
    expect(await t.app.services.notifications.sendWeeklySummary()).toBe(true);
    const { rows } = await t.db.execute<{ text_body: string; html_body: string }>(
      sql`select text_body, html_body from mail_outbox where kind = 'weekly-summary'`,
    );
    const text = rows[0]!.text_body;
    // Due in the coming week: Tables for everyone, and Sum again for Cy (extended); Bo's quiz late; Ann's two overdue.
    const dues = text.split(N.weeklyDueTitle)[1]!;
    expect(dues).toContain(N.weeklyDueLine('Risky', 2, 1, 2));
    expect(dues).not.toContain('Later');
    // Everyone here is inactive (nothing done in a lesson); Ann alone has overdue work besides.
    const atRisk = text.split(N.weeklyAtRiskTitle)[1]!.split(N.weeklyDueTitle)[0]!.split('\n');
    expect(atRisk).toContain(`• Test Ann: ${N.weeklyInactiveFor(null)}; ${N.weeklyOverdue(2)}`);
    expect(atRisk).toContain(`• Test Bo: ${N.weeklyInactiveFor(null)}`);
    expect(atRisk).toContain(`• Test Dee: ${N.weeklyInactiveFor(null)}`);
    expect(rows[0]!.html_body).toContain('Test Ann: nothing done in a lesson yet; 2 overdue items');
  });
});
