import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, seedCourse } from '@test-support/fixtures/users-and-courses';
import { DAY, HOUR, testClock } from '@test-support/http';
import type { DueThisWeek } from '../../../common/calendar';

/*
 * 'Due This Week' on the student's dashboard, against a test clock, and the late rule it reads (calendar_late) at
 * moments given outright.
 */

const clock = testClock(Date.parse('2026-03-02T09:00:00Z'));
const at = (ms: number) => new Date(clock.now().getTime() + ms);
let t: TestContext;

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function exercise(lessonId: string, title: string, due: Date | null) {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into exercises (lesson_id, position, title, language, reference_solution, due_at)
     values ($1, (select count(*) + 1 from exercises where lesson_id = $1), $2, 'javascript', 'console.log(1)', $3) returning id`,
    [lessonId, title, due?.toISOString() ?? null],
  );
  return rows[0]!.id;
}

async function quiz(lessonId: string, due: Date | null) {
  const { rows } = await t.pool.query<{ id: string }>(`insert into quizzes (lesson_id, due_at) values ($1, $2) returning id`, [
    lessonId,
    due?.toISOString() ?? null,
  ]);
  return rows[0]!.id;
}

/** A passing Submit of the student's, as the grading worker leaves it. */
const passExercise = (studentId: string, lessonId: string, exerciseId: string) =>
  t.pool.query(
    `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, code, status, verdict, passed_count, total_count)
     values ($1, $2, $3, 'submit', 'console.log(1)', 'done', 'passed', 1, 1)`,
    [exerciseId, lessonId, studentId],
  );

async function student(...courseIds: string[]) {
  const u = await createUser(t.db, `week-${Math.random().toString(36).slice(2, 8)}@example.com`);
  for (const id of courseIds) await enroll(t.db, u.id, id);
  return { id: u.id, cookie: await t.signIn(u.email) };
}

async function dueThisWeek(cookie: string): Promise<DueThisWeek> {
  const res = await get('/api/student/due-this-week', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});

describe('GET /api/student/due-this-week', () => {
  it("lists the student's items due in the next 7 days and those past due not passed, soonest first", async () => {
    const c = await seedCourse(t.db, {
      title: 'C Programming',
      chapters: [
        { title: 'Week 1', lessons: [{ title: 'Pointers' }, { title: 'Arrays' }] },
        { title: 'Week 2', lessons: [{ title: 'Structs' }] },
      ],
    });
    await t.pool.query(`update courses set late_policy = 'penalty', late_penalty_per_day = 10, late_penalty_cap = 50 where id = $1`, [
      c.course.id,
    ]);
    const [pointers, arrays] = c.lessonIds[0]! as [string, string];
    const structs = c.lessonIds[1]![0]!;
    const soon = await exercise(pointers, 'Swap two ints', at(2 * DAY));
    const later = await exercise(pointers, 'Reverse in place', at(8 * DAY));
    const overdue = await exercise(arrays, 'Sum an array', at(-3 * DAY + HOUR));
    const passed = await exercise(arrays, 'Find the maximum', at(DAY));
    const quizSoon = await quiz(arrays, at(3 * DAY));
    // An exercise without its own due date takes its chapter's.
    await t.pool.query(`update chapters set due_at = $2 where id = $1`, [c.chapterIds[1], at(5 * DAY).toISOString()]);
    const fromChapter = await exercise(structs, 'Define a point', null);

    const closed = await seedCourse(t.db, { title: 'Java', chapters: [{ title: 'Week 1', lessons: [{ title: 'Classes' }] }] });
    await t.pool.query(`update courses set late_policy = 'closed' where id = $1`, [closed.course.id]);
    const missed = await exercise(closed.lessonIds[0]![0]!, 'A class', at(-2 * DAY));
    await exercise(closed.lessonIds[0]![0]!, 'Long gone', at(-10 * DAY));

    const hidden = await seedCourse(t.db, { isPublished: false, chapters: [{ title: 'W', lessons: [{ title: 'Draft' }] }] });
    await exercise(hidden.lessonIds[0]![0]!, 'Unpublished', at(DAY));
    const notMine = await seedCourse(t.db, { chapters: [{ title: 'W', lessons: [{ title: 'Other' }] }] });
    await exercise(notMine.lessonIds[0]![0]!, 'Not enrolled', at(DAY));

    const s = await student(c.course.id, closed.course.id, hidden.course.id);
    const other = await student(c.course.id);
    await passExercise(s.id, arrays, passed);
    await t.pool.query(
      `insert into quiz_attempts (quiz_id, student_id, number, answers, correct_count, question_count, score, passed, results)
      values ($1, $2, 1, '[]', 0, 0, 0, false, '[]')`,
      [quizSoon, s.id],
    );
    // Another student's extension moves their due date only.
    await t.pool.query(`insert into deadline_extensions (student_id, course_id, exercise_id, due_at) values ($1, $2, $3, $4)`, [
      other.id,
      c.course.id,
      later,
      at(DAY).toISOString(),
    ]);

    const week = await dueThisWeek(s.cookie);
    expect(week.preview).toBe(false);
    expect(week.items.map((i) => [i.title, i.kind, i.courseTitle, i.lessonTitle, i.due.lateNow])).toEqual([
      ['Sum an array', 'exercise', 'C Programming', 'Arrays', { daysLate: 3, penalty: 30, accepted: true }],
      ['A class', 'exercise', 'Java', 'Classes', { daysLate: 2, penalty: 0, accepted: false }],
      ['Swap two ints', 'exercise', 'C Programming', 'Pointers', null],
      // A quiz is named by its lesson; an attempt that did not pass leaves it due.
      ['Arrays', 'quiz', 'C Programming', 'Arrays', null],
      ['Define a point', 'exercise', 'C Programming', 'Structs', null],
    ]);
    const byId = new Map(week.items.map((i) => [i.id, i]));
    expect(byId.get(soon)).toMatchObject({
      courseId: c.course.id,
      lessonId: pointers,
      due: { dueAt: at(2 * DAY).toISOString(), extended: false },
    });
    expect(byId.get(fromChapter)!.due.dueAt).toBe(at(5 * DAY).toISOString());
    expect(byId.has(overdue) && byId.has(missed) && byId.has(quizSoon)).toBe(true);

    expect((await dueThisWeek(other.cookie)).items.map((i) => [i.title, i.due.extended])).toEqual([
      ['Sum an array', false],
      // Due at the same moment: in the course's order.
      ['Reverse in place', true],
      ['Find the maximum', false],
      ['Swap two ints', false],
      ['Arrays', false],
      ['Define a point', false],
    ]);

    // Passing the quiz takes it off; a week on, what was ahead comes due.
    await t.pool.query(`update quiz_attempts set passed = true where quiz_id = $1 and student_id = $2`, [quizSoon, s.id]);
    expect((await dueThisWeek(s.cookie)).items.some((i) => i.id === quizSoon)).toBe(false);
    clock.advance(7 * DAY);
    const next = await dueThisWeek(s.cookie);
    expect(next.items.map((i) => i.title)).toEqual(['Sum an array', 'Swap two ints', 'Define a point', 'Reverse in place']);
    clock.advance(-7 * DAY);
  });

  it('is empty for a student with nothing due, and for the tutor, whose preview has no due dates', async () => {
    const c = await seedCourse(t.db, { chapters: [{ title: 'W', lessons: [{ title: 'Open' }] }] });
    await exercise(c.lessonIds[0]![0]!, 'No date', null);
    const s = await student(c.course.id);
    expect(await dueThisWeek(s.cookie)).toEqual({ items: [], preview: false });
    expect(await dueThisWeek(await t.signIn(ADMIN))).toEqual({ items: [], preview: true });
  });
});

describe('calendar_late at given moments', () => {
  const late = async (policy: string, due: string, handedIn: string) => {
    const c = await seedCourse(t.db);
    await t.pool.query(`update courses set late_policy = $2, late_penalty_per_day = 15, late_penalty_cap = 40 where id = $1`, [
      c.course.id,
      policy,
    ]);
    const { rows } = await t.pool.query(`select * from calendar_late($1, $2, $3)`, [c.course.id, due, handedIn]);
    return rows[0];
  };

  it('counts each started 24 hours as a day, caps the penalty, and refuses late work only when closed', async () => {
    const due = '2026-03-01T23:59:00Z';
    expect(await late('penalty', due, '2026-03-01T23:59:00Z')).toEqual({ late: false, days_late: 0, penalty: 0, accepted: true });
    expect(await late('penalty', due, '2026-03-02T00:00:00Z')).toEqual({ late: true, days_late: 1, penalty: 15, accepted: true });
    expect(await late('penalty', due, '2026-03-02T23:59:00Z')).toEqual({ late: true, days_late: 1, penalty: 15, accepted: true });
    expect(await late('penalty', due, '2026-03-03T00:00:00Z')).toEqual({ late: true, days_late: 2, penalty: 30, accepted: true });
    expect(await late('penalty', due, '2026-03-09T00:00:00Z')).toEqual({ late: true, days_late: 8, penalty: 40, accepted: true });
    expect(await late('accept', due, '2026-03-09T00:00:00Z')).toEqual({ late: true, days_late: 8, penalty: 0, accepted: true });
    expect(await late('closed', due, '2026-03-02T00:00:00Z')).toEqual({ late: true, days_late: 1, penalty: 0, accepted: false });
    expect(await late('closed', due, '2026-03-01T12:00:00Z')).toEqual({ late: false, days_late: 0, penalty: 0, accepted: true });
  });
});
