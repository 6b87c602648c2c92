import { z } from 'zod';
import { CalendarMessages, LATE_POLICIES } from './calendar-texts';
import { canonicalTimeZone } from './calendar-time';

/**
 * A course's calendar (decision 034): release dates, due dates, the late rule, extensions; the words a user reads of
 * them, the shapes of their requests, and the one way a moment is shown in the school's time zone. The rules
 * themselves are SQL functions (src/server/platform/db/sql/calendar.sql).
 */

export { CalendarMessages, LATE_POLICIES, type LatePolicy } from './calendar-texts';
export const latePolicySchema = z.enum(LATE_POLICIES);

/** When an item (an exercise or a quiz) is due for the student, and what handing it in now would owe once it is late. */
export const itemDueSchema = z.object({
  /** The student's due date (ISO): an extension's, else the item's, else its chapter's. */
  dueAt: z.string(),
  /** An extension of the student's decided it ('Extend Deadline'). */
  extended: z.boolean(),
  /** Null until the due date has passed; then what a Submit (or a quiz attempt) now would owe, and whether it is taken. */
  lateNow: z.object({ daysLate: z.number().int(), penalty: z.number().int(), accepted: z.boolean() }).nullable(),
});
export type ItemDue = z.infer<typeof itemDueSchema>;

/**
 * A graded submit or quiz attempt handed in after the student's current due date: its days late and penalty, read when
 * it is shown (an extension granted later removes it), and its score in percent before and after the penalty.
 */
export const lateWorkSchema = z.object({
  daysLate: z.number().int(),
  penalty: z.number().int(),
  /** Null while the submission is not graded yet. */
  rawScore: z.number().int().nullable(),
  score: z.number().int().nullable(),
});
export type LateWork = z.infer<typeof lateWorkSchema>;

/**
 * GET /api/student/due-this-week: the student's exercises and quizzes due from now to 7 days ahead, and those past
 * due and not passed while they can still be handed in (under 'Closed', for the 7 days after their due date), soonest
 * first. Passed items are left out.
 */
export const dueItemSchema = z.object({
  kind: z.enum(['exercise', 'quiz']),
  id: z.string(),
  /** The exercise's title; a quiz is named by its lesson. */
  title: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  lessonId: z.string(),
  lessonTitle: z.string(),
  due: itemDueSchema,
});
export type DueItem = z.infer<typeof dueItemSchema>;
export const dueThisWeekSchema = z.object({ items: z.array(dueItemSchema), preview: z.boolean() });
export type DueThisWeek = z.infer<typeof dueThisWeekSchema>;

/** An IANA time zone this runtime knows (Node and browsers share the zone database through Intl). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().trim().refine(isTimeZone, CalendarMessages.timeZoneInvalid);

/** A moment sent to the server: an ISO timestamp with its offset (the web converts the school's wall time). */
export const momentSchema = z.iso.datetime({ offset: true, message: CalendarMessages.dateInvalid });

export const penaltySchema = z
  .number({ message: CalendarMessages.penaltyInvalid })
  .int(CalendarMessages.penaltyInvalid)
  .min(0, CalendarMessages.penaltyInvalid)
  .max(100, CalendarMessages.penaltyInvalid);
export const weightSchema = z
  .number({ message: CalendarMessages.weightInvalid })
  .int(CalendarMessages.weightInvalid)
  .min(0, CalendarMessages.weightInvalid)
  .max(1000, CalendarMessages.weightInvalid);

// ---------- the school's time zone, and the tutor's dates in it ----------

// The clock of the calendar (formatting a moment, the school's wall time) is without zod, for the course screen's chunk.
export { canonicalTimeZone, formatInZone, isoToZonedWallTime, timeZoneNames, zonedWallTimeToIso } from './calendar-time';

/** GET and PUT /api/admin/school-settings: the school's time zone ('School Time Zone'). */
export const schoolSettingsSchema = z.object({ timeZone: z.string() });
export type SchoolSettings = z.infer<typeof schoolSettingsSchema>;
export const schoolSettingsBodySchema = z.strictObject({ timeZone: timeZoneSchema.transform(canonicalTimeZone) });
export type SchoolSettingsBody = z.input<typeof schoolSettingsBodySchema>;
