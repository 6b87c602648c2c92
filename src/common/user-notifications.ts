import { z } from 'zod';

/**
 * What is new for one person, shown under the bell in the header (both roles). Each item is written
 * when its event happens: the tutor's feedback on a submission, the tutor's reply to a question, a
 * student's new question for the tutor.
 */
export const userNotificationKindSchema = z.enum(['feedback', 'reply', 'question']);
export type UserNotificationKind = z.infer<typeof userNotificationKindSchema>;

export const userNotificationSchema = z.object({
  id: z.string().uuid(),
  kind: userNotificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** The in-app path the item opens. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;

/** The newest items, at most this many, and how many of all are unread. */
export const USER_NOTIFICATIONS_SHOWN = 30;
export const userNotificationsResponseSchema = z.object({
  notifications: z.array(userNotificationSchema),
  unread: z.number().int(),
});
export type UserNotificationsResponse = z.infer<typeof userNotificationsResponseSchema>;

/** Marks the given items read, or every item when `all` is true. */
export const markNotificationsReadBodySchema = z.union([
  z.strictObject({ ids: z.array(z.string().uuid()).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

export { UserNotificationMessages } from './user-notifications-texts';
