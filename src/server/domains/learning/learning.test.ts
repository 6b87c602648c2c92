import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ErrorCode } from '../../../common/errors';
import {
  courseStatus,
  LearningMessages,
  previewCompletedLessons,
  progressPercent,
  type DashboardCourse,
  type DashboardResponse,
  type LearnResponse,
  type ProgressResponse,
} from '../../../common/learning';
import { certificates, enrollments, lessonProgress } from '../../platform/db/schema/index';
import {
  ADMIN,
  ALICE,
  BOB,
  CAROL,
  completeLesson,
  createUser,
  enroll,
  errorMessage,
  seedCourse,
  userId,
} from '@test-support/fixtures/users-and-courses';
import { orderCourses, streakDays } from './learning.service';

let t: TestContext;
let clock = new Date('2026-03-10T12:00:00Z');
let alice: string, bob: string, carol: string, admin: string;
let aliceId: string, bobId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  [alice, bob, carol, admin] = await Promise.all([t.signIn(ALICE), t.signIn(BOB), t.signIn(CAROL), t.signIn(ADMIN)]);
  [aliceId, bobId] = await Promise.all([userId(t.db, ALICE), userId(t.db, BOB)]);
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const put = (lessonId: string, status: unknown, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/lessons/${lessonId}/progress`, headers: cookie ? { cookie } : {}, payload: { status } });
const rows = (studentId: string, lessonId: string) =>
  t.db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.studentId, studentId), eq(lessonProgress.lessonId, lessonId)));
const twoChapters = () => ({
  chapters: [
    { title: 'A', lessons: [{ title: 'a1' }, { title: 'a2' }] },
    { title: 'B', lessons: [{ title: 'b1' }] },
  ],
});

async function newStudent(tag: string) {
  const u = await createUser(t.db, `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`, { firstName: 'Dana', lastName: tag });
  return { id: u.id, cookie: await t.signIn(u.email) };
}

describe('guards', () => {
  it('anonymous callers get 401 and a pending student 403 on every student route', async () => {
    const { course, lessonIds } = await seedCourse(t.db, twoChapters());
    const calls = [
      (c?: string) => get('/api/student/dashboard', c),
      (c?: string) => get(`/api/courses/${course.id}/learn`, c),
      (c?: string) => put(lessonIds[0]![0]!, 'completed', c),
    ];
    for (const call of calls) {
      expect((await call()).statusCode).toBe(401);
      expect((await call(carol)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/student/dashboard', () => {
  it("contains only the caller's own enrollments and progress", async () => {
    const { course, lessonIds } = await seedCourse(t.db, { title: 'Bob only', ...twoChapters() });
    await enroll(t.db, bobId, course.id);
    await completeLesson(t.db, bobId, lessonIds[0]![0]!);
    const res = await get('/api/student/dashboard', alice);
    expect(res.statusCode).toBe(200);
    const body = res.json() as DashboardResponse;
    expect(body.preview).toBe(false);
    const mine = await t.db.execute<{ course_id: string }>(
      sql`select e.course_id from enrollments e join courses c on c.id = e.course_id where c.is_published and e.student_id = ${aliceId}`,
    );
    expect(body.courses.map((c) => c.id).sort()).toEqual(mine.rows.map((r) => r.course_id).sort());
    expect(body.courses.map((c) => c.id)).not.toContain(course.id);
    const bobs = (await get('/api/student/dashboard', bob)).json() as DashboardResponse;
    expect(bobs.courses.find((c) => c.id === course.id)).toMatchObject({
      completedLessons: 1,
      totalLessons: 3,
      percent: 33,
      status: 'in_progress',
    });
  });

  it('counts, rounds, orders in-progress first, and leaves out unpublished courses', async () => {
    const s = await newStudent('dash');
    const done = await seedCourse(t.db, { title: 'Done', chapters: [{ title: 'c', lessons: [{ title: 'x' }] }] });
    const twoThirds = await seedCourse(t.db, { title: 'Two thirds', ...twoChapters() });
    const fresh = await seedCourse(t.db, { title: 'Fresh', ...twoChapters() });
    const empty = await seedCourse(t.db, { title: 'Empty' });
    const draft = await seedCourse(t.db, { title: 'Draft', isPublished: false, ...twoChapters() });
    for (const c of [done, twoThirds, fresh, empty, draft]) await enroll(t.db, s.id, c.course.id);
    await completeLesson(t.db, s.id, done.lessonIds[0]![0]!);
    await completeLesson(t.db, s.id, twoThirds.lessonIds[0]![0]!);
    await completeLesson(t.db, s.id, twoThirds.lessonIds[0]![1]!);
    const body = (await get('/api/student/dashboard', s.cookie)).json() as DashboardResponse;
    expect(body.courses.map((c) => c.title)[0]).toBe('Two thirds');
    expect(body.courses.map((c) => c.title)).not.toContain('Draft');
    const by = (title: string) => body.courses.find((c) => c.title === title)!;
    expect(by('Two thirds')).toMatchObject({ percent: 67, status: 'in_progress', completedLessons: 2, totalLessons: 3 });
    expect(by('Done')).toMatchObject({ percent: 100, status: 'completed' });
    expect(by('Fresh')).toMatchObject({ percent: 0, status: 'not_started', lastActivityAt: null });
    expect(by('Empty')).toMatchObject({ percent: 0, status: 'not_started', totalLessons: 0 });
    expect(body.stats).toEqual({ totalCourses: 4, completed: 1, inProgress: 1, lessonsDone: 3, totalLessons: 7 });
    expect(body.overallProgress).toBe(Math.round((100 + 67 + 0 + 0) / 4));
  });

  it('streak and weekly counts come from completion dates (UTC days)', async () => {
    const s = await newStudent('streak');
    const { course, lessonIds } = await seedCourse(t.db, {
      chapters: [{ title: 'c', lessons: Array.from({ length: 6 }, (_, i) => ({ title: `l${i}` })) }],
    });
    await enroll(t.db, s.id, course.id);
    // now = 2026-03-10 12:00Z; completions yesterday (twice), the day before, 3 days before; a gap; 9 days before.
    const dates = ['2026-03-09T23:59:00Z', '2026-03-09T00:01:00Z', '2026-03-08T10:00:00Z', '2026-03-07T10:00:00Z', '2026-03-01T10:00:00Z'];
    for (const [i, d] of dates.entries()) {
      await t.db
        .insert(lessonProgress)
        .values({ studentId: s.id, lessonId: lessonIds[0]![i]!, status: 'completed', completedAt: new Date(d) });
    }
    await t.db.insert(lessonProgress).values({ studentId: s.id, lessonId: lessonIds[0]![5]!, status: 'in_progress' });
    const body = (await get('/api/student/dashboard', s.cookie)).json() as DashboardResponse;
    expect(body.insights).toEqual({ streakDays: 3, lessonsThisWeek: 4 });
  });

  it('streak helper: ends today or yesterday, else 0', () => {
    const now = new Date('2026-03-10T00:30:00Z');
    expect(streakDays(['2026-03-10', '2026-03-09'], now)).toBe(2);
    expect(streakDays(['2026-03-09', '2026-03-08', '2026-03-06'], now)).toBe(2);
    expect(streakDays(['2026-03-08'], now)).toBe(0);
    expect(streakDays([], now)).toBe(0);
  });

  it('ordering helper: in progress first, then most recent activity', () => {
    const c = (id: string, status: DashboardCourse['status'], last: string | null): DashboardCourse => ({
      id,
      title: id,
      description: '',
      thumbnailUrl: null,
      enrolledAt: '2026-01-01T00:00:00Z',
      totalLessons: 1,
      completedLessons: 0,
      percent: 0,
      status,
      lastActivityAt: last,
    });
    const sorted = orderCourses([
      c('a', 'completed', '2026-03-09T00:00:00Z'),
      c('b', 'in_progress', '2026-02-01T00:00:00Z'),
      c('c', 'not_started', null),
      c('d', 'in_progress', '2026-03-01T00:00:00Z'),
    ]);
    expect(sorted.map((x) => x.id)).toEqual(['d', 'b', 'a', 'c']);
  });

  it('percent rounding never shows 100 before every lesson is done', () => {
    expect([progressPercent(1, 3), progressPercent(2, 3), progressPercent(0, 0), progressPercent(199, 200), progressPercent(3, 3)]).toEqual(
      [33, 67, 0, 99, 100],
    );
  });

  it('the admin gets a deterministic preview of every published course, writing nothing', async () => {
    const a = (await get('/api/student/dashboard', admin)).json() as DashboardResponse;
    const b = (await get('/api/student/dashboard', admin)).json() as DashboardResponse;
    expect(a.preview).toBe(true);
    expect(a).toEqual(b);
    expect(a.courses.length).toBeGreaterThan(0);
    // A whole number of lessons at a simulated level (0, 25, 50, 75 or 100%), and the percent is that count over the
    // lessons, as a student's would be: never '2 of 3 lessons' beside 75%.
    for (const c of a.courses) {
      expect(c.completedLessons).toBe(previewCompletedLessons(c.id, c.totalLessons));
      expect(c.percent).toBe(progressPercent(c.completedLessons, c.totalLessons));
      expect(c.status).toBe(courseStatus(c.completedLessons, c.totalLessons));
    }
    expect(a.stats.lessonsDone).toBe(a.courses.reduce((sum, c) => sum + c.completedLessons, 0));
    expect(a.insights.streakDays).toBeGreaterThanOrEqual(1);
    expect(a.insights.streakDays).toBeLessThanOrEqual(10);
    expect(a.insights.lessonsThisWeek).toBeGreaterThanOrEqual(5);
    expect(a.insights.lessonsThisWeek).toBeLessThanOrEqual(19);
  });
});

describe('GET /api/courses/:courseId/learn', () => {
  it('gives an enrolled student the outline in order with statuses and the first unfinished lesson', async () => {
    const s = await newStudent('learn');
    const { course, lessonIds } = await seedCourse(t.db, twoChapters());
    await enroll(t.db, s.id, course.id);
    await completeLesson(t.db, s.id, lessonIds[0]![0]!);
    const res = await get(`/api/courses/${course.id}/learn`, s.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json() as LearnResponse;
    expect(body.preview).toBe(false);
    expect(body.chapters.map((c) => [c.title, c.order, c.lessons.map((l) => [l.title, l.status])])).toEqual([
      [
        'A',
        1,
        [
          ['a1', 'completed'],
          ['a2', 'not_started'],
        ],
      ],
      ['B', 2, [['b1', 'not_started']]],
    ]);
    expect(body.progress).toEqual({ completedLessons: 1, totalLessons: 3, percent: 33 });
    expect(body.firstUnfinishedLessonId).toBe(lessonIds[0]![1]);
    await completeLesson(t.db, s.id, lessonIds[0]![1]!);
    await completeLesson(t.db, s.id, lessonIds[1]![0]!);
    const all = (await get(`/api/courses/${course.id}/learn`, s.cookie)).json() as LearnResponse;
    expect(all.firstUnfinishedLessonId).toBe(lessonIds[0]![0]);
    expect(all.progress.percent).toBe(100);
  });

  it('refuses a course the student is not enrolled in (403 NOT_ENROLLED), unpublished or unknown ones (404)', async () => {
    const { course } = await seedCourse(t.db, twoChapters());
    const res = await get(`/api/courses/${course.id}/learn`, alice);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: ErrorCode.notEnrolled, message: LearningMessages.notEnrolled });
    const draft = await seedCourse(t.db, { isPublished: false, ...twoChapters() });
    await enroll(t.db, aliceId, draft.course.id);
    expect((await get(`/api/courses/${draft.course.id}/learn`, alice)).statusCode).toBe(404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await get(`/api/courses/${id}/learn`, alice);
      expect([r.statusCode, errorMessage(r)]).toEqual([404, 'Course not found']);
    }
  });

  it('lets the admin open any course as a preview', async () => {
    const { course } = await seedCourse(t.db, { isPublished: false, ...twoChapters() });
    const body = (await get(`/api/courses/${course.id}/learn`, admin)).json() as LearnResponse;
    expect(body.preview).toBe(true);
    // The simulated first lessons are done, in course order, and nothing else.
    const simulated = previewCompletedLessons(course.id, 3);
    expect(body.chapters.flatMap((c) => c.lessons).map((l) => l.status)).toEqual(
      [0, 1, 2].map((i) => (i < simulated ? 'completed' : 'not_started')),
    );
    expect(body.progress).toEqual({ completedLessons: simulated, totalLessons: 3, percent: progressPercent(simulated, 3) });
  });

  it('opens a previewed course with the progress its dashboard card showed', async () => {
    // Several published courses of 3 lessons: whatever level each one draws, card and course screen agree.
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await seedCourse(t.db, twoChapters())).course.id);
    const dashboard = (await get('/api/student/dashboard', admin)).json() as DashboardResponse;
    const levels = new Set<number>();
    for (const id of ids) {
      const card = dashboard.courses.find((c) => c.id === id)!;
      const learn = (await get(`/api/courses/${id}/learn`, admin)).json() as LearnResponse;
      expect(learn.progress).toEqual({ completedLessons: card.completedLessons, totalLessons: card.totalLessons, percent: card.percent });
      levels.add(card.completedLessons);
    }
    // The old preview opened every course at 0% whatever its card said.
    expect([...levels].some((n) => n > 0)).toBe(true);
  });
});

describe('PUT /api/lessons/:lessonId/progress', () => {
  it('is idempotent, never downgrades, and keeps the first completed_at', async () => {
    const s = await newStudent('progress');
    const { course, lessonIds } = await seedCourse(t.db, twoChapters());
    await enroll(t.db, s.id, course.id);
    const lesson = lessonIds[0]![0]!;
    for (let i = 0; i < 2; i++) {
      const res = await put(lesson, 'in_progress', s.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ lessonStatus: 'in_progress', progress: { completedLessons: 0, totalLessons: 3, percent: 0 } });
    }
    clock = new Date('2026-03-10T13:00:00Z');
    const first = (await put(lesson, 'completed', s.cookie)).json() as ProgressResponse;
    expect(first).toMatchObject({
      lessonStatus: 'completed',
      progress: { completedLessons: 1, percent: 33 },
      courseCompleted: false,
      justCompleted: false,
    });
    clock = new Date('2026-03-10T14:00:00Z');
    expect((await put(lesson, 'completed', s.cookie)).json()).toMatchObject({
      lessonStatus: 'completed',
      progress: { completedLessons: 1 },
    });
    expect((await put(lesson, 'in_progress', s.cookie)).json()).toMatchObject({ lessonStatus: 'completed' });
    const saved = await rows(s.id, lesson);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ status: 'completed', completedAt: new Date('2026-03-10T13:00:00Z') });
    clock = new Date('2026-03-10T12:00:00Z');
  });

  it('tells justCompleted once and issues exactly one certificate', async () => {
    const s = await newStudent('complete');
    const { course, lessonIds } = await seedCourse(t.db, twoChapters());
    await enroll(t.db, s.id, course.id);
    const [l1, l2, l3] = lessonIds.flat();
    expect((await put(l1!, 'completed', s.cookie)).json()).toMatchObject({ justCompleted: false, courseCompleted: false });
    expect((await put(l2!, 'completed', s.cookie)).json()).toMatchObject({ justCompleted: false, courseCompleted: false });
    const certsBefore = await t.db.select().from(certificates).where(eq(certificates.studentId, s.id));
    expect(certsBefore).toHaveLength(0);
    expect((await put(l3!, 'completed', s.cookie)).json()).toMatchObject({
      justCompleted: true,
      courseCompleted: true,
      progress: { percent: 100 },
    });
    expect((await put(l3!, 'completed', s.cookie)).json()).toMatchObject({ justCompleted: false, courseCompleted: true });
    expect((await put(l1!, 'in_progress', s.cookie)).json()).toMatchObject({ justCompleted: false, courseCompleted: true });
    const certs = await t.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.studentId, s.id), eq(certificates.courseId, course.id)));
    expect(certs).toHaveLength(1);
  });

  it('tells justCompleted once when every lesson is completed at the same time (two tabs, retries)', async () => {
    const s = await newStudent('together');
    const { course, lessonIds } = await seedCourse(t.db, twoChapters());
    await enroll(t.db, s.id, course.id);
    const all = lessonIds.flat();
    const answers = (await Promise.all([...all, ...all].map((l) => put(l, 'completed', s.cookie)))).map(
      (r) => r.json() as ProgressResponse,
    );
    // Each write saw the ones before it: the three new completions counted 1, 2 and 3 (a repeated
    // one, the count of its moment), and only the one that made 3 said "just completed".
    expect(answers.filter((a) => a.justCompleted)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.progress.completedLessons))).toEqual(new Set([1, 2, 3]));
    const certs = await t.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.studentId, s.id), eq(certificates.courseId, course.id)));
    expect(certs).toHaveLength(1);
  });

  it('refuses a course the student is not enrolled in and an unpublished course, writing nothing', async () => {
    const other = await seedCourse(t.db, twoChapters());
    await enroll(t.db, bobId, other.course.id);
    const lesson = other.lessonIds[0]![0]!;
    const res = await put(lesson, 'completed', alice);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(ErrorCode.notEnrolled);
    expect(await rows(aliceId, lesson)).toHaveLength(0);

    const draft = await seedCourse(t.db, { isPublished: false, ...twoChapters() });
    await enroll(t.db, aliceId, draft.course.id);
    const d = await put(draft.lessonIds[0]![0]!, 'completed', alice);
    expect(d.statusCode).toBe(404);
    expect(d.json().error.message).toBe(LearningMessages.courseNotFound);
    expect(await rows(aliceId, draft.lessonIds[0]![0]!)).toHaveLength(0);

    const unknown = await put('00000000-0000-4000-8000-000000000000', 'completed', alice);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(LearningMessages.lessonNotFound);
    expect((await put('not-a-uuid', 'in_progress', alice)).statusCode).toBe(404);
  });

  it('percent and status follow when the tutor adds a lesson to a completed course', async () => {
    const s = await newStudent('grows');
    const { course, chapterIds, lessonIds } = await seedCourse(t.db, twoChapters());
    await enroll(t.db, s.id, course.id);
    for (const lesson of lessonIds.flat()) await put(lesson, 'completed', s.cookie);
    const courseOnDashboard = async () =>
      ((await get('/api/student/dashboard', s.cookie)).json() as DashboardResponse).courses.find((c) => c.id === course.id);
    expect(await courseOnDashboard()).toMatchObject({ percent: 100, status: 'completed' });

    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/chapters/${chapterIds[1]}/lessons`,
      headers: { cookie: admin },
      payload: { title: 'b2', lessonType: 'VIDEO', videoUrl: 'https://vimeo.com/76979871' },
    });
    expect(added.statusCode).toBe(201);
    expect(await courseOnDashboard()).toMatchObject({ percent: 75, status: 'in_progress', completedLessons: 3, totalLessons: 4 });
    const learn = (await get(`/api/courses/${course.id}/learn`, s.cookie)).json() as LearnResponse;
    expect(learn.progress).toMatchObject({ percent: 75, completedLessons: 3, totalLessons: 4 });
    expect(learn.firstUnfinishedLessonId).toBe(added.json().lesson.id);
  });

  it('answers 400 to a wrong body', async () => {
    const { course, lessonIds } = await seedCourse(t.db, twoChapters());
    await enroll(t.db, aliceId, course.id);
    for (const payload of [{ status: 'done' }, {}, { status: 'completed', extra: 1 }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/lessons/${lessonIds[0]![0]}/progress`,
        headers: { cookie: alice },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await rows(aliceId, lessonIds[0]![0]!)).toHaveLength(0);
  });

  it('in admin preview answers 200 and writes nothing', async () => {
    const { course, lessonIds } = await seedCourse(t.db, { chapters: [{ title: 'c', lessons: [{ title: 'only' }] }] });
    const adminId = await userId(t.db, ADMIN);
    const res = await put(lessonIds[0]![0]!, 'completed', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ preview: true, lessonStatus: 'completed', courseCompleted: true, progress: { percent: 100 } });
    expect(await t.db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, lessonIds[0]![0]!))).toHaveLength(0);
    expect(await t.db.select().from(certificates).where(eq(certificates.studentId, adminId))).toHaveLength(0);
    expect(await t.db.select().from(enrollments).where(eq(enrollments.courseId, course.id))).toHaveLength(0);
  });

  it('in admin preview answers as if the lesson were the only one done', async () => {
    const { lessonIds } = await seedCourse(t.db, twoChapters());
    const lesson = lessonIds[1]![0]!;
    expect((await put(lesson, 'completed', admin)).json()).toEqual({
      lessonStatus: 'completed',
      progress: { completedLessons: 1, totalLessons: 3, percent: progressPercent(1, 3) },
      courseCompleted: false,
      justCompleted: false,
      preview: true,
    });
    expect((await put(lesson, 'in_progress', admin)).json()).toEqual({
      lessonStatus: 'in_progress',
      progress: { completedLessons: 0, totalLessons: 3, percent: 0 },
      courseCompleted: false,
      justCompleted: false,
      preview: true,
    });
  });
});

describe('learning_completion_outcome (the one rule for "course just completed")', () => {
  const outcome = async (student: string, lesson: string, completed: string[] | null) =>
    (
      await t.db.execute<{ total: number; completed_before: number; completed_after: number; course_just_completed: boolean }>(
        sql`select * from learning_completion_outcome(${student}::uuid, ${lesson}::uuid, ${completed === null ? null : `{${completed.join(',')}}`}::uuid[])`,
      )
    ).rows[0];

  it('answers from a given set of completed lessons, counting only those of the course and writing nothing', async () => {
    const { lessonIds } = await seedCourse(t.db, twoChapters());
    const other = await seedCourse(t.db, twoChapters());
    const [l1, l2, l3] = lessonIds.flat() as [string, string, string];
    const stranger = other.lessonIds[0]![0]!;
    expect(await outcome(aliceId, l3, [])).toEqual({ total: 3, completed_before: 0, completed_after: 1, course_just_completed: false });
    expect(await outcome(aliceId, l3, [l1, l2, stranger])).toEqual({
      total: 3,
      completed_before: 2,
      completed_after: 3,
      course_just_completed: true,
    });
    // The lesson already done: nothing changes, so the course is complete but not just now.
    expect(await outcome(aliceId, l3, [l1, l2, l3])).toEqual({
      total: 3,
      completed_before: 3,
      completed_after: 3,
      course_just_completed: false,
    });
    expect(await rows(aliceId, l3)).toHaveLength(0);
  });

  it("answers from the student's stored progress when no set is given; an unknown lesson finishes nothing", async () => {
    const s = await newStudent('outcome');
    const { course, lessonIds } = await seedCourse(t.db, twoChapters());
    await enroll(t.db, s.id, course.id);
    const [l1, l2, l3] = lessonIds.flat() as [string, string, string];
    await put(l1, 'completed', s.cookie);
    await put(l2, 'in_progress', s.cookie);
    expect(await outcome(s.id, l3, null)).toEqual({ total: 3, completed_before: 1, completed_after: 2, course_just_completed: false });
    await put(l2, 'completed', s.cookie);
    expect(await outcome(s.id, l3, null)).toEqual({ total: 3, completed_before: 2, completed_after: 3, course_just_completed: true });
    expect(await outcome(s.id, l2, null)).toEqual({ total: 3, completed_before: 2, completed_after: 2, course_just_completed: false });
    expect(await outcome(s.id, crypto.randomUUID(), [])).toEqual({
      total: 0,
      completed_before: 0,
      completed_after: 0,
      course_just_completed: false,
    });
  });
});
