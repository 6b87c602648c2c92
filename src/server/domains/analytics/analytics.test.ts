import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResponse, VelocityStudent } from '../../../common/analytics';
import {
  analyticsApp,
  completedAt,
  course,
  DAY,
  enrollAt,
  HOUR,
  eventAt,
  inProgressAt,
  MINUTE,
  student,
  tutorChat,
  type AnalyticsTestApp,
} from '@test-support/fixtures/analytics';

/**
 * The analytics rules on small hand-made data sets, each on a fresh database with a fixed
 * clock (2026-03-10 12:00 UTC; "today" is 2026-03-10). The expected numbers are worked out in the
 * comments next to the data.
 */

const SECOND = 1000;

function velocityOf(body: AnalyticsResponse, id: string): VelocityStudent {
  const row = body.learningVelocity.students.find((s) => s.student.id === id);
  if (!row) throw new Error(`no velocity row for ${id}`);
  return row;
}

/** A student enrolled in `courseId` who completed `lessons` at the given times. */
async function learner(t: AnalyticsTestApp, name: string, courseId: string, enrolledAgo: number, lessons: [string, number][]) {
  const id = await student(t.db, name);
  await enrollAt(t.db, id, courseId, t.ago(enrolledAgo));
  for (const [lessonId, ago] of lessons) await completedAt(t.db, id, lessonId, t.ago(ago));
  return id;
}

describe('one definition of an active student (active, new, inactive) and the summary cards', () => {
  let t: AnalyticsTestApp;
  let body: AnalyticsResponse;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await analyticsApp();
    const A = await course(t.db, 'Algebra', [5, 5]); // 10 lessons
    const E = await course(t.db, 'Seven', [7]); // 7 lessons
    const five = (lastAgo: number): [string, number][] => A.lessons.slice(0, 5).map((l, i) => [l, i === 4 ? lastAgo : 20 * DAY]);
    // 5 of 10 lessons (50%), the last one completed exactly 7 days ago, 7 days and 1 second ago, ...
    ids.at7 = await learner(t, 'At7', A.id, 40 * DAY, five(7 * DAY));
    ids.after7 = await learner(t, 'After7', A.id, 40 * DAY, five(7 * DAY + SECOND));
    ids.at14 = await learner(t, 'At14', A.id, 40 * DAY, five(14 * DAY));
    ids.after14 = await learner(t, 'After14', A.id, 40 * DAY, five(14 * DAY + SECOND));
    ids.never = await student(t.db, 'Never'); // no enrollment, no activity
    // Exactly 30%: 3 of 10. 29%: 2 of 7 = 28.6, rounded to 29.
    ids.pct30 = await learner(
      t,
      'Pct30',
      A.id,
      10 * DAY,
      A.lessons.slice(0, 3).map((l) => [l, DAY]),
    );
    ids.pct29 = await learner(
      t,
      'Pct29',
      E.id,
      10 * DAY,
      E.lessons.slice(0, 2).map((l) => [l, DAY]),
    );
    // Active yesterday, then unenrolled: activity is history, so still active.
    ids.unenrolled = await learner(t, 'Unenrolled', A.id, 10 * DAY, [[A.lessons[0]!, DAY]]);
    // Two who joined today and did nothing yet: new, never "inactive". One registered and was
    // enrolled an hour ago; the other registered long ago and was enrolled in a course today.
    ids.joinedToday = await student(t.db, 'JoinedToday', { createdAt: t.ago(HOUR) });
    await enrollAt(t.db, ids.joinedToday, A.id, t.ago(HOUR));
    ids.enrolledToday = await student(t.db, 'EnrolledToday');
    await enrollAt(t.db, ids.enrolledToday, E.id, t.ago(2 * HOUR));
    await t.db.execute(sql`delete from enrollments where student_id = ${ids.unenrolled}`);
    await t.db.execute(sql`delete from lesson_progress where student_id = ${ids.unenrolled}`);
    // Not approved: not counted anywhere.
    const pending = await student(t.db, 'Pending', { approvalStatus: 'pending' });
    await eventAt(t.db, pending, A.lessons[0]!, 'lesson_opened', t.ago(DAY));
    body = await t.analytics();
  });

  it('counts students active within 7 days, boundary included, the same number on the card and in Student Engagement', () => {
    // at7, pct30, pct29, unenrolled (yesterday); after7 is 7 days and 1 second ago.
    expect(body.totals.totalStudents).toBe(10);
    expect(body.totals.activeStudents).toBe(4);
    expect(body.studentEngagement.active.count).toBe(body.totals.activeStudents);
  });

  it('calls a student active, new or inactive by that one definition everywhere: the engagement card and each velocity row', () => {
    const status = (id: string) => body.learningVelocity.students.find((s) => s.student.id === id)?.status;
    expect(status(ids.at7!)).toBe('active');
    expect(status(ids.after7!)).toBe('inactive');
    expect(status(ids.at14!)).toBe('inactive');
    expect(status(ids.after14!)).toBe('inactive');
    // Progress does not make a student less active: 29% yesterday is active.
    expect(status(ids.pct30!)).toBe('active');
    expect(status(ids.pct29!)).toBe('active');
    // Joined today: new, not "no activity for more than 14 days".
    expect(status(ids.joinedToday!)).toBe('new');
    expect(status(ids.enrolledToday!)).toBe('new');
    // never (no enrollment, no activity, registered long ago) is inactive; unenrolled (active yesterday) is active.
    expect(body.studentEngagement).toEqual({
      total: 10,
      active: { count: 4, percent: 40 },
      new: { count: 2, percent: 20 },
      inactive: { count: 4, percent: 40 },
    });
  });

  it('fills the summary cards', () => {
    // Enrollments: four at 50% (40 days ago), 30% and 29% (10 days ago), two at 0% (today): average 259 / 8 = 32.4.
    expect(body.totals).toMatchObject({
      totalCourses: 2,
      publishedCourses: 2,
      totalEnrollments: 8,
      newEnrollmentsLast30Days: 4,
      averageProgress: 32,
      completedLessons: 5 * 4 + 3 + 2,
    });
    expect(
      body.topPerformingCourses.map((c) => [
        c.rank,
        c.course.title,
        c.enrollmentCount,
        c.totalLessons,
        c.completionRate,
        c.averageProgress,
      ]),
    ).toEqual([
      [1, 'Algebra', 6, 10, 0, 38], // (50 * 4 + 30 + 0) / 6 = 38.3; 6 enrollments, enough for a verdict
      [2, 'Seven', 2, 7, 0, 14], // (29 + 0) / 2 = 14.5, rounded half to even as PostgreSQL rounds a float
    ]);
  });

  it('does not depend on the time range', async () => {
    for (const range of ['7d', '90d', 'all'] as const) {
      const other = await t.analytics(range);
      expect(other.totals).toEqual(body.totals);
      expect(other.studentEngagement).toEqual(body.studentEngagement);
    }
  });
});

describe('Top Performing Courses', () => {
  it('ranks by what the label says: courses with enough students first, then completion rate, then average progress', async () => {
    const t = await analyticsApp();
    const many = async (name: string, courseId: string, n: number, lessons: (i: number) => string[]) => {
      for (let i = 0; i < n; i++)
        await learner(
          t,
          `${name}${i}`,
          courseId,
          10 * DAY,
          lessons(i).map((l) => [l, DAY]),
        );
    };
    const good = await course(t.db, 'Good', [1]);
    const better = await course(t.db, 'Better', [2]);
    const steady = await course(t.db, 'Steady', [2]);
    const big = await course(t.db, 'Big', [1]);
    const tiny = await course(t.db, 'Tiny', [1]);
    await course(t.db, 'Empty', [1]);
    const draft = await course(t.db, 'Draft', [1], { isPublished: false });
    // Good: 2 of 5 completed (40%). Better: 1 of 5 completed, the others half way (20%, average 60).
    // Steady: 1 of 5 completed, the others not started (20%, average 20). Big: 6 students, none
    // completed. Tiny: its one student completed (100%, but n = 1). Empty has no student, Draft is not published.
    await many('G', good.id, 5, (i) => (i < 2 ? good.lessons : []));
    await many('B', better.id, 5, (i) => (i < 1 ? better.lessons : better.lessons.slice(0, 1)));
    await many('S', steady.id, 5, (i) => (i < 1 ? steady.lessons : []));
    await many('Z', big.id, 6, () => []);
    await many('T', tiny.id, 1, () => tiny.lessons);
    await many('D', draft.id, 1, () => draft.lessons);
    const body = await t.analytics();
    expect(body.topPerformingCourses.map((c) => [c.rank, c.course.title, c.enrollmentCount, c.completionRate, c.averageProgress])).toEqual([
      [1, 'Good', 5, 40, 40],
      [2, 'Better', 5, 20, 60],
      [3, 'Steady', 5, 20, 20],
      [4, 'Big', 6, 0, 0],
      [5, 'Tiny', 1, 100, 100],
    ]);
  });
});

describe('learning velocity', () => {
  let t: AnalyticsTestApp;
  let body: AnalyticsResponse;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await analyticsApp();
    const V = await course(t.db, 'Velocity', [10]);
    const W = await course(t.db, 'Five', [5]);
    const at = (n: number, ago: number, from = 0): [string, number][] => V.lessons.slice(from, from + n).map((l) => [l, ago]);
    // 4 weeks of history. 4 lessons 20 days ago: pace 1.0 (not "Low activity"); none recent: acceleration -1 (stable, not decreasing).
    ids.steady = await learner(t, 'Steady', V.id, 28 * DAY, at(4, 20 * DAY));
    // 3 lessons: pace 0.75, "Low activity"; acceleration -0.75.
    ids.slow = await learner(t, 'Slow', V.id, 28 * DAY, at(3, 20 * DAY));
    // 2 old + 6 recent: pace 8 / 4 = 2, recent 6 / 2 = 3, acceleration exactly 1: stable.
    ids.plusOne = await learner(t, 'PlusOne', V.id, 28 * DAY, [...at(2, 20 * DAY), ...at(6, 2 * DAY, 2)]);
    // 1 old + 7 recent: recent 3.5, acceleration 1.5: increasing.
    ids.rising = await learner(t, 'Rising', V.id, 28 * DAY, [...at(1, 20 * DAY), ...at(7, 2 * DAY, 1)]);
    // 8 old: pace 2, recent 0, acceleration -2: decreasing, "Declining engagement"; (50 - 8) / 2 = 21 weeks to go.
    ids.falling = await learner(t, 'Falling', V.id, 28 * DAY, at(8, 20 * DAY));
    // 1 of 5 = 20%: not "Struggling with content"; pace 0.25 ("Low activity"), recent 0.5.
    ids.twenty = await learner(t, 'Twenty', W.id, 28 * DAY, [[W.lessons[0]!, 3 * DAY]]);
    // Enrolled 3 days ago, nothing done: 1 week of history at least, pace 0 (no date predicted). Too new for
    // "Low activity", and a course not started is no "Struggling with content".
    ids.fresh = await learner(t, 'Fresh', W.id, 3 * DAY, []);
    // 10 days of history (1.43 weeks), 3 lessons yesterday: pace = recent pace = 2.1, acceleration 0.
    ids.young = await learner(t, 'Young', V.id, 10 * DAY, at(3, DAY));
    // The recent window is the last 14 UTC days: 2026-02-25 00:00 is in it, 2026-02-24 23:59 is not.
    ids.edge = await learner(t, 'Edge', V.id, 28 * DAY, [
      [V.lessons[0]!, 13 * DAY + 12 * 60 * MINUTE],
      [V.lessons[1]!, 13 * DAY + 12 * 60 * MINUTE + MINUTE],
      [V.lessons[2]!, 20 * DAY],
    ]);
    // Decreasing with 2 risk factors (the intervention note): 8 old lessons in V; W opened 20 days ago, nothing completed.
    ids.both = await learner(t, 'Both', V.id, 28 * DAY, at(8, 20 * DAY));
    await enrollAt(t.db, ids.both, W.id, t.ago(28 * DAY));
    await inProgressAt(t.db, ids.both, W.lessons[0]!, t.ago(20 * DAY));
    // Just finished W (5 lessons 2 days ago), V enrolled 28 days ago and not started (0%): no risk at all.
    ids.finished = await learner(
      t,
      'Finished',
      W.id,
      28 * DAY,
      W.lessons.map((l) => [l, 2 * DAY]),
    );
    await enrollAt(t.db, ids.finished, V.id, t.ago(28 * DAY));
    // Finished their only course 50 days ago: a slow pace (5 in 60 days), but nothing left, so no risk and no date.
    ids.done = await learner(
      t,
      'Done',
      W.id,
      60 * DAY,
      W.lessons.map((l) => [l, 50 * DAY]),
    );
    // Opened a lesson of V 5 days ago, still 0%: not stalled yet (14 days), no risk.
    ids.starting = await learner(t, 'Starting', V.id, 5 * DAY, []);
    await inProgressAt(t.db, ids.starting, V.lessons[0]!, t.ago(5 * DAY));
    body = await t.analytics();
  });

  it('computes pace, recent pace, acceleration and trend against the thresholds', () => {
    const pick = (id: string) => {
      const v = velocityOf(body, id);
      return [v.averageLessonsPerWeek, v.recentLessonsPerWeek, v.learningAcceleration, v.engagementTrend];
    };
    expect(pick(ids.steady!)).toEqual([1, 0, -1, 'stable']);
    expect(pick(ids.slow!)).toEqual([0.75, 0, -0.75, 'stable']);
    expect(pick(ids.plusOne!)).toEqual([2, 3, 1, 'stable']);
    expect(pick(ids.rising!)).toEqual([2, 3.5, 1.5, 'increasing']);
    expect(pick(ids.falling!)).toEqual([2, 0, -2, 'decreasing']);
    expect(pick(ids.twenty!)).toEqual([0.25, 0.5, 0.25, 'stable']);
    expect(pick(ids.fresh!)).toEqual([0, 0, 0, 'stable']);
    expect(pick(ids.young!)).toEqual([2.1, 2.1, 0, 'stable']);
    expect(pick(ids.edge!)).toEqual([0.75, 0.5, -0.25, 'stable']);
  });

  it('names the risk factors at their thresholds', () => {
    expect(velocityOf(body, ids.steady!).riskFactors).toEqual([]);
    expect(velocityOf(body, ids.slow!).riskFactors).toEqual(['Low activity']);
    expect(velocityOf(body, ids.falling!).riskFactors).toEqual(['Declining engagement']);
    expect(velocityOf(body, ids.twenty!).riskFactors).toEqual(['Low activity']);
    expect(velocityOf(body, ids.fresh!).riskFactors).toEqual([]);
    expect(velocityOf(body, ids.both!).riskFactors).toEqual(['Declining engagement', 'Struggling with content']);
    expect(velocityOf(body, ids.both!).averageProgress).toBe(40); // (80 + 0) / 2
  });

  it('judges risk per enrollment: a finished course, a course not started or one just begun is no risk', () => {
    // The old rule (any enrollment under 20%) flagged each of these 'Struggling with content'.
    expect(velocityOf(body, ids.finished!)).toMatchObject({ averageProgress: 50, riskFactors: [], engagementTrend: 'increasing' });
    expect(velocityOf(body, ids.starting!).riskFactors).toEqual([]);
    // Nothing left to learn: no risk, however slow the pace was (the old rule said 'Low activity').
    expect(velocityOf(body, ids.done!)).toMatchObject({ averageProgress: 100, lessonsLeft: 0, riskFactors: [] });
    expect(velocityOf(body, ids.done!).averageLessonsPerWeek).toBeLessThan(1);
  });

  it('predicts completion from the lessons left in the student’s courses at their pace; no date without lessons left or a pace', () => {
    const weeksFromNow = (id: string) => (Date.parse(velocityOf(body, id).predictedCompletionDate!) - t.clock.getTime()) / (7 * DAY);
    expect(velocityOf(body, ids.steady!).lessonsLeft).toBe(6);
    expect(weeksFromNow(ids.steady!)).toBeCloseTo(6, 6); // 6 left at 1 a week (the old 50-lesson target said 46)
    expect(weeksFromNow(ids.falling!)).toBeCloseTo(1, 6); // 2 left at 2 a week
    expect(weeksFromNow(ids.twenty!)).toBeCloseTo(16, 6); // 4 left at 0.25 a week
    expect(weeksFromNow(ids.young!)).toBeCloseTo(7 / 2.1, 4);
    // Both: 2 left in V and 5 in W, at 2 a week.
    expect(velocityOf(body, ids.both!).lessonsLeft).toBe(7);
    expect(weeksFromNow(ids.both!)).toBeCloseTo(3.5, 6);
    expect(velocityOf(body, ids.fresh!)).toMatchObject({ lessonsLeft: 5, predictedCompletionDate: null });
    expect(velocityOf(body, ids.done!).predictedCompletionDate).toBeNull();
  });

  it('summarises the trends and lists the students most at risk first', () => {
    expect(body.learningVelocity).toMatchObject({ studentsWithEnrollments: 13, increasing: 2, decreasing: 2, stable: 9, atRisk: 5 });
    const order = body.learningVelocity.students.map((s) => s.student.lastName);
    // 2 risk factors, then 1 (slowest first), then none (slowest first).
    expect(order.slice(0, 1)).toEqual(['Both']);
    expect(order.slice(1, 5)).toEqual(['Twenty', 'Edge', 'Slow', 'Falling']);
    expect(order.slice(5)).toEqual(['Fresh', 'Starting', 'Done', 'Steady', 'Finished', 'PlusOne', 'Rising', 'Young']);
  });
});

describe('drop-off and learning paths', () => {
  let t: AnalyticsTestApp;
  let body: AnalyticsResponse;
  let F: Awaited<ReturnType<typeof course>>;

  beforeAll(async () => {
    t = await analyticsApp();
    // Chapter 1: L1, L2, L3; chapter 2: L4, L5. Ten students.
    F = await course(t.db, 'Funnel', [3, 2]);
    const [L1, L2, L3, L4, L5] = F.lessons as [string, string, string, string, string];
    const s: string[] = [];
    for (let i = 0; i < 10; i++) {
      s.push(await student(t.db, `F${i}`));
      await enrollAt(t.db, s[i]!, F.id, t.ago(30 * DAY));
    }
    const lesson = async (lessonId: string, started: number, completed: number) => {
      for (let i = 0; i < started; i++) {
        if (i < completed) await completedAt(t.db, s[i]!, lessonId, t.ago(2 * DAY));
        else await inProgressAt(t.db, s[i]!, lessonId, t.ago(DAY));
      }
    };
    await lesson(L1, 10, 7); // 30%: exactly the course threshold (not above), above the global 20%
    await lesson(L3, 10, 8); // 20%: exactly the global threshold, not listed
    await lesson(L4, 5, 2); // 60%: medium (not above 60)
    await lesson(L5, 5, 1); // 80%: high
    // L2: 10 started, 6 completed (40%: low). F4 came back after 8 days (recovered); F5 after exactly 7 days (not).
    for (const i of [0, 1, 2, 3]) await completedAt(t.db, s[i]!, L2, t.ago(2 * DAY));
    await completedAt(t.db, s[4]!, L2, t.ago(12 * DAY), t.ago(20 * DAY));
    await completedAt(t.db, s[5]!, L2, t.ago(8 * DAY), t.ago(15 * DAY));
    // The 4 who stopped: struggling when untouched for more than 10080 minutes.
    await inProgressAt(t.db, s[6]!, L2, t.ago(10080 * MINUTE + SECOND)); // struggling; no events: opened only
    await inProgressAt(t.db, s[7]!, L2, t.ago(10080 * MINUTE)); // exactly 7 days: not yet
    await inProgressAt(t.db, s[8]!, L2, t.ago(20 * DAY)); // struggling
    await inProgressAt(t.db, s[9]!, L2, t.ago(DAY));
    await eventAt(t.db, s[7]!, L2, 'video_started', t.ago(7 * DAY));
    await eventAt(t.db, s[7]!, L2, 'lesson_heartbeat', t.ago(7 * DAY), 120);
    await eventAt(t.db, s[7]!, L2, 'lesson_heartbeat', t.ago(7 * DAY), 60); // 180 s
    await eventAt(t.db, s[8]!, L2, 'pdf_viewed', t.ago(20 * DAY));
    await eventAt(t.db, s[8]!, L2, 'lesson_heartbeat', t.ago(20 * DAY), 300);
    await eventAt(t.db, s[9]!, L2, 'lesson_opened', t.ago(DAY));
    // A second course: two of three students finished both lessons, in 6 and 4 days.
    const H = await course(t.db, 'Short', [2]);
    for (const [name, enrolled, done] of [
      ['H1', 10, [7, 4]],
      ['H2', 5, [4, 1]],
      ['H3', 5, [4]],
    ] as const) {
      await learner(
        t,
        name,
        H.id,
        enrolled * DAY,
        done.map((ago, i) => [H.lessons[i]!, ago * DAY]),
      );
    }
    await course(t.db, 'Draft', [2], { isPublished: false });
    body = await t.analytics();
  });

  it('lists lessons above 20% (strictly), by rate, with severity', () => {
    expect(body.dropoffAnalysis.map((d) => [d.lesson.title, d.dropoffRate, d.severity, d.studentsStarted, d.studentsCompleted])).toEqual([
      ['Funnel 2.2', 80, 'high', 5, 1],
      ['Funnel 2.1', 60, 'medium', 5, 2],
      ['Funnel 1.2', 40, 'low', 10, 6],
      ['Funnel 1.1', 30, 'low', 10, 7],
    ]);
    expect(body.dropoffAnalysis[0]).toMatchObject({
      chapter: { title: 'Funnel chapter 2' },
      course: { title: 'Funnel' },
      lesson: { lessonType: 'VIDEO' },
    });
  });

  it('reads struggling indicators from progress and events', () => {
    const l2 = body.dropoffAnalysis.find((d) => d.lesson.title === 'Funnel 1.2')!;
    expect(l2.strugglingIndicators).toEqual({
      strugglingStudents: 2,
      timeSpentBeforeDropoff: 4, // (180 + 300) / 2 seconds = 4 minutes
      commonExitPoints: [
        { point: 'opened_only', label: 'Opened the lesson only', students: 2 },
        { point: 'started_video', label: 'Started the video', students: 1 },
        { point: 'viewed_pdf', label: 'Viewed the PDF', students: 1 },
      ],
      recoveryRate: 33, // 1 recovered of 1 + 2 struggling
    });
    const l1 = body.dropoffAnalysis.find((d) => d.lesson.title === 'Funnel 1.1')!;
    expect(l1.strugglingIndicators).toMatchObject({ strugglingStudents: 0, timeSpentBeforeDropoff: null, recoveryRate: null });
  });

  it('gives each course its drop-off points above 30% (strictly), chapter difficulty and completion time', () => {
    expect(body.learningPathInsights.map((p) => p.course.title)).toEqual(['Funnel', 'Short']);
    const funnel = body.learningPathInsights[0]!;
    // F0 completed all five lessons 2 days ago, 28 days after enrolling.
    expect(funnel).toMatchObject({ enrollmentCount: 10, averageCompletionTimeDays: 28, lessonsInSequence: 5, dropoffPointCount: 3 });
    expect(funnel.commonDropoffPoints.map((d) => [d.lesson.title, d.chapter.title, d.dropoffRate, d.studentsAffected])).toEqual([
      ['Funnel 2.2', 'Funnel chapter 2', 80, 4],
      ['Funnel 2.1', 'Funnel chapter 2', 60, 3],
      ['Funnel 1.2', 'Funnel chapter 1', 40, 4],
    ]);
    // Chapter 1: 21 of 30 started lessons completed; chapter 2: 3 of 10.
    expect(
      funnel.difficultyProgression.map((c) => [
        c.chapter.title,
        c.order,
        c.lessons,
        c.studentsStarted,
        c.completionRate,
        c.difficultyScore,
      ]),
    ).toEqual([
      ['Funnel chapter 1', 1, 3, 30, 70, 30],
      ['Funnel chapter 2', 2, 2, 10, 30, 70],
    ]);
    expect(funnel.difficultyProgression.map((c) => c.students)).toEqual([10, 5]);
    expect(funnel.commonDropoffPoints.map((d) => [d.studentsStarted, d.severity])).toEqual([
      [5, 'high'],
      [5, 'medium'],
      [10, 'low'],
    ]);
    const short = body.learningPathInsights[1]!;
    expect(short).toMatchObject({ enrollmentCount: 3, averageCompletionTimeDays: 5, dropoffPointCount: 0, commonDropoffPoints: [] });
    // 3 students: the completion rate with its sample, and no difficulty verdict.
    expect(short.difficultyProgression.map((c) => [c.students, c.completionRate, c.difficultyScore])).toEqual([[3, 100, null]]);
  });
});

describe('drop-off caps: top 5 per course, top 10 overall', () => {
  it('keeps the highest rates', async () => {
    const t = await analyticsApp();
    // 12 lessons, lesson i started by 10 students and completed by i - 1 of them: rates 100, 90, ..., 0 (lesson 12 at -10%: none).
    const C = await course(t.db, 'Caps', [12]);
    const s: string[] = [];
    for (let i = 0; i < 10; i++) s.push(await student(t.db, `C${i}`));
    for (const [li, lessonId] of C.lessons.entries()) {
      for (let i = 0; i < 10; i++) {
        if (i < li) await completedAt(t.db, s[i]!, lessonId, t.ago(DAY));
        else await inProgressAt(t.db, s[i]!, lessonId, t.ago(DAY));
      }
      if (li === 9) break; // lessons 1..10: rates 100 .. 10
    }
    for (const id of s) await enrollAt(t.db, id, C.id, t.ago(5 * DAY));
    const body = await t.analytics();
    // Above 20%: 100 .. 30 (8 lessons), all listed; above 30% in the course: 100 .. 40 (7), top 5 shown.
    expect(body.dropoffAnalysis.map((d) => d.dropoffRate)).toEqual([100, 90, 80, 70, 60, 50, 40, 30]);
    const path = body.learningPathInsights[0]!;
    expect(path.dropoffPointCount).toBe(7);
    expect(path.commonDropoffPoints.map((d) => d.dropoffRate)).toEqual([100, 90, 80, 70, 60]);

    // Three more lessons at 100% in another course, started by one student each: 11 above 20%. A sample too small
    // for a verdict comes after every lesson with one, with no severity (the old rule put them first, 'high').
    const D = await course(t.db, 'More', [3]);
    for (const lessonId of D.lessons) await inProgressAt(t.db, s[0]!, lessonId, t.ago(DAY));
    const more = await t.analytics();
    expect(more.dropoffAnalysis.map((d) => [d.dropoffRate, d.studentsStarted, d.severity])).toEqual([
      [100, 10, 'high'],
      [90, 10, 'high'],
      [80, 10, 'high'],
      [70, 10, 'high'],
      [60, 10, 'medium'],
      [50, 10, 'medium'],
      [40, 10, 'low'],
      [30, 10, 'low'],
      [100, 1, null],
      [100, 1, null],
    ]);
  });
});

describe('time range', () => {
  let t: AnalyticsTestApp;
  let ranges: Record<'7d' | '30d' | '90d' | 'all', AnalyticsResponse>;

  beforeAll(async () => {
    t = await analyticsApp();
    const R = await course(t.db, 'Range', [3], { types: ['VIDEO', 'PDF', 'VIDEO'] });
    const [video, pdf, third] = R.lessons as [string, string, string];
    // Four students, each enrolled, completing and active at a different distance in time.
    const r2 = await learner(t, 'R2', R.id, 3 * DAY, [[video, DAY]]);
    const r3 = await learner(t, 'R3', R.id, 25 * DAY, [[video, 10 * DAY]]);
    const r4 = await learner(t, 'R4', R.id, 80 * DAY, [[video, 40 * DAY]]);
    const r1 = await learner(t, 'R1', R.id, 200 * DAY, [[video, 150 * DAY]]);
    await eventAt(t.db, r2, video, 'video_started', t.ago(2 * DAY));
    await eventAt(t.db, r3, video, 'video_started', t.ago(20 * DAY));
    await eventAt(t.db, r4, video, 'video_started', t.ago(60 * DAY));
    await eventAt(t.db, r1, video, 'video_started', t.ago(120 * DAY));
    // PDF lesson: opened with 60 s visible 2 days ago, and with 180 s 20 days ago.
    await eventAt(t.db, r2, pdf, 'lesson_opened', t.ago(2 * DAY));
    await eventAt(t.db, r2, pdf, 'pdf_viewed', t.ago(2 * DAY));
    await eventAt(t.db, r2, pdf, 'lesson_heartbeat', t.ago(2 * DAY), 60);
    await eventAt(t.db, r3, pdf, 'lesson_opened', t.ago(20 * DAY));
    await eventAt(t.db, r3, pdf, 'pdf_viewed', t.ago(20 * DAY));
    await eventAt(t.db, r3, pdf, 'lesson_heartbeat', t.ago(20 * DAY), 180);
    // Tutor questions: 1 (yesterday), 2 (15 days ago), 3 (45 days ago); the administrator's preview chat never counts.
    await tutorChat(t.db, r2, video, R.id, t.ago(DAY), 1);
    await tutorChat(t.db, r3, pdf, R.id, t.ago(15 * DAY), 2);
    await tutorChat(t.db, r4, third, R.id, t.ago(45 * DAY), 3);
    const { rows } = await t.db.execute<{ id: string }>(sql`select id from users where role = 'admin'`);
    await tutorChat(t.db, rows[0]!.id, video, R.id, t.ago(DAY), 4);
    ranges = { '7d': await t.analytics('7d'), '30d': await t.analytics(), '90d': await t.analytics('90d'), all: await t.analytics('all') };
  });

  it('defaults to 30 days and reports the period', () => {
    expect(ranges['30d'].range).toBe('30d');
    expect(ranges['30d'].period.from).toBe(new Date(t.clock.getTime() - 30 * DAY).toISOString());
    expect(ranges.all.period.from).toBeNull();
    const period = (r: AnalyticsResponse) => [r.period.newEnrollments, r.period.lessonsCompleted, r.period.activeStudents];
    expect(period(ranges['7d'])).toEqual([1, 1, 1]);
    expect(period(ranges['30d'])).toEqual([2, 2, 2]);
    expect(period(ranges['90d'])).toEqual([3, 3, 3]);
    expect(period(ranges.all)).toEqual([4, 4, 4]);
  });

  it('filters content engagement', () => {
    expect(ranges['7d'].contentEngagement.video.totalViews).toBe(1);
    expect(ranges['30d'].contentEngagement.video.totalViews).toBe(2);
    expect(ranges['90d'].contentEngagement.video.totalViews).toBe(3);
    expect(ranges.all.contentEngagement.video.totalViews).toBe(4);
    expect(ranges['7d'].contentEngagement.pdf).toEqual({ totalDownloads: 1, averageTimeOnPage: 1, bounceRate: null });
    expect(ranges['30d'].contentEngagement.pdf).toEqual({ totalDownloads: 2, averageTimeOnPage: 2, bounceRate: null });
    expect(ranges['30d'].contentEngagement.lessons).toEqual({ opens: 2, totalVisibleMinutes: 4, averageMinutesPerOpen: 2 });
    expect(ranges['30d'].contentEngagement.video).toEqual({ totalViews: 2, averageWatchTime: null, skipRate: null, replayRate: null });
  });

  it('filters the AI tutor figures and leaves out the administrator', () => {
    const tutor = (r: AnalyticsResponse) => {
      const a = r.contentEngagement.aiTutor;
      return [a.totalChats, a.totalQuestions, a.studentsAsking, a.averageQuestionsPerStudent, a.satisfactionRate];
    };
    expect(tutor(ranges['7d'])).toEqual([1, 1, 1, 1, null]);
    expect(tutor(ranges['30d'])).toEqual([2, 3, 2, 1.5, null]);
    expect(tutor(ranges['90d'])).toEqual([3, 6, 3, 2, null]);
    expect(ranges['30d'].contentEngagement.aiTutor.mostCommonTopics.map((x) => [x.lesson.title, x.course.title, x.questions])).toEqual([
      ['Range 1.2', 'Range', 2],
      ['Range 1.1', 'Range', 1],
    ]);
  });

  it('leaves the snapshot parts alone', () => {
    for (const r of [ranges['7d'], ranges['90d'], ranges.all]) {
      expect(r.totals).toEqual(ranges['30d'].totals);
      expect(r.weeklyEngagement).toEqual(ranges['30d'].weeklyEngagement);
      expect(r.learningVelocity).toEqual(ranges['30d'].learningVelocity);
      expect(r.dropoffAnalysis).toEqual(ranges['30d'].dropoffAnalysis);
      expect(r.recentEnrollments).toEqual(ranges['30d'].recentEnrollments);
    }
  });
});

describe('weekly engagement, forecasts and recent enrollments', () => {
  let t: AnalyticsTestApp;
  let body: AnalyticsResponse;

  beforeAll(async () => {
    t = await analyticsApp();
    const K = await course(t.db, 'Weeks', [10]);
    // k1 enrolled 60 days ago and finished the course: 5 lessons 50 days ago, 3 nine days ago, 2 yesterday.
    const k1 = await learner(
      t,
      'K1',
      K.id,
      60 * DAY,
      K.lessons.map((l, i) => [l, i < 5 ? 50 * DAY : i < 8 ? 9 * DAY : DAY]),
    );
    const k2 = await learner(t, 'K2', K.id, DAY, []);
    const k3 = await learner(t, 'K3', K.id, 2 * DAY, []);
    await learner(t, 'K4', K.id, 8 * DAY, []);
    await learner(t, 'K5', K.id, 22 * DAY, []);
    await learner(t, 'K6', K.id, 30 * DAY, []); // exactly 30 days: a recent enrollment
    await learner(t, 'K7', K.id, 30 * DAY + SECOND, []); // not
    await eventAt(t.db, k2, K.lessons[0]!, 'lesson_opened', t.ago(DAY));
    await eventAt(t.db, k3, K.lessons[0]!, 'lesson_opened', t.ago(15 * DAY));
    void k1;
    body = await t.analytics();
  });

  it('has 8 buckets of 7 days, oldest first, the last one ending today', () => {
    const w = body.weeklyEngagement;
    expect(w).toHaveLength(8);
    expect([w[0]!.weekStart, w[0]!.weekEnd, w[7]!.weekStart, w[7]!.weekEnd]).toEqual([
      '2026-01-14',
      '2026-01-20',
      '2026-03-04',
      '2026-03-10',
    ]);
    // Enrollments: k2, k3 (this week), k4 (last week), k5 (3 weeks ago), k6, k7 (bucket 4 weeks ago).
    expect(w.map((x) => x.newEnrollments)).toEqual([0, 0, 0, 2, 1, 0, 1, 2]);
    expect(w.map((x) => x.lessonsCompleted)).toEqual([5, 0, 0, 0, 0, 0, 3, 2]);
    // Active: k1 (50, 9 and 1 days ago), k3 (15 days ago), k2 (yesterday).
    expect(w.map((x) => x.activeStudents)).toEqual([1, 0, 0, 0, 0, 1, 1, 2]);
  });

  it('forecasts from the last 4 weeks with the fixed confidences (75, 65, 80)', () => {
    expect(body.predictiveTrends).toEqual([
      {
        metric: 'student_growth',
        label: 'Student Growth',
        currentValue: 7,
        predictedValue: 11, // 7 + (1 + 0 + 1 + 2) / 4 * 4
        percentChange: 57.1,
        confidence: 75,
        timeframe: 'Next 4 weeks',
        factors: ['1 new enrollments per week over the last 4 weeks', '7 enrollments today'],
      },
      {
        metric: 'completion_rate',
        label: 'Course Completion Rate',
        currentValue: 14, // 1 of 7
        predictedValue: 19,
        percentChange: 35.7,
        confidence: 65,
        timeframe: 'Next month',
        factors: ['1 of 7 enrollments completed'],
      },
      {
        metric: 'engagement',
        label: 'Weekly Active Students',
        currentValue: 1, // (0 + 1 + 1 + 2) / 4
        predictedValue: 1.15,
        percentChange: 15,
        confidence: 80,
        timeframe: 'Next 2 weeks',
        factors: ['1 active students per week over the last 4 weeks'],
      },
    ]);
  });

  it('lists the enrollments of the last 30 days, newest first', () => {
    expect(body.recentEnrollments.map((e) => [e.student.lastName, e.course?.title, e.progressPercent, e.status])).toEqual([
      ['K2', 'Weeks', 0, 'active'],
      ['K3', 'Weeks', 0, 'active'],
      ['K4', 'Weeks', 0, 'active'],
      ['K5', 'Weeks', 0, 'active'],
      ['K6', 'Weeks', 0, 'active'],
    ]);
    expect(body.totals.newEnrollmentsLast30Days).toBe(5);
  });
});

describe('forecasts need a week of history; recent enrollments stop at 10', () => {
  it('is empty before the first enrollment is a week old', async () => {
    const t = await analyticsApp();
    const C = await course(t.db, 'New', [2]);
    await learner(t, 'Early', C.id, 7 * DAY - SECOND, []);
    expect((await t.analytics()).predictiveTrends).toEqual([]);
    await learner(t, 'Earlier', C.id, 7 * DAY, []);
    expect((await t.analytics()).predictiveTrends.map((p) => p.confidence)).toEqual([75, 65, 80]);
  });

  it('shows at most 10 recent enrollments', async () => {
    const t = await analyticsApp();
    const C = await course(t.db, 'Busy', [1]);
    for (let i = 0; i < 12; i++) await learner(t, `B${String(i).padStart(2, '0')}`, C.id, (i + 1) * DAY, []);
    const body = await t.analytics();
    expect(body.recentEnrollments.map((e) => e.student.lastName)).toEqual([
      'B00',
      'B01',
      'B02',
      'B03',
      'B04',
      'B05',
      'B06',
      'B07',
      'B08',
      'B09',
    ]);
    expect(body.totals.newEnrollmentsLast30Days).toBe(12);
  });
});

describe('tutorial PDF downloads and completion', () => {
  it('computes the download rate and the phi coefficient over started lessons', async () => {
    const t = await analyticsApp();
    const T = await course(t.db, 'Tutorials', [2]);
    const [withTutorial, without] = T.lessons as [string, string];
    await t.db.execute(
      sql`update lessons set tutorial_pdf_url = '/api/files/00000000-0000-4000-8000-000000000001' where id = ${withTutorial}`,
    );
    const a = await Promise.all(['A1', 'A2', 'A3', 'A4'].map((n) => student(t.db, n)));
    for (const id of a) await enrollAt(t.db, id, T.id, t.ago(10 * DAY));
    // A1 downloads before the lesson is even started, then completes it; A2 completes, then downloads.
    await eventAt(t.db, a[0]!, withTutorial, 'tutorial_downloaded', t.ago(3 * DAY));
    await inProgressAt(t.db, a[0]!, withTutorial, t.ago(3 * DAY));
    await t.db
      .execute(sql`update lesson_progress set status = 'completed', completed_at = ${t.ago(2 * DAY).toISOString()}, updated_at = ${t.ago(2 * DAY).toISOString()}
      where student_id = ${a[0]!} and lesson_id = ${withTutorial}`);
    await completedAt(t.db, a[1]!, withTutorial, t.ago(3 * DAY));
    await eventAt(t.db, a[1]!, withTutorial, 'tutorial_downloaded', t.ago(DAY));
    await eventAt(t.db, a[1]!, withTutorial, 'tutorial_downloaded', t.ago(40 * DAY)); // a second download, outside 30 days
    await completedAt(t.db, a[2]!, withTutorial, t.ago(DAY)); // completed without downloading
    await inProgressAt(t.db, a[3]!, withTutorial, t.ago(DAY)); // neither
    await completedAt(t.db, a[3]!, without, t.ago(DAY)); // a lesson without a tutorial: not counted
    // 2×2: downloaded & completed 2, downloaded only 0, completed only 1, neither 1: phi = 2 / √(2·2·3·1) = 0.58, but
    // from 4 started pairs, fewer than the 5 a verdict needs: held back.
    const four = await t.analytics();
    expect(four.contentEngagement.tutorialPdf).toMatchObject({
      startedPairs: 4,
      completionRateWithoutDownload: 50,
      correlationWithCompletion: null,
    });
    // A fifth student started it, neither: 2, 0, 1, 2: phi = 4 / √(2·3·3·2) = 0.67.
    const a5 = await student(t.db, 'A5');
    await enrollAt(t.db, a5, T.id, t.ago(10 * DAY));
    await inProgressAt(t.db, a5, withTutorial, t.ago(DAY));
    const body = await t.analytics();
    expect(body.contentEngagement.tutorialPdf).toEqual({
      lessonsWithTutorial: 1,
      downloads: 2,
      startedPairs: 5,
      downloadedPairs: 2,
      downloadRate: 40,
      completionRateWithDownload: 100,
      completionRateWithoutDownload: 33,
      correlationWithCompletion: 0.67,
    });
  });
});

describe('progress distribution', () => {
  it('counts every enrollment in its bucket, both ends included', async () => {
    const t = await analyticsApp();
    const Q = await course(t.db, 'Quarters', [4]);
    const C23 = await course(t.db, 'TwentyThree', [23]);
    const C25 = await course(t.db, 'TwentyFive', [25]);
    const C67 = await course(t.db, 'SixtySeven', [67]);
    const enrolled = async (name: string, c: { id: string; lessons: string[] }, completed: number) => {
      const id = await learner(t, name, c.id, 10 * DAY, []);
      await t.db.execute(sql`
        insert into lesson_progress (student_id, lesson_id, status, completed_at, created_at, updated_at)
        select ${id}, l, 'completed', ${t.ago(DAY).toISOString()}, ${t.ago(DAY).toISOString()}, ${t.ago(DAY).toISOString()}
        from unnest(${sql.raw(
          `array[${
            c.lessons
              .slice(0, completed)
              .map((l) => `'${l}'::uuid`)
              .join(',') || 'null::uuid'
          }]`,
        )}) l
        where l is not null`);
      return id;
    };
    // Quarters: 0/4 = 0, 1/4 = 25, 2/4 = 50, 3/4 = 75, 4/4 = 100.
    for (const k of [0, 1, 2, 3, 4]) await enrolled(`Q${k}`, Q, k);
    await enrolled('P26', C23, 6); // 6/23 = 26.1 → 26
    await enrolled('P76', C25, 19); // 19/25 = 76
    await enrolled('P51', C67, 34); // 34/67 = 50.7 → 51
    await enrolled('P99', C67, 66); // 66/67 = 98.5 → 99 (never 100 before the last lesson)
    // Unenrolled: the progress left behind is no enrollment.
    const gone = await enrolled('Gone', Q, 2);
    await t.db.execute(sql`delete from enrollments where student_id = ${gone}`);

    const body = await t.analytics();
    expect(body.progressDistribution).toEqual([
      { label: '0%', min: 0, max: 0, enrollments: 1 },
      { label: '1–25%', min: 1, max: 25, enrollments: 1 }, // 25
      { label: '26–50%', min: 26, max: 50, enrollments: 2 }, // 26, 50
      { label: '51–75%', min: 51, max: 75, enrollments: 2 }, // 51, 75
      { label: '76–99%', min: 76, max: 99, enrollments: 2 }, // 76, 99
      { label: '100%', min: 100, max: 100, enrollments: 1 },
    ]);
    expect(body.progressDistribution.reduce((sum, b) => sum + b.enrollments, 0)).toBe(body.totals.totalEnrollments);
  });
});

describe('an empty platform', () => {
  it('answers zeros, empty lists and nulls, never a made-up number', async () => {
    const t = await analyticsApp();
    const body = await t.analytics();
    expect(body.totals).toEqual({
      totalStudents: 0,
      activeStudents: 0,
      totalCourses: 0,
      publishedCourses: 0,
      totalEnrollments: 0,
      newEnrollmentsLast30Days: 0,
      averageProgress: null,
      completedLessons: 0,
    });
    expect(body.topPerformingCourses).toEqual([]);
    expect(body.progressDistribution.map((b) => b.enrollments)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(body.learningPathInsights).toEqual([]);
    expect(body.dropoffAnalysis).toEqual([]);
    expect(body.learningVelocity.students).toEqual([]);
    expect(body.predictiveTrends).toEqual([]);
    expect(body.recentEnrollments).toEqual([]);
    expect(body.weeklyEngagement.map((w) => w.newEnrollments + w.lessonsCompleted + w.activeStudents)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(body.contentEngagement.tutorialPdf.correlationWithCompletion).toBeNull();
    expect(body.contentEngagement.aiTutor.averageQuestionsPerStudent).toBeNull();
    expect(body.contentEngagement.lessons.averageMinutesPerOpen).toBeNull();
  });
});
