// The notifications domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { notificationsRoutes } from './notifications.routes';
export {
  INACTIVITY_REMINDERS_TASK,
  REGISTRATION_DIGEST_TASK,
  WEEKLY_SUMMARY_TASK,
  createNotificationsService,
  queueEnrollmentNotices,
  scheduleRegistrationDigest,
  type NotificationsService,
} from './notifications.service';
export { createUserNotifications, type NewUserNotification, type UserNotifications } from './user-notifications.service';
export { userNotificationsRoutes } from './user-notifications.routes';
export { DUE_REMINDERS_TASK } from './due-reminders';
