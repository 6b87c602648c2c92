/** The bell's texts, without zod: every signed-in page's header imports these (see user-notifications.ts for the contracts). */
export const UserNotificationMessages = {
  bell: 'Notifications',
  empty: 'Nothing new. Feedback on your code and replies to your questions appear here.',
  markAllRead: 'Mark All Read',
  unread: (n: number) => (n === 1 ? '1 unread notification' : `${n} unread notifications`),
} as const;
