import { sql, type SQL } from 'drizzle-orm';
import {
  ANALYTICS_RANGE_DAYS,
  AnalyticsRules as R,
  dropoffSeverity,
  enoughForVerdict,
  EXIT_POINT_LABELS,
  PROGRESS_BUCKETS,
  type AnalyticsRange,
  type AnalyticsResponse,
  type RiskFactor,
  type VelocityStudent,
} from '../../../common/analytics';
import type { Db } from '../../platform/db/client';
import { exerciseFigures, exerciseStatsOf } from '../practice';
import { quizAttemptTotals, quizFigures, quizStatsOf } from '../quizzes';
import {
  coursesQuery,
  dropoffQuery,
  recentEnrollmentsQuery,
  submissionsQuery,
  studentsCsvQuery,
  studentsQuery,
  timeQuery,
  tutorQuery,
  type Clock,
  type CoursesResult,
  type DropoffRow,
  type RecentRow,
  type StudentsResult,
  type TimeResult,
  type TutorResult,
  type VelocityRow,
} from './analytics.queries';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (v: Date | string) => new Date(v).toISOString();
const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;
/** part ÷ whole as a whole percent; null when whole is 0. */
export const percentOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 100) : null);

/**
 * Phi coefficient of a 2×2 table: a = downloaded and completed, b = downloaded and not completed,
 * c = not downloaded and completed, d = neither. Null when a margin is 0 (undefined).
 */
export function phiCoefficient(a: number, b: number, c: number, d: number): number | null {
  const denominator = Math.sqrt((a + b) * (c + d) * (a + c) * (b + d));
  if (!denominator) return null;
  return round2((a * d - b * c) / denominator);
}

/** (predicted − current) ÷ current as a percent with 1 decimal; null when current is 0. */
const percentChange = (current: number, predicted: number) => (current > 0 ? round1(((predicted - current) / current) * 100) : null);

export function clockFor(now: Date, range: AnalyticsRange): Clock {
  const days = ANALYTICS_RANGE_DAYS[range];
  return {
    now: now.toISOString(),
    today: now.toISOString().slice(0, 10),
    from: days === null ? null : new Date(now.getTime() - days * DAY_MS).toISOString(),
  };
}

export function toVelocityStudent(r: VelocityRow): VelocityStudent {
  return {
    student: { id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email },
    coursesEnrolled: r.courses,
    completedLessons: r.completed,
    averageProgress: r.avg_pct,
    status: r.status,
    engagementTrend: r.trend,
    averageLessonsPerWeek: r.pace,
    recentLessonsPerWeek: r.recent_pace,
    learningAcceleration: r.acc,
    lessonsLeft: r.lessons_left,
    predictedCompletionDate: r.predicted === null ? null : iso(r.predicted),
    riskFactors: r.risks as RiskFactor[],
    lastActivityAt: r.last_activity_at === null ? null : iso(r.last_activity_at),
  };
}

/** The 8 weekly buckets, oldest first; bucket 0 of the query is the 7 days ending today. */
function weekly(today: string, rows: TimeResult['weekly']): AnalyticsResponse['weeklyEngagement'] {
  const end = Date.parse(`${today}T00:00:00Z`);
  const day = (offset: number) => new Date(end - offset * DAY_MS).toISOString().slice(0, 10);
  return [...rows]
    .sort((a, b) => b.bucket - a.bucket)
    .map((w) => ({
      weekStart: day(w.bucket * R.bucketDays + R.bucketDays - 1),
      weekEnd: day(w.bucket * R.bucketDays),
      newEnrollments: w.enrollments,
      lessonsCompleted: w.completed,
      activeStudents: w.active,
    }));
}

/** The three forecasts, from the last 4 weekly buckets and the current totals. */
export function forecasts(
  weeks: AnalyticsResponse['weeklyEngagement'],
  totals: { enrollments: number; completedEnrollments: number; firstEnrolledAt: Date | null },
  now: Date,
): AnalyticsResponse['predictiveTrends'] {
  // Forecasts need at least one week of enrollment history.
  if (!totals.firstEnrolledAt || now.getTime() - totals.firstEnrolledAt.getTime() < R.bucketDays * DAY_MS) return [];
  const last4 = weeks.slice(-4);
  const avgNew = last4.reduce((s, w) => s + w.newEnrollments, 0) / 4;
  const avgActive = last4.reduce((s, w) => s + w.activeStudents, 0) / 4;
  const completion = percentOf(totals.completedEnrollments, totals.enrollments) ?? 0;

  const growthNow = totals.enrollments;
  const growthNext = growthNow + Math.round(avgNew * 4);
  const completionNext = Math.min(100, completion + 5);
  const engagementNow = round2(avgActive);
  const engagementNext = round2(avgActive * 1.15);
  return [
    {
      metric: 'student_growth',
      label: 'Student Growth',
      currentValue: growthNow,
      predictedValue: growthNext,
      percentChange: percentChange(growthNow, growthNext),
      confidence: 75,
      timeframe: 'Next 4 weeks',
      factors: [`${round1(avgNew)} new enrollments per week over the last 4 weeks`, `${growthNow} enrollments today`],
    },
    {
      metric: 'completion_rate',
      label: 'Course Completion Rate',
      currentValue: completion,
      predictedValue: completionNext,
      percentChange: percentChange(completion, completionNext),
      confidence: 65,
      timeframe: 'Next month',
      factors: [`${totals.completedEnrollments} of ${totals.enrollments} enrollments completed`],
    },
    {
      metric: 'engagement',
      label: 'Weekly Active Students',
      currentValue: engagementNow,
      predictedValue: engagementNext,
      percentChange: percentChange(engagementNow, engagementNext),
      confidence: 80,
      timeframe: 'Next 2 weeks',
      factors: [`${engagementNow} active students per week over the last 4 weeks`],
    },
  ];
}

/**
 * Top Performing Courses, ranked by how their students do rather than by how many they are: the
 * published courses with at least one enrollment, those with enough enrollments for a verdict
 * first (one student at 100% says less than twenty at 90%), then by completion rate, average
 * progress, enrollments and title.
 */
export function rankCourses(courses: CoursesResult['courses']): CoursesResult['courses'] {
  const rate = (c: CoursesResult['courses'][number]) => c.completed_enrollments / c.enrollments;
  return courses
    .filter((c) => c.is_published && c.enrollments > 0)
    .sort(
      (a, b) =>
        Number(enoughForVerdict(b.enrollments)) - Number(enoughForVerdict(a.enrollments)) ||
        rate(b) - rate(a) ||
        (b.average_progress ?? 0) - (a.average_progress ?? 0) ||
        b.enrollments - a.enrollments ||
        (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) ||
        (a.id < b.id ? -1 : 1),
    );
}

function learningPaths(result: CoursesResult): AnalyticsResponse['learningPathInsights'] {
  const chapters = result.chapters ?? [];
  const dropoffs = result.course_dropoffs ?? [];
  return result.courses
    .filter((c) => c.is_published && c.enrollments > 0)
    .map((c) => ({
      course: { id: c.id, title: c.title },
      enrollmentCount: c.enrollments,
      averageCompletionTimeDays: c.average_days,
      lessonsInSequence: c.total,
      dropoffPointCount: c.dropoff_count,
      commonDropoffPoints: dropoffs
        .filter((d) => d.course_id === c.id)
        .map((d) => ({
          lesson: { id: d.lesson_id, title: d.lesson_title },
          chapter: { id: d.chapter_id, title: d.chapter_title },
          dropoffRate: round1(((d.started - d.completed) / d.started) * 100),
          studentsStarted: d.started,
          studentsAffected: d.started - d.completed,
          severity: enoughForVerdict(d.started) ? dropoffSeverity(((d.started - d.completed) / d.started) * 100) : null,
        })),
      difficultyProgression: chapters
        .filter((ch) => ch.course_id === c.id)
        .map((ch) => {
          const completionRate = percentOf(ch.completed, ch.started);
          return {
            chapter: { id: ch.id, title: ch.title },
            order: ch.position,
            lessons: ch.lessons,
            studentsStarted: ch.started,
            students: ch.students,
            completionRate,
            difficultyScore: completionRate === null || !enoughForVerdict(ch.students) ? null : 100 - completionRate,
          };
        }),
    }));
}

function dropoffAnalysis(rows: DropoffRow[]): AnalyticsResponse['dropoffAnalysis'] {
  return rows.map((r) => {
    const rate = round1(((r.started - r.completed) / r.started) * 100);
    const exits = (['opened_only', 'started_video', 'viewed_pdf', 'downloaded_tutorial'] as const)
      .map((point) => ({ point, label: EXIT_POINT_LABELS[point], students: r[point] }))
      .filter((e) => e.students > 0)
      .sort((a, b) => b.students - a.students);
    return {
      lesson: { id: r.lesson_id, title: r.lesson_title, lessonType: r.lesson_type },
      chapter: { id: r.chapter_id, title: r.chapter_title },
      course: { id: r.course_id, title: r.course_title },
      dropoffRate: rate,
      severity: enoughForVerdict(r.started) ? dropoffSeverity(rate) : null,
      studentsStarted: r.started,
      studentsCompleted: r.completed,
      strugglingIndicators: {
        strugglingStudents: r.struggling,
        timeSpentBeforeDropoff: r.avg_seconds === null ? null : round1(r.avg_seconds / 60),
        commonExitPoints: exits,
        recoveryRate: percentOf(r.recovered, r.recovered + r.struggling),
      },
    };
  });
}

export function createAnalyticsService({ db, now }: { db: Db; now: () => Date }) {
  /**
   * These statements are short but their plans look expensive to PostgreSQL, whose JIT would then
   * spend far longer compiling them than running them: it is switched off for each of them.
   */
  const all = <T>(query: SQL): Promise<T[]> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return (await tx.execute(query)).rows as T[];
    });
  const one = async <T>(query: SQL): Promise<T> => (await all<T>(query))[0]!;

  return {
    /** GET /api/admin/analytics: six independent statements, run side by side on the pool. */
    async overview(range: AnalyticsRange): Promise<AnalyticsResponse> {
      const at = now();
      const clock = clockFor(at, range);
      // The progress rows queued since the last fold are applied first (migration 0007), so the
      // answer counts every committed write.
      await db.execute(sql`select analytics_fold()`);
      const [students, courses, time, tutor, dropoffs, recent, exercises, submitted, quizRows, quizTotals] = await Promise.all([
        one<StudentsResult>(studentsQuery(clock, R.velocityListMax)),
        one<CoursesResult>(coursesQuery(clock)),
        one<TimeResult>(timeQuery(clock)),
        one<TutorResult>(tutorQuery(clock)),
        all<DropoffRow>(dropoffQuery(clock)),
        all<RecentRow>(recentEnrollmentsQuery(clock)),
        exerciseFigures(db.$client, null),
        one<{ submissions: number; students: number }>(submissionsQuery(clock)),
        quizFigures(db.$client, null, { from: clock.from, to: clock.now }),
        quizAttemptTotals(db.$client, { from: clock.from, to: clock.now }),
      ]);

      const s = students.summary;
      const e = students.enrollments;
      const share = (n: number) => ({ count: n, percent: percentOf(n, s.total) ?? 0 });
      const t = courses.totals;
      const weeks = weekly(clock.today, time.weekly);
      const tut = time.tutorial;
      const notDownloaded = tut.started - tut.downloaded;
      const completedWithout = tut.completed - tut.downloaded_completed;
      const c = time.content;

      return {
        range,
        generatedAt: clock.now,
        period: {
          from: clock.from,
          to: clock.now,
          newEnrollments: time.period.new_enrollments,
          lessonsCompleted: time.period.lessons_completed,
          activeStudents: time.period.active_students,
        },
        totals: {
          totalStudents: s.total,
          activeStudents: s.active,
          totalCourses: t.total_courses,
          publishedCourses: t.published_courses,
          totalEnrollments: e.enrollments,
          newEnrollmentsLast30Days: t.new_last_30_days,
          averageProgress: e.average_progress,
          completedLessons: e.completed_lessons,
        },
        progressDistribution: PROGRESS_BUCKETS.map((b, i) => ({
          label: b.label,
          min: b.min,
          max: b.max,
          enrollments: courses.distribution[i] ?? 0,
        })),
        studentEngagement: { total: s.total, active: share(s.active), new: share(s.new), inactive: share(s.inactive) },
        topPerformingCourses: rankCourses(courses.courses)
          .slice(0, R.topCoursesComputed)
          .map((co, i) => ({
            rank: i + 1,
            course: { id: co.id, title: co.title },
            enrollmentCount: co.enrollments,
            totalLessons: co.total,
            completionRate: percentOf(co.completed_enrollments, co.enrollments),
            averageProgress: co.average_progress,
          })),
        learningPathInsights: learningPaths(courses),
        contentEngagement: {
          lessons: {
            opens: c.opens,
            totalVisibleMinutes: round1(c.seconds / 60),
            averageMinutesPerOpen: c.opens > 0 ? round1(c.seconds / 60 / c.opens) : null,
          },
          video: { totalViews: c.video_starts, averageWatchTime: null, skipRate: null, replayRate: null },
          pdf: {
            totalDownloads: c.pdf_views,
            averageTimeOnPage: c.pdf_opens > 0 ? round1(c.pdf_seconds / 60 / c.pdf_opens) : null,
            bounceRate: null,
          },
          tutorialPdf: {
            lessonsWithTutorial: tut.lessons,
            downloads: c.tutorial_downloads,
            startedPairs: tut.started,
            downloadedPairs: tut.downloaded,
            downloadRate: percentOf(tut.downloaded, tut.started),
            completionRateWithDownload: percentOf(tut.downloaded_completed, tut.downloaded),
            completionRateWithoutDownload: percentOf(completedWithout, notDownloaded),
            correlationWithCompletion: !enoughForVerdict(tut.started)
              ? null
              : phiCoefficient(
                  tut.downloaded_completed,
                  tut.downloaded - tut.downloaded_completed,
                  completedWithout,
                  notDownloaded - completedWithout,
                ),
          },
          aiTutor: {
            totalChats: tutor.chats,
            totalQuestions: tutor.questions,
            studentsAsking: tutor.students,
            averageQuestionsPerStudent: tutor.students > 0 ? round1(tutor.questions / tutor.students) : null,
            mostCommonTopics: (tutor.topics ?? []).map((x) => ({
              lesson: { id: x.lesson_id, title: x.lesson_title },
              course: { id: x.course_id, title: x.course_title },
              questions: x.questions,
            })),
            satisfactionRate: null,
          },
        },
        practice: {
          submissions: submitted.submissions,
          studentsSubmitting: submitted.students,
          exercises: exercises.map((x) => {
            const stats = exerciseStatsOf(x);
            return {
              exercise: { id: x.id, title: x.title },
              language: x.language,
              lesson: { id: x.lesson_id, title: x.lesson_title },
              course: { id: x.course_id, title: x.course_title },
              tried: stats.tried,
              passed: stats.passed,
              passRate: percentOf(stats.passed, stats.tried),
              medianSubmissionsToPass: stats.medianSubmissionsToPass,
              hardestTest: stats.tried === 0 ? null : stats.hardestTest,
            };
          }),
        },
        quizzes: {
          attempts: quizTotals.attempts,
          studentsAttempting: quizTotals.students,
          quizzes: quizRows.map((q) => {
            const stats = quizStatsOf(q);
            return {
              quizId: q.quiz_id,
              lesson: { id: q.lesson_id, title: q.lesson_title },
              course: { id: q.course_id, title: q.course_title },
              attempts: stats.attempts,
              students: stats.students,
              passRate: stats.passRate,
              averageScore: stats.averageScore,
              hardestQuestion: stats.hardestQuestion && {
                position: stats.hardestQuestion.position,
                prompt: stats.hardestQuestion.prompt,
                rightPercent: stats.hardestQuestion.rightPercent,
                answered: stats.hardestQuestion.answered,
              },
            };
          }),
        },
        dropoffAnalysis: dropoffAnalysis(dropoffs),
        learningVelocity: {
          studentsWithEnrollments: students.velocity.n,
          increasing: students.velocity.increasing,
          stable: students.velocity.stable,
          decreasing: students.velocity.decreasing,
          atRisk: students.velocity.at_risk,
          students: (students.top ?? []).map(toVelocityStudent),
        },
        predictiveTrends: forecasts(
          weeks,
          {
            enrollments: e.enrollments,
            completedEnrollments: t.completed_enrollments,
            firstEnrolledAt: e.first_enrolled === null ? null : new Date(e.first_enrolled),
          },
          at,
        ),
        weeklyEngagement: weeks,
        recentEnrollments: recent.map((r) => ({
          id: r.id,
          student: { id: r.student_id, firstName: r.first_name, lastName: r.last_name },
          course: r.course_id === null || r.course_title === null ? null : { id: r.course_id, title: r.course_title },
          progressPercent: r.percent,
          enrolledAt: iso(r.enrolled_at),
          status: r.status,
        })),
      };
    },

    /** Every student with an enrollment: the velocity and risk table (the CSV export). */
    async velocityTable(): Promise<VelocityStudent[]> {
      await db.execute(sql`select analytics_fold()`);
      const rows = await all<VelocityRow>(studentsCsvQuery(clockFor(now(), 'all')));
      return rows.map(toVelocityStudent);
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
