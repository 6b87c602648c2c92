/**
 * The words of the tutor's figures, without zod: the analytics page, the course editor's exercise
 * figures and the notification settings read them, and the server computes with the same numbers.
 */

/** The window of the one definition of an active student (AnalyticsRules.activeWithinDays). */
export const ACTIVE_WITHIN_DAYS = 7;

/**
 * The `since` argument of the SQL function analytics_student_engagement: now minus the window.
 * Every caller passes this, so the page, the CSV, the reminders and the weekly summary agree.
 */
export const activeSince = (now: Date): Date => new Date(now.getTime() - ACTIVE_WITHIN_DAYS * 24 * 60 * 60 * 1000);

export const ENGAGEMENT_STATUSES = ['active', 'new', 'inactive'] as const;
export type EngagementStatusKey = (typeof ENGAGEMENT_STATUSES)[number];

/**
 * The one definition of an active student, in the words said under every figure that counts
 * students as active, new or inactive (analytics_student_engagement in SQL decides it).
 */
export const ENGAGEMENT_TEXTS: Record<EngagementStatusKey, { label: string; description: string }> = {
  active: { label: 'Active', description: `Did something in a lesson in the last ${ACTIVE_WITHIN_DAYS} days` },
  new: { label: 'New', description: `Joined or was enrolled in the last ${ACTIVE_WITHIN_DAYS} days, nothing done in a lesson since` },
  inactive: { label: 'Inactive', description: `Nothing done in a lesson for ${ACTIVE_WITHIN_DAYS} days or more` },
};

/** An exercise nobody submitted to yet: no figure to give, and no test that "failed". */
export const NOT_TRIED_YET = 'Not tried yet';
/** Students tried and no test ever failed. */
export const NO_TEST_FAILED = 'No test failed';

/** How much of a test's input or code a table shows. */
export const TEST_LABEL_MAX = 40;

/** Text cut to `max` characters on one line, with '…' when cut. */
export function truncateText(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * A test named by what the tutor wrote for it, so the tutor recognises it: its name, else its
 * input, else its test code (each cut short), else its number. "Test 3 (hidden): input “5 7”".
 */
export function testLabel(t: { position: number; hidden: boolean; name: string; input: string; code: string }): string {
  const head = `Test ${t.position}${t.hidden ? ' (hidden)' : ''}`;
  if (t.name.trim()) return `${head}: ${truncateText(t.name, TEST_LABEL_MAX)}`;
  if (t.input.trim()) return `${head}: input “${truncateText(t.input, TEST_LABEL_MAX)}”`;
  if (t.code.trim()) return `${head}: ${truncateText(t.code, TEST_LABEL_MAX)}`;
  return `${head}: empty input`;
}
