import { z } from 'zod';
import { ACTIVE_WITHIN_DAYS, ENGAGEMENT_STATUSES } from './analytics-texts';
import { EVENTS_BATCH_MAX, HEARTBEAT_MAX_SECONDS, LEARNING_EVENT_TYPES } from './learning-events';

/**
 * Learning analytics: the admin's analytics dashboard and the result it shows, the classification
 * of student activity, and the analytics thresholds.
 *
 * - GET /api/admin/analytics?range=30d — everything the dashboard shows, in one call (admin only).
 * - GET /api/admin/analytics/students.csv — every student's velocity and risk row (admin only).
 * - POST /api/events — learning events from the course screen (see "Events" below).
 *
 * Never a fake number: a figure we cannot measure is typed `z.null()` and
 * documented "not tracked" — the card shows `AnalyticsMessages.notTracked`; a figure that is
 * measurable but has no data yet is `number | null` (null = nothing to compute from yet).
 *
 * Time range (`range`): it filters what is measured over time — `period`, `contentEngagement`
 * (events, tutor questions and chats in the range) — see ANALYTICS_RANGE_FILTERED. Everything
 * else is a snapshot "as of now" with fixed windows of their own: totals and the student
 * classification (7/14 days), learning velocity (history and the recent 14 days), courses,
 * learning paths and drop-off (every started lesson), predictions (last 4 weeks), weekly
 * engagement (8 buckets of 7 days) and recent enrollments (30 days).
 *
 * Days are UTC days; "now" is the server's clock.
 *
 * Activity is history: a student's last activity and active days (lesson openings, progress
 * writes, events; not AI tutor questions) and the platform-wide event counts stay as they were
 * when progress or lessons are later removed (unenrollment, deleted lessons); progress counts and
 * percents always reflect the rows that exist now.
 *
 * One meaning of "active" on the whole page (and in the CSV, the reminders and the weekly
 * summary): ENGAGEMENT_TEXTS says it in words, the SQL function analytics_student_engagement
 * (src/server/platform/db/sql/analytics.sql) decides it, AnalyticsRules.activeWithinDays is its window.
 */

export const ANALYTICS_RANGES = ['7d', '30d', '90d', 'all'] as const;
export const analyticsRangeSchema = z.enum(ANALYTICS_RANGES, { error: "range must be '7d', '30d', '90d' or 'all'" });
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '30d';
/** Days covered by each range; null: since the beginning. */
export const ANALYTICS_RANGE_DAYS: Record<AnalyticsRange, number | null> = { '7d': 7, '30d': 30, '90d': 90, all: null };
export const ANALYTICS_RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  all: 'All time',
};
/** The parts of the answer the time range filters; every other part ignores it. */
export const ANALYTICS_RANGE_FILTERED = ['period', 'contentEngagement'] as const;

/** The activity classification and the analytics thresholds, in one place; the server computes with these and the web may show them. */
export const AnalyticsRules = {
  /**
   * The window of the one definition of an active student: did something in a lesson within the
   * last 7 days, boundary included. A student who did nothing in it but registered or was enrolled
   * in it is new; anyone else is inactive (analytics_student_engagement in SQL).
   */
  activeWithinDays: ACTIVE_WITHIN_DAYS,
  /** Lesson struggle: in progress and not updated for more than 7 days (10080 minutes). */
  lessonStruggleMinutes: 10080,
  /** Drop-off points of a course: drop-off rate above 30%, the top 5. */
  courseDropoffAbovePercent: 30,
  courseDropoffTop: 5,
  /** Drop-off analysis across courses: drop-off rate above 20%, the top 10. */
  globalDropoffAbovePercent: 20,
  globalDropoffTop: 10,
  weeklyBuckets: 8,
  bucketDays: 7,
  recentEnrollmentDays: 30,
  recentEnrollmentMax: 10,
  topCoursesComputed: 10,
  topCoursesOverview: 5,
  /**
   * A verdict (a drop-off severity, a chapter's difficulty score, a suggestion, a correlation) is
   * given only from at least this many students; below it the figures show with their n and no verdict.
   */
  verdictMinStudents: 5,
  /** The recent window of learning acceleration: 336 hours, counted as the last 14 UTC days (today and the 13 before). */
  recentWindowHours: 336,
  /** Trend: increasing when acceleration is above 1, decreasing below −1. */
  trendThreshold: 1,
  /**
   * Risk factors are weighed only for a student with lessons left (a student who finished every
   * course is at no risk). 'Low activity': under 1 lesson per week, once enrolled for at least
   * 14 days (a few days of history say nothing about a pace).
   */
  lowActivityBelowPerWeek: 1,
  riskHistoryDays: 14,
  /**
   * Risk 'Struggling with content', per enrollment: a course the student started (opened a lesson),
   * still under 20%, with no lesson completed in it for 14 days (counted from the enrollment when none
   * was). A course not started yet, or one just finished, never makes a student struggling.
   */
  strugglingContentBelowPercent: 20,
  stalledAfterDays: 14,
  /*
   * Risk 'Overdue work': an exercise or quiz past the student's due date (theirs, extensions included) and not met (no
   * passing graded submit, no passed attempt), in a chapter open to them, of a published course they are enrolled
   * in. The SQL function calendar_overdue decides it; the weekly summary counts the same.
   */
  /** Students listed in `learningVelocity.students` (the CSV has all of them). */
  velocityListMax: 100,
} as const;

/**
 * The progress distribution's buckets: enrollments by progress percent, both ends included. 0 and
 * 100 stand alone (not started, finished); the rest are quarters, 99 the most before finishing.
 */
export const PROGRESS_BUCKETS = [
  { label: '0%', min: 0, max: 0 },
  { label: '1–25%', min: 1, max: 25 },
  { label: '26–50%', min: 26, max: 50 },
  { label: '51–75%', min: 51, max: 75 },
  { label: '76–99%', min: 76, max: 99 },
  { label: '100%', min: 100, max: 100 },
] as const;

export const RISK_FACTORS = ['Low activity', 'Declining engagement', 'Struggling with content', 'Overdue work'] as const;
export type RiskFactor = (typeof RISK_FACTORS)[number];

/** The dashboard's screen texts (keep their wording exactly) and those of the "not tracked" cards. */
export const AnalyticsMessages = {
  title: 'Analytics Dashboard',
  loading: 'Loading analytics...',
  failed: 'Failed to load analytics data.',
  failedToast: 'Failed to load analytics data. Please try again.',
  learningPathsEmpty: 'No learning path data available yet. Publish courses and get student enrollments to see insights.',
  dropoffEmpty: 'Excellent! No critical dropoff points detected.',
  velocityEmpty: 'No learning velocity data available yet.',
  predictionsEmpty: 'Predictive analysis requires more historical data.',
  topCoursesEmpty: 'No course data available yet.',
  recentEnrollmentsEmpty: 'No recent enrollments.',
  unknownCourse: 'Unknown Course',
  notTracked: 'not tracked',
  /** The risk factor of due dates, said under the risk factors (AnalyticsRules, calendar_overdue). */
  overdueWorkRule: 'when an exercise or quiz is past their due date (extensions included) and not passed yet.',
} as const;

/** Whether a sample of `n` students is large enough for a verdict (AnalyticsRules.verdictMinStudents). */
export const enoughForVerdict = (n: number) => n >= AnalyticsRules.verdictMinStudents;

/** Drop-off colour and suggestion level: above 60 high; above 40 up to 60 medium; 40 or less low. */
export type DropoffSeverity = 'high' | 'medium' | 'low';
export function dropoffSeverity(rate: number): DropoffSeverity {
  if (rate > 60) return 'high';
  if (rate > 40) return 'medium';
  return 'low';
}

/** Difficulty colour: above 70 red, above 40 yellow, otherwise green. */
export function difficultyColor(score: number): 'red' | 'yellow' | 'green' {
  if (score > 70) return 'red';
  if (score > 40) return 'yellow';
  return 'green';
}

/** Risk colour: 0 factors green, 1 to 2 yellow, 3 or more red. */
export function riskColor(count: number): 'green' | 'yellow' | 'red' {
  if (count >= 3) return 'red';
  if (count >= 1) return 'yellow';
  return 'green';
}

/** The intervention note: the trend is decreasing and there is more than 1 risk factor. */
export function needsIntervention(trend: EngagementTrend, riskCount: number): boolean {
  return trend === 'decreasing' && riskCount > 1;
}

/** Prediction confidence badge: above 75 high, above 50 medium, otherwise low. */
export function confidenceLevel(confidence: number): 'high' | 'medium' | 'low' {
  if (confidence > 75) return 'high';
  if (confidence > 50) return 'medium';
  return 'low';
}

/** A high-confidence positive note above 80 with a rise; a decline warning above 75 with a fall. */
export function predictionNote(confidence: number, change: number | null): 'positive' | 'warning' | null {
  if (change === null) return null;
  if (confidence > 80 && change > 0) return 'positive';
  if (confidence > 75 && change < 0) return 'warning';
  return null;
}

const id = z.string();
const ref = z.object({ id, title: z.string() });
const count = z.number().int().nonnegative();
/** A percentage 0–100, rounded to a whole number. */
const percent = z.number().int().min(0).max(100);
/** Not measurable with what the platform records: always null (shown as "not tracked"). */
const notTracked = z.null();

export const engagementStatusSchema = z.enum(ENGAGEMENT_STATUSES);
export type EngagementStatus = z.infer<typeof engagementStatusSchema>;
export const engagementTrendSchema = z.enum(['increasing', 'stable', 'decreasing']);
export type EngagementTrend = z.infer<typeof engagementTrendSchema>;

const share = z.object({ count, percent });

export const velocityStudentSchema = z.object({
  student: z.object({ id, firstName: z.string(), lastName: z.string(), email: z.string() }),
  coursesEnrolled: count,
  completedLessons: count,
  /** Average of the enrollments' progress percents, rounded. */
  averageProgress: percent,
  status: engagementStatusSchema,
  engagementTrend: engagementTrendSchema,
  /**
   * Pace: completed lessons (in enrolled courses) per week since the first enrollment, counting at
   * least 1 week of history; 2 decimals.
   */
  averageLessonsPerWeek: z.number(),
  /** Lessons completed in the recent window (last 14 days) per week (over min(2, weeks of history)). */
  recentLessonsPerWeek: z.number(),
  /** recentLessonsPerWeek − averageLessonsPerWeek; 2 decimals. */
  learningAcceleration: z.number(),
  /** Lessons not yet completed in the student's enrolled courses. */
  lessonsLeft: count,
  /**
   * now + lessonsLeft ÷ pace weeks, ISO date-time; null when nothing is left (done) or there is no
   * pace yet (no lesson completed): no date is made up.
   */
  predictedCompletionDate: z.string().nullable(),
  riskFactors: z.array(z.enum(RISK_FACTORS)),
  lastActivityAt: z.string().nullable(),
});
export type VelocityStudent = z.infer<typeof velocityStudentSchema>;

export const dropoffPointSchema = z.object({
  lesson: ref,
  chapter: ref,
  /** (started − completed) ÷ started, percent with 1 decimal. */
  dropoffRate: z.number(),
  /** The rate's sample: students who started the lesson. */
  studentsStarted: count,
  /** Students who started the lesson and have not completed it. */
  studentsAffected: count,
  /** Null below AnalyticsRules.verdictMinStudents started: too few students for a verdict. */
  severity: z.enum(['high', 'medium', 'low']).nullable(),
});

export const predictionMetricSchema = z.enum(['student_growth', 'completion_rate', 'engagement']);
export type PredictionMetric = z.infer<typeof predictionMetricSchema>;

export const analyticsResponseSchema = z.object({
  range: analyticsRangeSchema,
  generatedAt: z.string(),

  /** Range-filtered: what happened in [from, to]. from is null for 'all'. */
  period: z.object({
    from: z.string().nullable(),
    to: z.string(),
    newEnrollments: count,
    lessonsCompleted: count,
    /** Approved students with any activity in the range. */
    activeStudents: count,
  }),

  /** The four summary cards. */
  totals: z.object({
    /** Approved students. */
    totalStudents: count,
    /** Approved students active (analytics_student_engagement): the same count as studentEngagement.active. */
    activeStudents: count,
    totalCourses: count,
    publishedCourses: count,
    /** Every enrollment (the figure of the Students and Courses screens). */
    totalEnrollments: count,
    /** Enrollments of the last 30 days (the card's "new this month"). */
    newEnrollmentsLast30Days: count,
    /** Average progress percent over all enrollments, rounded; null without enrollments. */
    averageProgress: percent.nullable(),
    /** Completed lessons in enrolled courses. */
    completedLessons: count,
  }),

  /**
   * The approved students by the one definition of engagement (ENGAGEMENT_TEXTS): active, new or
   * inactive; the three counts add up to `total`.
   */
  studentEngagement: z.object({
    total: count,
    active: share,
    new: share,
    inactive: share,
  }),

  /**
   * Every enrollment (as `totals.totalEnrollments`) by its progress percent, one entry per
   * PROGRESS_BUCKETS bucket in that order; the counts add up to the total.
   */
  progressDistribution: z.array(z.object({ label: z.string(), min: percent, max: percent, enrollments: count })),

  /**
   * Published courses with at least one enrollment, ranked by how their students do: those with
   * enough enrollments for a verdict (AnalyticsRules.verdictMinStudents) first, then by completion
   * rate, average progress, enrollments and title; at most 10, the overview shows the first 5.
   */
  topPerformingCourses: z.array(
    z.object({
      rank: z.number().int().positive(),
      course: ref,
      enrollmentCount: count,
      totalLessons: count,
      /** Enrollments at 100%, percent of the course's enrollments; null without enrollments. */
      completionRate: percent.nullable(),
      averageProgress: percent.nullable(),
    }),
  ),

  /** Published courses with at least one enrollment. Empty: AnalyticsMessages.learningPathsEmpty. */
  learningPathInsights: z.array(
    z.object({
      course: ref,
      enrollmentCount: count,
      /**
       * Days from enrollment to the last lesson completed, averaged over the completed enrollments;
       * 1 decimal; null: none completed yet.
       */
      averageCompletionTimeDays: z.number().nullable(),
      /** The optimal sequence is the course's own order: chapters, then lessons, by position. */
      lessonsInSequence: count,
      /** Lessons above the 30% drop-off rate (all of them; the list below has the top 5). */
      dropoffPointCount: count,
      commonDropoffPoints: z.array(dropoffPointSchema),
      difficultyProgression: z.array(
        z.object({
          chapter: ref,
          order: z.number().int(),
          lessons: count,
          /** Progress rows (started lessons) in the chapter. */
          studentsStarted: count,
          /** The sample: students who started the chapter's most-started lesson (at least that many students started the chapter). */
          students: count,
          /** Completed ÷ started lessons in the chapter, percent; null when no lesson was started. */
          completionRate: percent.nullable(),
          /** 100 − completionRate; null likewise, and below AnalyticsRules.verdictMinStudents students (no verdict). */
          difficultyScore: percent.nullable(),
        }),
      ),
    }),
  ),

  /** Range-filtered. Derived from the learning events and the AI tutor's stored questions. */
  contentEngagement: z.object({
    lessons: z.object({
      /** lesson_opened events. */
      opens: count,
      /** Sum of lesson_heartbeat seconds (a visible tab), in minutes, 1 decimal. */
      totalVisibleMinutes: z.number(),
      /** Visible minutes per lesson opening, 1 decimal; null without openings. */
      averageMinutesPerOpen: z.number().nullable(),
    }),
    video: z.object({
      /** video_started events (the YouTube and Vimeo players report a start). */
      totalViews: count,
      /** Not tracked: the embedded players do not report how long a video was watched. */
      averageWatchTime: notTracked,
      /** Not tracked: seeking is not reported. */
      skipRate: notTracked,
      /** Not tracked: replays are not reported. */
      replayRate: notTracked,
    }),
    pdf: z.object({
      /** pdf_viewed events, shown as "total downloads" of lesson PDFs: every open of the PDF counts. */
      totalDownloads: count,
      /** Visible minutes per opening of PDF lessons, 1 decimal; null without openings. */
      averageTimeOnPage: z.number().nullable(),
      /** Not tracked: leaving a PDF is not distinguishable from reading it in another window. */
      bounceRate: notTracked,
    }),
    tutorialPdf: z.object({
      lessonsWithTutorial: count,
      /** tutorial_downloaded events in the range. */
      downloads: count,
      /**
       * The rest of this card is as of now, over (student, lesson-with-tutorial) pairs with a
       * progress row (the student started the lesson).
       */
      startedPairs: count,
      /** Started pairs whose tutorial was downloaded. */
      downloadedPairs: count,
      /** downloadedPairs ÷ startedPairs, percent; null without started pairs. */
      downloadRate: percent.nullable(),
      /** Share of downloaded pairs whose lesson is completed, percent; null without any. */
      completionRateWithDownload: percent.nullable(),
      /** Share of the other started pairs whose lesson is completed, percent; null without any. */
      completionRateWithoutDownload: percent.nullable(),
      /**
       * Phi coefficient (−1 to 1, 2 decimals) between "downloaded the tutorial" and "completed the
       * lesson" over the started pairs; null when it is undefined (one of the four margins is 0) or
       * from fewer than AnalyticsRules.verdictMinStudents started pairs.
       */
      correlationWithCompletion: z.number().nullable(),
    }),
    aiTutor: z.object({
      /** Conversations of students started in the range. */
      totalChats: count,
      /** Students' questions (tutor_messages with role 'user') in the range. */
      totalQuestions: count,
      /** Students who asked at least one question in the range. */
      studentsAsking: count,
      /** totalQuestions ÷ studentsAsking, 1 decimal; null when nobody asked. */
      averageQuestionsPerStudent: z.number().nullable(),
      /** The lessons asked about most (the topics), at most 5. */
      mostCommonTopics: z.array(z.object({ lesson: ref, course: ref, questions: count })),
      /** Not tracked: students do not rate the answers. */
      satisfactionRate: notTracked,
    }),
  }),

  /**
   * Practice. `submissions` and `studentsSubmitting` are range-filtered (students' graded
   * submissions, runs not counted); the per-exercise figures are as of now, over all submissions.
   */
  practice: z.object({
    submissions: count,
    studentsSubmitting: count,
    exercises: z.array(
      z.object({
        exercise: ref,
        language: z.enum(['c', 'java', 'javascript', 'webgl']),
        lesson: ref,
        course: ref,
        /** Students with at least one graded submission. */
        tried: count,
        passed: count,
        /** passed ÷ tried, percent; null before anyone tried. */
        passRate: percent.nullable(),
        /** Median submissions a student needed to pass, over those who passed; null before any. */
        medianSubmissionsToPass: z.number().nullable(),
        /**
         * The test failed by the most submissions, named by what the tutor wrote for it (its name, or
         * the start of its input or test code: testLabel); null when none failed or nobody tried.
         */
        hardestTest: z
          .object({
            position: z.number().int(),
            hidden: z.boolean(),
            failures: count,
            name: z.string(),
            input: z.string(),
            code: z.string(),
          })
          .nullable(),
      }),
    ),
  }),

  /**
   * Quizzes, from students' real attempts in the range (the tutor's preview saves none): the
   * attempts and the students making them, and per quiz its attempts, the share of its students
   * who passed, the mean score and the question with the lowest share right (with how many answered it).
   */
  quizzes: z.object({
    attempts: count,
    studentsAttempting: count,
    quizzes: z.array(
      z.object({
        quizId: id,
        lesson: ref,
        course: ref,
        attempts: count,
        students: count,
        /** Students who passed ÷ students who tried, percent; null before any attempt. */
        passRate: percent.nullable(),
        /** Mean score of the attempts, percent; null before any. */
        averageScore: percent.nullable(),
        hardestQuestion: z.object({ position: z.number().int(), prompt: z.string(), rightPercent: percent, answered: count }).nullable(),
      }),
    ),
  }),

  /**
   * Lessons above the 20% drop-off rate, the top 10: those with enough students for a verdict
   * first, then by rate. Empty: AnalyticsMessages.dropoffEmpty.
   */
  dropoffAnalysis: z.array(
    z.object({
      lesson: z.object({ id, title: z.string(), lessonType: z.enum(['VIDEO', 'PDF', 'MIXED']) }),
      chapter: ref,
      course: ref,
      dropoffRate: z.number(),
      /** Null below AnalyticsRules.verdictMinStudents started: too few students for a verdict (and no suggestion). */
      severity: z.enum(['high', 'medium', 'low']).nullable(),
      studentsStarted: count,
      studentsCompleted: count,
      strugglingIndicators: z.object({
        /** Students in progress with no update for more than 7 days (lesson struggle). */
        strugglingStudents: count,
        /**
         * Visible minutes spent on the lesson by the students who have not completed it, averaged over
         * those with tracked time; null: none tracked.
         */
        timeSpentBeforeDropoff: z.number().nullable(),
        /** Where the students who have not completed it stopped: the furthest tracked step, most frequent first. */
        commonExitPoints: z.array(
          z.object({
            point: z.enum(['opened_only', 'started_video', 'viewed_pdf', 'downloaded_tutorial']),
            label: z.string(),
            students: count,
          }),
        ),
        /**
         * The share who return (the screen's "recovery rate"): students who completed the lesson
         * more than 7 days after starting it, among them and the students now struggling on it;
         * percent; null when neither exists.
         */
        recoveryRate: percent.nullable(),
      }),
    }),
  ),

  /** Approved students with at least one enrollment. Empty: AnalyticsMessages.velocityEmpty. */
  learningVelocity: z.object({
    studentsWithEnrollments: count,
    increasing: count,
    stable: count,
    decreasing: count,
    /** Students with at least one risk factor. */
    atRisk: count,
    /** Most risk factors first, then the slowest pace; at most AnalyticsRules.velocityListMax. */
    students: z.array(velocityStudentSchema),
  }),

  /**
   * The three forecasts (student growth, completion rate, engagement); empty (AnalyticsMessages.predictionsEmpty)
   * before a week of enrollment history.
   */
  predictiveTrends: z.array(
    z.object({
      metric: predictionMetricSchema,
      label: z.string(),
      currentValue: z.number(),
      predictedValue: z.number(),
      /** (predicted − current) ÷ current, percent with 1 decimal; null when current is 0. */
      percentChange: z.number().nullable(),
      /** A fixed confidence per forecast (75, 65, 80), not a statistical measure. */
      confidence: z.number().int(),
      timeframe: z.string(),
      factors: z.array(z.string()),
    }),
  ),

  /** 8 buckets of 7 UTC days, oldest first; the last one ends today. */
  weeklyEngagement: z.array(
    z.object({
      weekStart: z.string(),
      weekEnd: z.string(),
      newEnrollments: count,
      lessonsCompleted: count,
      activeStudents: count,
    }),
  ),

  /** Enrollments of the last 30 days, newest first, at most 10. Empty: AnalyticsMessages.recentEnrollmentsEmpty. */
  recentEnrollments: z.array(
    z.object({
      id,
      student: z.object({ id, firstName: z.string(), lastName: z.string() }),
      /** Null would be a course that no longer exists: show AnalyticsMessages.unknownCourse. */
      course: ref.nullable(),
      progressPercent: percent,
      enrolledAt: z.string(),
      status: z.string(),
    }),
  ),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

export const analyticsQuerySchema = z.object({ range: analyticsRangeSchema.default(DEFAULT_ANALYTICS_RANGE) });

export const EXIT_POINT_LABELS = {
  opened_only: 'Opened the lesson only',
  started_video: 'Started the video',
  viewed_pdf: 'Viewed the PDF',
  downloaded_tutorial: 'Downloaded the tutorial',
} as const;

// ---------------------------------------------------------------------------------------------
// Events: POST /api/events
//
// The course screen (signed-in, approved student) queues events and sends them in batches:
//   - every 30 s (HEARTBEAT_INTERVAL_SECONDS) while events are queued, when the queue reaches
//     EVENTS_BATCH_MAX, and on `pagehide` / `visibilitychange` to hidden with
//     `fetch('/api/events', { method: 'POST', keepalive: true, credentials: 'same-origin',
//     headers: { 'Content-Type': 'application/json' }, body })` — never blocking the page;
//     a refused batch (4xx) is dropped; on 429 (past the student's budget: EVENTS_PER_MINUTE,
//     EVENTS_BURST; Retry-After says when), a 5xx or no network the batch is kept and sent again
//     after a growing pause; the client keeps at most 500 events.
//   - heartbeat seconds are credited against the server's clock: a student is never credited more
//     visible time than has passed since their last credited heartbeat (at most an hour back).
//   - lesson_opened: when a lesson is shown (selected, or the first one on load).
//   - lesson_heartbeat: every HEARTBEAT_INTERVAL_SECONDS while the lesson is shown in a visible
//     tab (document.visibilityState === 'visible'), and when it stops being shown (lesson change,
//     tab hidden, page left), with `seconds` = visible seconds since the previous heartbeat
//     (1 to HEARTBEAT_MAX_SECONDS; send nothing for 0).
//   - pdf_viewed: when the lesson's PDF is displayed or opened.
//   - tutorial_downloaded: when the 'Download Tutorial PDF' link is activated.
//   - video_started: when the YouTube or Vimeo player reports that playback started (once per
//     lesson view).
// `occurredAt` is the browser's time (ISO 8601 with offset); the server clamps it to
// [now − EVENT_MAX_AGE_DAYS, now]. Only lessons of published courses the student is enrolled in
// are accepted; a batch with any other lesson is refused whole (403, or 404 for an unknown
// lesson) and nothing is written. The administrator's preview answers { accepted: 0, preview: true }
// and writes nothing.
// ---------------------------------------------------------------------------------------------

export {
  EVENT_MAX_AGE_DAYS,
  EVENTS_BATCH_MAX,
  HEARTBEAT_INTERVAL_SECONDS,
  HEARTBEAT_MAX_SECONDS,
  LEARNING_EVENT_TYPES,
  type LearningEventType,
} from './learning-events';
/** The largest request body POST /api/events reads. */
export const EVENTS_BODY_MAX_BYTES = 32 * 1024;

const uuid = z.uuid({ error: 'lessonId must be a lesson id' });
const occurredAt = z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO 8601 date-time' });

export const learningEventSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('lesson_heartbeat'),
      lessonId: uuid,
      occurredAt,
      seconds: z
        .number({
          error: (issue) =>
            issue.input === undefined ? 'seconds is required for a lesson_heartbeat' : 'seconds must be a number of seconds',
        })
        .int('seconds must be a whole number')
        .min(1, 'seconds must be at least 1')
        .max(HEARTBEAT_MAX_SECONDS, `seconds must be at most ${HEARTBEAT_MAX_SECONDS}`),
    }),
    z.strictObject({
      type: z.enum(['lesson_opened', 'pdf_viewed', 'tutorial_downloaded', 'video_started']),
      lessonId: uuid,
      occurredAt,
    }),
  ],
  { error: `type must be one of: ${LEARNING_EVENT_TYPES.join(', ')}` },
);
export type LearningEvent = z.infer<typeof learningEventSchema>;

export const eventsBodySchema = z.strictObject({
  events: z
    .array(learningEventSchema, { error: 'events must be a list' })
    .min(1, 'Send at least one event')
    .max(EVENTS_BATCH_MAX, `At most ${EVENTS_BATCH_MAX} events per batch`),
});
export type EventsBody = z.infer<typeof eventsBodySchema>;

export const eventsResponseSchema = z.object({
  /** Events written (0 in the administrator's preview). */
  accepted: count,
  preview: z.boolean(),
});
export type EventsResponse = z.infer<typeof eventsResponseSchema>;
