import { beforeAll, describe, expect, it } from 'vitest';
import { startTestGrading } from '@test-support/grading';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { DAY } from '@test-support/http';
import { CalendarMessages } from '../../../common/calendar';
import type { Chapter, Course, CourseEditorResponse } from '../../../common/courses';
import type { AdminExercise, ExerciseInput } from '../../../common/practice';
import type { AdminQuiz, QuizInput } from '../../../common/quizzes';

/*
 * The tutor's calendar in the course editor: a chapter's 'Release' and 'Due Date', an exercise's and a quiz's own
 * 'Due Date', the course's 'Late Submissions' and the gradebook's weights. Bad input is a 400 with the calendar's
 * message, and nothing is written.
 */

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await startTestGrading(t.pool);
  admin = await t.signIn(ADMIN);
}, 120_000);

const inject = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: admin }, ...(payload === undefined ? {} : { payload: payload as object }) });
const at = (offsetDays: number) => new Date(Date.UTC(2027, 0, 10, 9, 0) + offsetDays * DAY).toISOString();
const setCalendar = (chapterId: string, body: object) => inject('PUT', `/api/admin/chapters/${chapterId}/calendar`, body);
const chapterRow = async (id: string) =>
  (
    await t.pool.query<{ release_at: Date | null; release_after_days: number | null; due_at: Date | null }>(
      'select release_at, release_after_days, due_at from chapters where id = $1',
      [id],
    )
  ).rows[0]!;

const quizBody = (extra: Partial<QuizInput> = {}): QuizInput => ({
  questions: [
    {
      kind: 'single',
      prompt: 'Two and two?',
      choices: [
        { text: '4', correct: true },
        { text: '5', correct: false },
      ],
    },
  ],
  ...extra,
});
const jsExercise = (extra: Partial<ExerciseInput> = {}): ExerciseInput => ({
  title: 'Echo',
  language: 'javascript',
  referenceSolution: 'console.log(readline());\n',
  tests: [{ input: 'hi\n', expectedOutput: 'hi\n' }],
  ...extra,
});

describe("a chapter's release and due date", () => {
  it('opens on a date, a number of days after enrollment, or from the start, each with a due date or none', async () => {
    const { course, chapterIds } = await seedCourse(t.db, { chapters: [{ title: 'Week 1' }, { title: 'Week 2' }] });
    const [week1, week2] = chapterIds as [string, string];

    const onDate = await setCalendar(week1, { releaseAt: at(0), releaseAfterDays: null, dueAt: at(7) });
    expect(onDate.statusCode, onDate.body).toBe(200);
    expect(onDate.json<{ chapter: Chapter }>().chapter).toMatchObject({ releaseAt: at(0), releaseAfterDays: null, dueAt: at(7) });
    // An offset other than Z names the same moment.
    const berlin = await setCalendar(week2, { releaseAt: null, releaseAfterDays: 14, dueAt: '2027-01-31T23:59:00+01:00' });
    expect(berlin.statusCode, berlin.body).toBe(200);
    expect(await chapterRow(week2)).toEqual({ release_at: null, release_after_days: 14, due_at: new Date('2027-01-31T22:59:00Z') });

    const editor = (await inject('GET', `/api/admin/courses/${course.id}`)).json<CourseEditorResponse>();
    expect(editor.chapters.map(({ releaseAt, releaseAfterDays, dueAt }) => ({ releaseAt, releaseAfterDays, dueAt }))).toEqual([
      { releaseAt: at(0), releaseAfterDays: null, dueAt: at(7) },
      { releaseAt: null, releaseAfterDays: 14, dueAt: '2027-01-31T22:59:00.000Z' },
    ]);

    // Open from the start, not due: both cleared.
    expect((await setCalendar(week1, { releaseAt: null, releaseAfterDays: null, dueAt: null })).statusCode).toBe(200);
    expect(await chapterRow(week1)).toEqual({ release_at: null, release_after_days: null, due_at: null });
    // The day it opens may be its due date too; the first day after enrollment is day 0.
    expect((await setCalendar(week1, { releaseAt: at(3), releaseAfterDays: null, dueAt: at(3) })).statusCode).toBe(200);
    expect((await setCalendar(week2, { releaseAt: null, releaseAfterDays: 0, dueAt: null })).statusCode).toBe(200);
  });

  it('refuses contradicting or malformed dates with the calendar message, and writes nothing', async () => {
    const { chapterIds } = await seedCourse(t.db, { chapters: [{ title: 'Week 1' }] });
    const chapter = chapterIds[0]!;
    expect((await setCalendar(chapter, { releaseAt: at(0), releaseAfterDays: null, dueAt: at(5) })).statusCode).toBe(200);
    const before = await chapterRow(chapter);
    const cases: [object, string][] = [
      [{ releaseAt: at(2), releaseAfterDays: null, dueAt: at(1) }, CalendarMessages.dueBeforeRelease],
      [{ releaseAt: at(2), releaseAfterDays: 3, dueAt: null }, CalendarMessages.releaseBothWays],
      [{ releaseAt: null, releaseAfterDays: -1, dueAt: null }, CalendarMessages.releaseDaysInvalid],
      [{ releaseAt: null, releaseAfterDays: 3651, dueAt: null }, CalendarMessages.releaseDaysInvalid],
      [{ releaseAt: null, releaseAfterDays: 1.5, dueAt: null }, CalendarMessages.releaseDaysInvalid],
      [{ releaseAt: null, releaseAfterDays: '7', dueAt: null }, CalendarMessages.releaseDaysInvalid],
      [{ releaseAt: '2027-01-10T09:00', releaseAfterDays: null, dueAt: null }, CalendarMessages.dateInvalid],
      [{ releaseAt: null, releaseAfterDays: null, dueAt: 'next friday' }, CalendarMessages.dateInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await setCalendar(chapter, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorMessage(res), JSON.stringify(body)).toContain(message);
    }
    expect((await setCalendar(chapter, { releaseAt: null, releaseAfterDays: null })).statusCode).toBe(400);
    expect((await setCalendar(crypto.randomUUID(), { releaseAt: null, releaseAfterDays: null, dueAt: null })).statusCode).toBe(404);
    expect((await setCalendar('not-a-uuid', { releaseAt: null, releaseAfterDays: null, dueAt: null })).statusCode).toBe(404);
    expect(await chapterRow(chapter)).toEqual(before);
  });
});

describe("an exercise's and a quiz's own due date", () => {
  it('is kept, read back, left as it is when not sent, cleared with null, and never before the chapter opens', async () => {
    const { chapterIds, lessonIds } = await seedCourse(t.db, { chapters: [{ title: 'Week 1', lessons: [{ title: 'L1' }] }] });
    const [chapter, lesson] = [chapterIds[0]!, lessonIds[0]![0]!];
    expect((await setCalendar(chapter, { releaseAt: at(0), releaseAfterDays: null, dueAt: at(7) })).statusCode).toBe(200);

    // A quiz: due on its own date, kept through a save without it, cleared with null.
    const saved = await inject('PUT', `/api/admin/lessons/${lesson}/quiz`, quizBody({ dueAt: at(4) }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminQuiz>().dueAt).toBe(at(4));
    expect((await inject('PUT', `/api/admin/lessons/${lesson}/quiz`, quizBody())).json<AdminQuiz>().dueAt).toBe(at(4));
    const early = await inject('PUT', `/api/admin/lessons/${lesson}/quiz`, quizBody({ dueAt: at(-1), passMark: 10 }));
    expect(early.statusCode).toBe(400);
    expect(errorMessage(early)).toBe(CalendarMessages.dueBeforeRelease);
    const quiz = (await inject('GET', `/api/admin/lessons/${lesson}/quiz`)).json<{ quiz: AdminQuiz }>().quiz;
    expect({ dueAt: quiz.dueAt, passMark: quiz.passMark }).toEqual({ dueAt: at(4), passMark: 70 });
    expect((await inject('PUT', `/api/admin/lessons/${lesson}/quiz`, quizBody({ dueAt: null }))).json<AdminQuiz>().dueAt).toBeNull();
    expect((await inject('PUT', `/api/admin/lessons/${lesson}/quiz`, quizBody({ dueAt: 'soon' }))).statusCode).toBe(400);

    // An exercise likewise; a due date before the chapter opens is refused before its reference solution is graded.
    const before = Number((await t.pool.query('select count(*) from exercise_submissions')).rows[0].count);
    const refused = await inject('POST', `/api/admin/lessons/${lesson}/exercises`, jsExercise({ dueAt: at(-2) }));
    expect(refused.statusCode).toBe(400);
    expect(errorMessage(refused)).toBe(CalendarMessages.dueBeforeRelease);
    expect(Number((await t.pool.query('select count(*) from exercise_submissions')).rows[0].count)).toBe(before);
    expect(Number((await t.pool.query('select count(*) from exercises where lesson_id = $1', [lesson])).rows[0].count)).toBe(0);
    const created = await inject('POST', `/api/admin/lessons/${lesson}/exercises`, jsExercise({ dueAt: at(6) }));
    expect(created.statusCode, created.body).toBe(201);
    const exercise = created.json<AdminExercise>();
    expect(exercise.dueAt).toBe(at(6));
    const kept = await inject('PUT', `/api/admin/exercises/${exercise.id}`, jsExercise({ title: 'Echo again' }));
    expect(kept.json<AdminExercise>()).toMatchObject({ title: 'Echo again', dueAt: at(6) });

    // The chapter may not then open after its items are due: refused, nothing written.
    const later = await setCalendar(chapter, { releaseAt: at(6.5), releaseAfterDays: null, dueAt: at(8) });
    expect(later.statusCode).toBe(400);
    expect(errorMessage(later)).toBe(CalendarMessages.dueBeforeRelease);
    expect((await chapterRow(chapter)).release_at).toEqual(new Date(at(0)));
    // Days after enrollment have no one date to compare with.
    expect((await setCalendar(chapter, { releaseAt: null, releaseAfterDays: 30, dueAt: null })).statusCode).toBe(200);
  }, 120_000);

  it('comes along when its lesson moves, and may not land in a chapter that opens after it is due', async () => {
    const { chapterIds, lessonIds } = await seedCourse(t.db, {
      chapters: [
        { title: 'Week 1', lessons: [{ title: 'L1' }] },
        { title: 'Week 2', lessons: [{ title: 'L2' }] },
      ],
    });
    expect((await inject('PUT', `/api/admin/lessons/${lessonIds[0]![0]}/quiz`, quizBody({ dueAt: at(1) }))).statusCode).toBe(200);
    expect((await setCalendar(chapterIds[1]!, { releaseAt: at(5), releaseAfterDays: null, dueAt: null })).statusCode).toBe(200);
    const moved = await inject('PUT', `/api/admin/lessons/${lessonIds[0]![0]}/position`, { order: 1, chapterId: chapterIds[1] });
    expect(moved.statusCode).toBe(400);
    expect(errorMessage(moved)).toBe(CalendarMessages.dueBeforeRelease);
    const { rows } = await t.pool.query('select chapter_id from lessons where id = $1', [lessonIds[0]![0]]);
    expect(rows[0].chapter_id).toBe(chapterIds[0]);
  });
});

describe("the course's late rule, hidden tests and weights", () => {
  const patch = (courseId: string, body: object) => inject('PATCH', `/api/admin/courses/${courseId}`, body);
  const courseRow = async (id: string) =>
    (
      await t.pool.query(
        'select late_policy, late_penalty_per_day, late_penalty_cap, hidden_tests_after_due, exercises_weight, quizzes_weight from courses where id = $1',
        [id],
      )
    ).rows[0];

  it('is saved and read back in the editor and the course list', async () => {
    const { course } = await seedCourse(t.db, {});
    expect(await courseRow(course.id)).toEqual({
      late_policy: 'accept',
      late_penalty_per_day: 10,
      late_penalty_cap: 50,
      hidden_tests_after_due: false,
      exercises_weight: 50,
      quizzes_weight: 50,
    });
    const res = await patch(course.id, {
      latePolicy: 'penalty',
      latePenaltyPerDay: 15,
      latePenaltyCap: 45,
      hiddenTestsAfterDue: true,
      exercisesWeight: 70,
      quizzesWeight: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      latePolicy: 'penalty',
      latePenaltyPerDay: 15,
      latePenaltyCap: 45,
      hiddenTestsAfterDue: true,
      exercisesWeight: 70,
      quizzesWeight: 30,
    };
    expect(res.json<{ course: Course }>().course).toMatchObject(expected);
    expect((await inject('GET', `/api/admin/courses/${course.id}`)).json<CourseEditorResponse>().course).toMatchObject(expected);
    const list = (await inject('GET', '/api/admin/courses')).json<{ courses: Course[] }>();
    expect(list.courses.find((c) => c.id === course.id)).toMatchObject(expected);
    // One weight may be 0 while the other is not; 'Closed' with any penalty figures.
    expect((await patch(course.id, { exercisesWeight: 0 })).statusCode).toBe(200);
    expect((await patch(course.id, { latePolicy: 'closed' })).json<{ course: Course }>().course).toMatchObject({
      latePolicy: 'closed',
      exercisesWeight: 0,
      quizzesWeight: 30,
    });
  });

  it('refuses a penalty outside 0 to 100, a weight below 0, both weights 0, or an unknown rule; nothing written', async () => {
    const { course } = await seedCourse(t.db, {});
    expect((await patch(course.id, { quizzesWeight: 0, exercisesWeight: 100 })).statusCode).toBe(200);
    const before = await courseRow(course.id);
    const cases: [object, string][] = [
      [{ latePenaltyPerDay: -1 }, CalendarMessages.penaltyInvalid],
      [{ latePenaltyPerDay: 101 }, CalendarMessages.penaltyInvalid],
      [{ latePenaltyCap: 100.5 }, CalendarMessages.penaltyInvalid],
      [{ latePenaltyCap: '50' }, CalendarMessages.penaltyInvalid],
      [{ exercisesWeight: -1 }, CalendarMessages.weightInvalid],
      [{ exercisesWeight: 0, quizzesWeight: 0 }, CalendarMessages.weightInvalid],
      // The other weight is 0 already.
      [{ exercisesWeight: 0 }, CalendarMessages.weightInvalid],
      [{ exercisesWeight: 0, title: 'Renamed' }, CalendarMessages.weightInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await patch(course.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorMessage(res), JSON.stringify(body)).toContain(message);
    }
    expect((await patch(course.id, { latePolicy: 'sometimes' })).statusCode).toBe(400);
    expect((await patch(course.id, { hiddenTestsAfterDue: 'yes' })).statusCode).toBe(400);
    expect(await courseRow(course.id)).toEqual(before);
    const { rows } = await t.pool.query('select title from courses where id = $1', [course.id]);
    expect(rows[0].title).toBe(course.title);
  });
});
