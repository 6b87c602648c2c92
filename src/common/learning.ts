import { z } from 'zod';
import { VIDEO_SECONDS_MAX, VIDEO_UNPLAYABLE_REASONS } from './learning-rules';

/** The student's side: dashboard, course-learning screen and lesson progress. */

export { LearningMessages, previewCompletedLessons, progressPercent } from './learning-rules';

export const courseStatusSchema = z.enum(['not_started', 'in_progress', 'completed']);
export type CourseStatus = z.infer<typeof courseStatusSchema>;
export const lessonStatusSchema = z.enum(['not_started', 'in_progress', 'completed']);
export type LessonStatus = z.infer<typeof lessonStatusSchema>;

/** Course status by progress: nothing completed, some, all. */
export function courseStatus(completed: number, total: number): CourseStatus {
  if (total > 0 && completed >= total) return 'completed';
  return completed > 0 ? 'in_progress' : 'not_started';
}

export const progressSummarySchema = z.object({
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
  percent: z.number().int(),
});
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

/** GET /api/student/dashboard */
export const dashboardCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnailUrl: z.string().nullable(),
  enrolledAt: z.string(),
  totalLessons: z.number().int(),
  completedLessons: z.number().int(),
  percent: z.number().int(),
  status: courseStatusSchema,
  /** The newest progress write of the student in this course; null before any. */
  lastActivityAt: z.string().nullable(),
});
export type DashboardCourse = z.infer<typeof dashboardCourseSchema>;

export const dashboardResponseSchema = z.object({
  /** True for the administrator's student preview: every published course, simulated progress. */
  preview: z.boolean(),
  stats: z.object({
    totalCourses: z.number().int(),
    completed: z.number().int(),
    inProgress: z.number().int(),
    lessonsDone: z.number().int(),
    totalLessons: z.number().int(),
  }),
  /** Average of the courses' percents, rounded; 0 without courses. */
  overallProgress: z.number().int(),
  insights: z.object({
    /** Consecutive UTC days, ending today or yesterday, with at least one completed lesson. */
    streakDays: z.number().int(),
    /** Lessons completed in the last 7 days. */
    lessonsThisWeek: z.number().int(),
  }),
  /** In-progress courses first, then the most recent activity. */
  courses: z.array(dashboardCourseSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** GET /api/courses/:courseId/learn */
export const learnLessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  lessonType: z.enum(['VIDEO', 'PDF', 'MIXED']),
  videoUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  tutorialPdfUrl: z.string().nullable(),
  summary: z.string(),
  order: z.number().int(),
  status: lessonStatusSchema,
  /** Exercises in the lesson: with any, passing them all completes it (Mark Complete is refused). */
  exerciseCount: z.number().int(),
  /** The lesson has a quiz: passing it (and any exercises) completes it. */
  hasQuiz: z.boolean(),
  /** The title of the earlier lesson to complete first (lessons in order); null when open, and always in preview. */
  lockedBy: z.string().nullable(),
  /**
   * The moment the lesson's chapter opens for the student, while it has not ('Release'): the lesson is listed but
   * locked, and its video, PDF and summary are not given out. Null when open (a lesson they completed stays open),
   * and always in preview.
   */
  opensAt: z.string().nullable(),
  /** Where the student left the video, for resuming; null before any playback was saved. */
  videoPositionSeconds: z.number().nullable(),
  /** The share of the video, in percent, still to be really played before Mark Complete; null when nothing is asked. */
  watchRequired: z.number().int().nullable(),
});
export type LearnLesson = z.infer<typeof learnLessonSchema>;

export const learnChapterSchema = z.object({
  id: z.string(),
  title: z.string(),
  order: z.number().int(),
  lessons: z.array(learnLessonSchema),
});

export const learnResponseSchema = z.object({
  course: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    lessonsInOrder: z.boolean(),
    /** Percent of a video lesson's video to really play before Mark Complete; null: no such rule. */
    videoWatchShare: z.number().int().nullable(),
  }),
  chapters: z.array(learnChapterSchema),
  progress: progressSummarySchema,
  /** The first lesson not completed, or the first lesson when all are done; null without lessons. */
  firstUnfinishedLessonId: z.string().nullable(),
  /** The administrator's preview: nothing is saved. */
  preview: z.boolean(),
});
export type LearnResponse = z.infer<typeof learnResponseSchema>;

/** PUT /api/lessons/:lessonId/progress */
export const progressBodySchema = z.strictObject({
  status: z.enum(['in_progress', 'completed'], { error: "status must be 'in_progress' or 'completed'" }),
});
export type ProgressBody = z.infer<typeof progressBodySchema>;

export const progressResponseSchema = z.object({
  lessonStatus: lessonStatusSchema,
  progress: progressSummarySchema,
  courseCompleted: z.boolean(),
  /** This call took the course from below 100% to 100% (open the completion dialog). */
  justCompleted: z.boolean(),
  preview: z.boolean(),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

/** PUT /api/lessons/:lessonId/video-progress: where the player is, and the seconds it really played since its last report. */
export const videoProgressBodySchema = z.strictObject({
  positionSeconds: z.number().min(0).max(VIDEO_SECONDS_MAX),
  playedSeconds: z.number().min(0).max(VIDEO_SECONDS_MAX),
  durationSeconds: z.number().positive().max(VIDEO_SECONDS_MAX),
});
export type VideoProgressBody = z.infer<typeof videoProgressBodySchema>;

export const videoProgressResponseSchema = z.object({
  positionSeconds: z.number(),
  /** Seconds credited as really played, against the server's clock. */
  watchedSeconds: z.number(),
  durationSeconds: z.number().nullable(),
  /** As learnLessonSchema's: the share still asked before Mark Complete, or null. */
  watchRequired: z.number().int().nullable(),
  preview: z.boolean(),
});
export type VideoProgressResponse = z.infer<typeof videoProgressResponseSchema>;

/**
 * POST /api/lessons/:lessonId/video-unplayable: the student's player could not play the lesson's
 * video ('error': it said so; 'timeout': it never answered). Answered like a video report.
 */
export const videoUnplayableBodySchema = z.strictObject({ reason: z.enum(VIDEO_UNPLAYABLE_REASONS) });
export type VideoUnplayableBody = z.infer<typeof videoUnplayableBodySchema>;

/**
 * GET /api/admin/courses/:courseId/progress-summary: where the course's students are, for the tutor
 * to weigh a change of how it progresses ('Lessons must be completed in order') before it applies.
 */
export const courseProgressSummarySchema = z.object({
  /** Students enrolled in the course. */
  enrolled: z.number().int(),
  /** Enrolled students who have opened or completed a lesson of it but not completed every lesson. */
  midCourse: z.number().int(),
});
export type CourseProgressSummary = z.infer<typeof courseProgressSummarySchema>;
