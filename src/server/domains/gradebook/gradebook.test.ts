import Papa from 'papaparse';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalendarMessages } from '../../../common/calendar';
import type { Gradebook, GradebookRow, MyGrades } from '../../../common/gradebook';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { DAY, HOUR, testClock } from '@test-support/http';
import {
  chapters,
  courses,
  deadlineExtensions,
  exerciseSubmissions,
  exercises,
  gradeOverrides,
  quizAttempts,
  quizzes,
} from '../../platform/db/schema/index';

/*
 * The gradebook against figures worked out by hand. Two students, a course weighted 60 (exercises) to 40 (quizzes),
 * late work at 10% a day up to 30%:
 *
 *   Chapter "Basics", due D:  E1 (points 1 + 3), E2 (two tests of 1), quiz Q1
 *   Chapter "Pointers":       E3, due D3 of its own
 *
 *   Ada:   E1 75 on time, then 100 at D + 26 h (2 days late, 20% off: 80) -> 80, late
 *          E2 100 on time; Q1 60 on time, then 90 at D + 73 h (4 days, capped at 30%: 63) -> 63, late; E3 nothing
 *          Basics (90 x 60 + 63 x 40) / 100 = 79.2; Pointers 0; course ((80+100+0)/3 x 60 + 63 x 40) / 100 = 61.2
 *   Grace: E1 100 at D + 25 h with an extension to D + 3 days -> 100, extended, not late
 *          E2 did not compile -> 0; Q1 nothing, overridden to 50; E3 passed without points -> 100
 *          Basics (50 x 60 + 50 x 40) / 100 = 50; Pointers 100; course ((100+0+100)/3 x 60 + 50 x 40) / 100 = 60
 */
const D = new Date('2026-03-10T12:00:00Z');
const D3 = new Date('2026-03-20T12:00:00Z');
const clock = testClock(new Date('2026-04-01T09:00:00Z').getTime());

let t: TestContext;
let admin: string;
let ids: { course: string; other: string; e1: string; e2: string; e3: string; q1: string; otherExercise: string };
let ada: { id: string; cookie: string };
let grace: { id: string; cookie: string };
let outsider: { id: string; cookie: string };

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const overrideUrl = (course: string, student: string, item: string) =>
  `/api/admin/courses/${course}/gradebook/students/${student}/items/${item}/override`;
const putOverride = (course: string, student: string, item: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: overrideUrl(course, student, item), headers: { cookie: admin }, payload: payload as object });
const gradebook = async () => {
  const res = await get(`/api/admin/courses/${ids.course}/gradebook`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Gradebook>();
};
const rowOf = (g: Gradebook, studentId: string) => g.students.find((s) => s.studentId === studentId)!;
const scores = (row: GradebookRow) => row.cells.map((c) => c.score);

async function submit(
  exerciseId: string,
  lessonId: string,
  userId: string,
  at: Date,
  values: Partial<typeof exerciseSubmissions.$inferInsert>,
) {
  await t.db.insert(exerciseSubmissions).values({
    exerciseId,
    lessonId,
    userId,
    purpose: 'submit',
    code: 'int main(void) { return 0; }',
    status: 'done',
    verdict: 'failed',
    createdAt: at,
    finishedAt: at,
    ...values,
  });
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await t.signIn(ADMIN);
  const { course, chapterIds, lessonIds } = await seedCourse(t.db, {
    title: 'Systems Programming',
    chapters: [
      { title: 'Basics', lessons: [{ title: 'Hello' }, { title: 'Check Yourself' }] },
      { title: 'Pointers', lessons: [{ title: 'Addresses' }] },
    ],
  });
  await t.db
    .update(courses)
    .set({ latePolicy: 'penalty', latePenaltyPerDay: 10, latePenaltyCap: 30, exercisesWeight: 60, quizzesWeight: 40 })
    .where(eq(courses.id, course.id));
  await t.db.update(chapters).set({ dueAt: D }).where(eq(chapters.id, chapterIds[0]!));
  const [hello, checkYourself] = lessonIds[0]!;
  const [addresses] = lessonIds[1]!;
  const exercise = async (lessonId: string, position: number, title: string, dueAt: Date | null = null) =>
    (
      await t.db
        .insert(exercises)
        .values({ lessonId, position, title, language: 'c', referenceSolution: 'int main(void) { return 0; }', dueAt })
        .returning()
    )[0]!.id;
  const e1 = await exercise(hello!, 1, 'Print Hello');
  const e2 = await exercise(hello!, 2, 'Add Two Numbers');
  const e3 = await exercise(addresses!, 1, 'Swap by Pointer', D3);
  const [q1] = await t.db.insert(quizzes).values({ lessonId: checkYourself! }).returning();
  const other = await seedCourse(t.db, { title: 'Another Course', chapters: [{ title: 'Only', lessons: [{ title: 'One' }] }] });
  const otherExercise = await exercise(other.lessonIds[0]![0]!, 1, 'Elsewhere');
  ids = { course: course.id, other: other.course.id, e1, e2, e3, q1: q1!.id, otherExercise };

  const student = async (email: string, firstName: string, lastName: string) => {
    const u = await createUser(t.db, email, { firstName, lastName });
    return { id: u.id, cookie: await t.signIn(email) };
  };
  ada = await student('ada.gradebook@example.com', 'Ada', 'Lovelace');
  grace = await student('grace.gradebook@example.com', 'Grace', 'Hopper');
  outsider = await student('outsider.gradebook@example.com', 'Otto', 'Outsider');
  await enroll(t.db, ada.id, course.id);
  await enroll(t.db, grace.id, course.id);

  // Ada.
  await submit(e1, hello!, ada.id, new Date(D.getTime() - DAY), { pointsEarned: 3, pointsTotal: 4 });
  await submit(e1, hello!, ada.id, new Date(D.getTime() + 26 * HOUR), { pointsEarned: 4, pointsTotal: 4, verdict: 'passed' });
  // A run is never graded, nor the tutor's preview: neither counts, however good.
  await submit(e2, hello!, ada.id, new Date(D.getTime() - 2 * DAY), { purpose: 'run', pointsEarned: 2, pointsTotal: 2, verdict: 'passed' });
  await submit(e2, hello!, ada.id, new Date(D.getTime() - HOUR), { pointsEarned: 2, pointsTotal: 2, verdict: 'passed' });
  const attempt = (studentId: string, number: number, score: number, at: Date) =>
    t.db.insert(quizAttempts).values({
      quizId: q1!.id,
      studentId,
      number,
      answers: [],
      results: [],
      correctCount: score / 10,
      questionCount: 10,
      score,
      passed: score >= 70,
      createdAt: at,
    });
  await attempt(ada.id, 1, 60, new Date(D.getTime() - HOUR));
  await attempt(ada.id, 2, 90, new Date(D.getTime() + 73 * HOUR));

  // Grace.
  await t.db.insert(deadlineExtensions).values({
    studentId: grace.id,
    courseId: course.id,
    exerciseId: e1,
    dueAt: new Date(D.getTime() + 3 * DAY),
    grantedAt: new Date(D.getTime() - DAY),
  });
  await submit(e1, hello!, grace.id, new Date(D.getTime() + 25 * HOUR), { pointsEarned: 4, pointsTotal: 4, verdict: 'passed' });
  await submit(e2, hello!, grace.id, new Date(D.getTime() - HOUR), { pointsEarned: 0, pointsTotal: 2, verdict: 'compile_error' });
  await submit(e3, addresses!, grace.id, new Date(D3.getTime() - HOUR), { pointsEarned: 0, pointsTotal: 0, verdict: 'passed' });
  // The outsider's work in another course never shows here.
  await submit(otherExercise, other.lessonIds[0]![0]!, outsider.id, D, { pointsEarned: 1, pointsTotal: 1, verdict: 'passed' });
});

describe('the gradebook', () => {
  it('lists every exercise and quiz in outline order, and every enrolled student by name', async () => {
    const g = await gradebook();
    expect(g.course).toMatchObject({ title: 'Systems Programming', exercisesWeight: 60, quizzesWeight: 40, latePolicy: 'penalty' });
    expect(g.chapters.map((c) => c.title)).toEqual(['Basics', 'Pointers']);
    expect(g.items.map((i) => [i.kind, i.title, i.dueAt])).toEqual([
      ['exercise', 'Print Hello', D.toISOString()],
      ['exercise', 'Add Two Numbers', D.toISOString()],
      ['quiz', 'Quiz: Check Yourself', D.toISOString()],
      ['exercise', 'Swap by Pointer', D3.toISOString()],
    ]);
    expect(g.students.map((s) => `${s.firstName} ${s.lastName}`)).toEqual(['Grace Hopper', 'Ada Lovelace']);
  });

  it('scores each cell by the best penalized graded submit or attempt, with its marks, and totals by the weights', async () => {
    const g = await gradebook();
    const a = rowOf(g, ada.id);
    expect(scores(a)).toEqual([80, 100, 63, null]);
    expect(a.cells[0]).toEqual({ score: 80, late: true, daysLate: 2, penalty: 20 });
    expect(a.cells[1]).toEqual({ score: 100 });
    expect(a.cells[2]).toEqual({ score: 63, late: true, daysLate: 4, penalty: 30 });
    expect(a.cells[3]).toEqual({ score: null });
    expect(a.chapterTotals).toEqual([79.2, 0]);
    expect(a.total).toBe(61.2);

    const gr = rowOf(g, grace.id);
    expect(scores(gr)).toEqual([100, 0, null, 100]);
    expect(gr.cells[0]).toEqual({ score: 100, extended: true, extendedTo: new Date(D.getTime() + 3 * DAY).toISOString() });
    expect(gr.chapterTotals).toEqual([30, 100]);
    expect(gr.total).toBe(40);
  });

  it('overrides a score with a reason, kept with who and when, and the totals follow; removing it restores the graded score', async () => {
    const res = await putOverride(ids.course, grace.id, ids.q1, { score: 50, reason: '  Sat the quiz on paper.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<{ student: GradebookRow }>().student;
    expect(row.cells[2]).toEqual({
      score: 50,
      graded: null,
      override: { score: 50, reason: 'Sat the quiz on paper.', by: 'Course Tutor', at: clock.now().toISOString() },
    });
    // Basics (50 x 60 + 50 x 40) / 100 = 50; the course ((100 + 0 + 100) / 3 x 60 + 50 x 40) / 100 = 60.
    expect(row.chapterTotals).toEqual([50, 100]);
    expect(row.total).toBe(60);
    expect(rowOf(await gradebook(), grace.id)).toEqual(row);

    // An override of a graded score keeps the graded one beside it, and a second override replaces the first.
    clock.advance(HOUR);
    await putOverride(ids.course, ada.id, ids.e1, { score: 10, reason: 'Copied.' });
    const again = await putOverride(ids.course, ada.id, ids.e1, { score: 95, reason: 'Regraded by hand.' });
    expect(again.json<{ student: GradebookRow }>().student.cells[0]).toMatchObject({
      score: 95,
      graded: 80,
      late: true,
      override: { score: 95, reason: 'Regraded by hand.', at: clock.now().toISOString() },
    });
    const removed = await t.app.inject({ method: 'DELETE', url: overrideUrl(ids.course, ada.id, ids.e1), headers: { cookie: admin } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ student: GradebookRow }>().student.cells[0]).toEqual({ score: 80, late: true, daysLate: 2, penalty: 20 });
    const twice = await t.app.inject({ method: 'DELETE', url: overrideUrl(ids.course, ada.id, ids.e1), headers: { cookie: admin } });
    expect(twice.statusCode).toBe(404);
  });

  it('refuses a bad override with a clear message and writes nothing', async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(gradeOverrides))[0]!.n;
    const before = await count();
    const refused = async (course: string, student: string, item: string, payload: unknown, status: number, message?: string) => {
      const res = await putOverride(course, student, item, payload);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(errorMessage(res)).toBe(message);
    };
    await refused(ids.course, ada.id, ids.e2, { score: 101, reason: 'Bonus' }, 400, CalendarMessages.overrideScoreInvalid);
    await refused(ids.course, ada.id, ids.e2, { score: -1, reason: 'Penalty' }, 400, CalendarMessages.overrideScoreInvalid);
    await refused(ids.course, ada.id, ids.e2, { score: 72.5, reason: 'Half' }, 400, CalendarMessages.overrideScoreInvalid);
    await refused(ids.course, ada.id, ids.e2, { score: '80', reason: 'Text' }, 400, CalendarMessages.overrideScoreInvalid);
    await refused(ids.course, ada.id, ids.e2, { score: 80, reason: '   ' }, 400, CalendarMessages.overrideReasonRequired);
    await refused(ids.course, ada.id, ids.e2, { score: 80 }, 400, CalendarMessages.overrideReasonRequired);
    // Not enrolled, an item of another course, a course that does not exist.
    await refused(ids.course, outsider.id, ids.e2, { score: 80, reason: 'Why not' }, 404);
    await refused(ids.course, ada.id, ids.otherExercise, { score: 80, reason: 'Why not' }, 404);
    await refused(ids.other, ada.id, ids.otherExercise, { score: 80, reason: 'Why not' }, 404);
    await refused('not-a-course', ada.id, ids.e2, { score: 80, reason: 'Why not' }, 404);
    expect(await count()).toBe(before);
    // The tutor's alone.
    const asStudent = await t.app.inject({
      method: 'PUT',
      url: overrideUrl(ids.course, ada.id, ids.e2),
      headers: { cookie: ada.cookie },
      payload: { score: 100, reason: 'Mine' },
    });
    expect(asStudent.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('exports the same rows and figures as CSV', async () => {
    const g = await gradebook();
    const res = await get(`/api/admin/courses/${ids.course}/gradebook.csv`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gradebook-2026-04-01.csv"');
    const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    const [header, ...lines] = parsed.data;
    expect(header).toEqual([
      'First name',
      'Last name',
      'Email',
      'Basics / Print Hello',
      'Basics / Add Two Numbers',
      'Basics / Quiz: Check Yourself',
      'Pointers / Swap by Pointer',
      'Basics: Total',
      'Pointers: Total',
      'Course Total',
    ]);
    const number = (v: string) => (v === '' ? null : Number(v));
    expect(lines.map((l) => [l[0], l[1], l[2], ...l.slice(3).map(number)])).toEqual(
      g.students.map((s) => [s.firstName, s.lastName, s.email, ...scores(s), ...s.chapterTotals, s.total]),
    );
    expect(lines[0]).toEqual(['Grace', 'Hopper', 'grace.gradebook@example.com', '100', '0', '50', '100', '50', '100', '60']);
  });

  it('takes the penalty away when an extension is granted after the late submit', async () => {
    await t.db.insert(deadlineExtensions).values({
      studentId: ada.id,
      courseId: ids.course,
      exerciseId: ids.e1,
      dueAt: new Date(D.getTime() + 3 * DAY),
    });
    const a = rowOf(await gradebook(), ada.id);
    expect(a.cells[0]).toEqual({ score: 100, extended: true, extendedTo: new Date(D.getTime() + 3 * DAY).toISOString() });
    // Basics ((100 + 100) / 2 x 60 + 63 x 40) / 100 = 85.2; the course ((100 + 100 + 0) / 3 x 60 + 63 x 40) / 100 = 65.2.
    expect(a.chapterTotals).toEqual([85.2, 0]);
    expect(a.total).toBe(65.2);
    await t.db.delete(deadlineExtensions).where(eq(deadlineExtensions.studentId, ada.id));
    expect(rowOf(await gradebook(), ada.id).total).toBe(61.2);
  });
});

describe('My Grades', () => {
  it("gives a student their own row, the gradebook's figures, and nobody else's", async () => {
    const res = await get(`/api/courses/${ids.course}/grades`, grace.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json<MyGrades>();
    expect(mine.grades).toEqual(rowOf(await gradebook(), grace.id));
    expect(mine.grades!.cells[2]!.override).toMatchObject({ score: 50, reason: 'Sat the quiz on paper.' });
    expect(mine.items.map((i) => i.title)).toEqual(['Print Hello', 'Add Two Numbers', 'Quiz: Check Yourself', 'Swap by Pointer']);
    // Grace's own due date: her extension of E1.
    expect(mine.items[0]!.dueAt).toBe(new Date(D.getTime() + 3 * DAY).toISOString());
    for (const other of ['Ada', 'Lovelace', 'ada.gradebook@example.com', ada.id]) expect(res.body).not.toContain(other);

    const adas = (await get(`/api/courses/${ids.course}/grades`, ada.cookie)).json<MyGrades>();
    expect(adas.grades!.studentId).toBe(ada.id);
    expect(adas.grades!.total).toBe(61.2);
  });

  it('refuses a student who is not enrolled, and gives the tutor the items without grades', async () => {
    const refused = await get(`/api/courses/${ids.course}/grades`, outsider.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Hopper');
    const preview = await get(`/api/courses/${ids.course}/grades`, admin);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<MyGrades>()).toMatchObject({ grades: null });
    expect((await get(`/api/courses/not-a-course/grades`, ada.cookie)).statusCode).toBe(404);
  });
});
