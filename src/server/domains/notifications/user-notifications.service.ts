import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  USER_NOTIFICATIONS_SHOWN,
  type MarkNotificationsReadBody,
  type UserNotificationKind,
  type UserNotificationsResponse,
} from '../../../common/user-notifications';
import type { Db } from '../../platform/db/client';
import { reminderState, userNotifications, users } from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import { queueMail } from '../../platform/mail/outbox';
import { userNoticeMail, type MailContext } from '../../platform/mail/templates/notifications';

export type NewUserNotification = {
  userId: string;
  kind: UserNotificationKind;
  /** One line: what happened ("Your tutor commented on your code in Pointers"). */
  title: string;
  /** A short excerpt of what was written, plain text. */
  body?: string;
  /** The in-app path to open, starting with '/'. */
  link: string;
  /**
   * Also e-mail it through the outbox, unless the person turned the class e-mails off (the same
   * opt-out as the reminders). `dedupeKey` keeps one e-mail per event however often it is told.
   */
  mail?: { dedupeKey: string };
};

const BODY_MAX = 300;
const excerpt = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text);

export type UserNotificationsDeps = { db: Db; ctx: MailContext; unsubscribeUrl: (userId: string) => string };

export function createUserNotifications({ db, ctx, unsubscribeUrl }: UserNotificationsDeps) {
  return {
    /**
     * The one way anything tells a person something in the app: writes the bell's item and, if
     * asked, queues the e-mail, in the caller's transaction, so both exist exactly when the event does.
     */
    async notify(on: Queryable, n: NewUserNotification): Promise<void> {
      const body = excerpt(n.body ?? '');
      // The wall clock, not the transaction's start: two items told in one transaction keep their order.
      const createdAt = sql`clock_timestamp()`;
      await on.insert(userNotifications).values({ userId: n.userId, kind: n.kind, title: n.title, body, link: n.link, createdAt });
      if (!n.mail) return;
      const [person] = await on
        .select({ email: users.email, firstName: users.firstName, role: users.role, off: reminderState.unsubscribedAt })
        .from(users)
        .leftJoin(reminderState, eq(reminderState.userId, users.id))
        .where(eq(users.id, n.userId));
      if (!person || person.off) return;
      // Students can turn these off; the tutor's own mail is their work and has no such link.
      const optOut = person.role === 'student' ? unsubscribeUrl(n.userId) : undefined;
      const mail = userNoticeMail(ctx, {
        firstName: person.firstName,
        title: n.title,
        body,
        url: `${ctx.appUrl}${n.link}`,
        unsubscribeUrl: optOut,
      });
      await queueMail(on, {
        kind: n.kind,
        userId: n.userId,
        to: person.email,
        dedupeKey: n.mail.dedupeKey,
        unsubscribeUrl: optOut,
        ...mail,
      });
    },

    async list(userId: string): Promise<UserNotificationsResponse> {
      const rows = await db
        .select()
        .from(userNotifications)
        .where(eq(userNotifications.userId, userId))
        .orderBy(desc(userNotifications.createdAt))
        .limit(USER_NOTIFICATIONS_SHOWN);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(userNotifications)
        .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
      return {
        notifications: rows.map((r) => ({
          id: r.id,
          kind: r.kind as UserNotificationKind,
          title: r.title,
          body: r.body,
          link: r.link,
          createdAt: r.createdAt.toISOString(),
          read: r.readAt !== null,
        })),
        unread: count?.n ?? 0,
      };
    },

    /** Marks items read; only the caller's own are touched, whatever ids are sent. */
    async markRead(userId: string, body: MarkNotificationsReadBody): Promise<UserNotificationsResponse> {
      const mine = and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt));
      await db
        .update(userNotifications)
        .set({ readAt: sql`now()` })
        .where('all' in body ? mine : and(mine, inArray(userNotifications.id, body.ids)));
      return this.list(userId);
    },
  };
}
export type UserNotifications = ReturnType<typeof createUserNotifications>;
