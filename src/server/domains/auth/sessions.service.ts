import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { ViewMode } from '../../../common/auth';
import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from '../../../common/limits';
import type { Db } from '../../platform/db/client';
import { sessions, users } from '../../platform/db/schema/index';
import type { ActiveSession } from '../../platform/http/guards';
import { newSessionToken, sha256 } from '../../platform/tokens';

const DAY = 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn each read into a write; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionService(db: Db, now: () => Date) {
  // Every API request resolves its session: one statement, built once and prepared by name, so
  // PostgreSQL parses and plans it once per connection. Never cached in the app: a sign-out or a
  // revocation on one instance holds at once on every other.
  const lookup = db
    .select({ session: { id: sessions.id, viewMode: sessions.viewMode, lastSeenAt: sessions.lastSeenAt }, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .prepare('session_resolve');

  return {
    async create(userId: string, meta: { deviceId?: string; userAgent?: string }) {
      const at = now();
      const token = newSessionToken();
      await db.insert(sessions).values({
        tokenHash: sha256(token),
        userId,
        deviceId: meta.deviceId ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_DAYS * DAY),
      });
      return { token, maxAgeSeconds: SESSION_ABSOLUTE_DAYS * 24 * 60 * 60 };
    },

    /** The live session behind a cookie token: not expired, not idle too long, user not rejected. */
    async resolve(token: string): Promise<ActiveSession | null> {
      const at = now();
      const [row] = await lookup.execute({
        tokenHash: sha256(token),
        now: at.toISOString(),
        idleSince: new Date(at.getTime() - SESSION_IDLE_DAYS * DAY).toISOString(),
      });
      if (!row || row.user.approvalStatus === 'rejected') return null;
      if (at.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, row.session.id));
      }
      return { id: row.session.id, viewMode: row.session.viewMode, user: row.user };
    },

    async setViewMode(sessionId: string, viewMode: ViewMode) {
      await db.update(sessions).set({ viewMode }).where(eq(sessions.id, sessionId));
    },

    async destroy(token: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
    },

    async destroyAllForUser(userId: string) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async pruneExpired() {
      const at = now();
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, at), lt(sessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_DAYS * DAY))));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
