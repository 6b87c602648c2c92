/** Learning rules and texts without zod, for the course screen's chunk (contracts in learning.ts). */

/** The longest a video may be, and how often the player reports while playing. */
export const VIDEO_SECONDS_MAX = 24 * 60 * 60;
export const VIDEO_REPORT_INTERVAL_MS = 10_000;

/**
 * A lesson video the student's player could not play (decision 030): the player reported an error,
 * or it had not answered this long after the student pressed play (a network that blocks the video's
 * site). Either way Mark Complete stops waiting for the video.
 */
export const VIDEO_UNPLAYABLE_REASONS = ['error', 'timeout'] as const;
export type VideoUnplayableReason = (typeof VIDEO_UNPLAYABLE_REASONS)[number];
export const PLAYER_LOAD_TIMEOUT_MS = 15_000;

export const LearningMessages = {
  notEnrolled: 'Access Denied - You are not enrolled in this course.',
  /** The same refusal as the course screen's toast: title and message. */
  notEnrolledTitle: 'Access Denied',
  notEnrolledMessage: 'You are not enrolled in this course.',
  courseNotFound: 'Course not found',
  lessonNotFound: 'Lesson not found',
  checksNotPassed: 'Pass every exercise in this lesson to complete it.',
  quizNotPassed: 'Pass the quiz of this lesson to complete it.',
  checksAndQuizNotPassed: 'Pass every exercise and the quiz of this lesson to complete it.',
  /** A lesson of a course whose lessons must be completed in order, with an earlier one not completed. */
  lockedBy: (title: string) => `Complete "${title}" first.`,
  /** The outline's one line for a chapter with locked lessons, instead of the reason under each. */
  chapterLocked: (lessons: number, title: string) =>
    `${lessons === 1 ? '1 lesson' : `${lessons} lessons`} locked until "${title}" is completed.`,
  /** Before 'Lessons must be completed in order' applies to a course with students in it. */
  inOrderConfirmTitle: 'Lessons must be completed in order?',
  inOrderConfirm: (midCourse: number) =>
    `${midCourse === 1 ? '1 student is' : `${midCourse} students are`} mid-course. What they completed stays open to them; ` +
    'the lessons after their first unfinished one lock until they complete it.',
  inOrderConfirmButton: 'Turn On',
  /** Mark Complete on a video lesson of a course whose videos must be watched. */
  watchFirst: (share: number) => `Watch at least ${share}% of the video first.`,
  /** The lesson's video could not be played here (decision 030): why, and the way on. */
  videoUnplayableTitle: 'The video could not be loaded',
  videoUnplayable: (reason: VideoUnplayableReason) =>
    reason === 'error'
      ? 'Its player reported an error: the video may have been removed or made private, or its site is blocked on this network (schools often block video sites such as YouTube).'
      : `Its player did not answer within ${PLAYER_LOAD_TIMEOUT_MS / 1000} seconds: its site may be blocked on this network (schools often block video sites such as YouTube).`,
  videoUnplayableWayOn: 'This does not hold up the lesson: it can be completed without the video. Ask your tutor if it stays unavailable.',
  /** A lesson with a quiz (and perhaps exercises): passing them completes it. */
  quizComplete: 'Pass the quiz in this lesson to complete it.',
  checksComplete: 'Pass every exercise and the quiz in this lesson to complete it.',
} as const;

/**
 * Progress percent = completed lessons over total lessons, rounded; 0 when there are no
 * lessons. Rounding never shows 100 before every lesson is done (199 of 200 is 99, not 100).
 */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  if (completed >= total) return 100;
  return Math.min(99, Math.round((completed / total) * 100));
}

/**
 * The tutor's preview simulates progress, one story for the dashboard and the course screen: a
 * level of 0, 25, 50, 75 or 100% drawn from the course id (FNV-1a, stable everywhere), made a whole
 * number of lessons (the first ones, in course order); the percent shown is that count over the
 * lessons, as for a student, so '2 of 3 lessons' is 67% on the card and in the course alike.
 */
export function previewCompletedLessons(courseId: string, totalLessons: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < courseId.length; i++) h = Math.imul(h ^ courseId.charCodeAt(i), 0x01000193) >>> 0;
  const level = (h % 5) * 25;
  return Math.round((totalLessons * level) / 100);
}
