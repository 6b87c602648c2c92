import { sql } from 'drizzle-orm';
import { EVENT_MAX_AGE_DAYS, HEARTBEAT_INTERVAL_SECONDS, type EventsBody, type EventsResponse } from '../../../common/analytics';
import { ErrorCode } from '../../../common/errors';
import { LearningMessages } from '../../../common/learning';
import type { Db } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/http/errors';
import type { ActiveSession } from '../../platform/http/guards';
import { isPreview } from './learning.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The per-student budget of POST /api/events (EVENTS_PER_MINUTE, EVENTS_BURST). */
export type EventLimits = { perMinute: number; burst: number };

/**
 * Visible time a student had not claimed yet is kept for at most this long: a client that was offline
 * for up to an hour still gets its queued heartbeats counted, and a student idle for a week cannot
 * claim the week at once.
 */
export const HEARTBEAT_BACKLOG_SECONDS = 60 * 60;
/** A student's very first heartbeat may cover one heartbeat interval before it arrived. */
export const HEARTBEAT_FIRST_SECONDS = HEARTBEAT_INTERVAL_SECONDS;

/** A 429 that says when to come back (the route sends it as Retry-After). */
export class EventsRateLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, ErrorCode.rateLimited, message, 'Too Many Requests');
  }
}

/**
 * Credits lesson heartbeats against the wall clock. `until` is the server time up to which the
 * student's visible seconds have been credited; a batch arriving at `at` may claim at most the time
 * from there to `at` (no further back than the backlog), in order; what is left of a heartbeat is
 * cut, and a heartbeat left with no whole second is dropped. Returns the credited seconds per
 * heartbeat (0: drop) and the new `until`.
 */
export function creditHeartbeats(requested: number[], until: Date | null, at: Date): { credited: number[]; until: Date } {
  const now = at.getTime();
  const start =
    until === null
      ? now - HEARTBEAT_FIRST_SECONDS * 1000
      : Math.min(now, Math.max(until.getTime(), now - HEARTBEAT_BACKLOG_SECONDS * 1000));
  let available = Math.floor((now - start) / 1000);
  const credited = requested.map((seconds) => {
    const c = Math.max(0, Math.min(seconds, available));
    available -= c;
    return c;
  });
  return { credited, until: new Date(start + credited.reduce((a, b) => a + b, 0) * 1000) };
}

/** The browser's clock is not trusted: an event is placed no later than now and no earlier than 7 days ago. */
export function clampOccurredAt(occurredAt: string, now: Date): Date {
  const t = Date.parse(occurredAt);
  return new Date(Math.min(now.getTime(), Math.max(now.getTime() - EVENT_MAX_AGE_DAYS * DAY_MS, t)));
}

/** POST /api/events: a batch of learning events from the student's course screen. */
export function createLearningEventsService({ db, now, limits }: { db: Db; now: () => Date; limits: EventLimits }) {
  const perSecond = limits.perMinute / 60;

  /**
   * Takes `cost` events from the student's token bucket (refilled at EVENTS_PER_MINUTE up to
   * EVENTS_BURST), in one statement, so concurrent batches and several app instances share it.
   * Refused batches take nothing. Throws the 429 when the bucket holds fewer than `cost`.
   */
  async function takeBudget(studentId: string, cost: number, at: Date): Promise<void> {
    const refill = sql`least(${limits.burst}::float8, b.tokens + greatest(0, extract(epoch from (excluded.refilled_at - b.refilled_at))) * ${perSecond}::float8)`;
    const taken = await db.execute(sql`
      insert into learning_event_budgets as b (student_id, tokens, refilled_at)
      values (${studentId}, ${limits.burst - cost}, ${at.toISOString()})
      on conflict (student_id) do update set tokens = ${refill} - ${cost}, refilled_at = greatest(b.refilled_at, excluded.refilled_at)
      where ${refill} >= ${cost}
      returning b.tokens`);
    if (taken.rows.length > 0) return;
    const { rows } = await db.execute<{ tokens: number }>(sql`
      select least(${limits.burst}::float8, tokens + greatest(0, extract(epoch from (${at.toISOString()}::timestamptz - refilled_at))) * ${perSecond}::float8) as tokens
      from learning_event_budgets where student_id = ${studentId}`);
    const retryAfter = Math.max(1, Math.ceil((cost - Number(rows[0]?.tokens ?? 0)) / perSecond));
    throw new EventsRateLimited(
      `Too many learning events: at most ${limits.perMinute} a minute (${limits.burst} at once) per student. ` +
        `Keep the events and send them again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      retryAfter,
    );
  }

  return {
    async record(auth: ActiveSession, body: EventsBody): Promise<EventsResponse> {
      // The administrator's preview measures nothing (nothing is saved in preview).
      if (isPreview(auth)) return { accepted: 0, preview: true };
      const studentId = auth.user.id;
      const at = now();
      await takeBudget(studentId, body.events.length, at);
      const lessonIds = [...new Set(body.events.map((e) => e.lessonId))];

      return db.transaction(async (tx) => {
        // Every lesson must be in a course the student may learn (the one access rule, in SQL), or nothing is written.
        const { rows: lessons } = await tx.execute<{ id: string; allowed: boolean }>(sql`
          select l.id, learning_course_access(${studentId}, ch.course_id) = 'ok' as allowed
          from lessons l join chapters ch on ch.id = l.chapter_id
          where l.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(lessonIds)}::jsonb))`);
        if (lessons.length < lessonIds.length) throw notFound(LearningMessages.lessonNotFound);
        if (lessons.some((l) => !l.allowed)) {
          throw new AppError(403, ErrorCode.notEnrolled, LearningMessages.notEnrolled, LearningMessages.notEnrolledTitle);
        }
        // Heartbeats claim wall-clock time: the student's row is locked, so concurrent batches share one allowance.
        const heartbeats = body.events.flatMap((e) => (e.type === 'lesson_heartbeat' ? [e.seconds] : []));
        let credited: number[] = [];
        if (heartbeats.length > 0) {
          const { rows: budget } = await tx.execute<{ heartbeat_until: string | null }>(
            sql`select heartbeat_until from learning_event_budgets where student_id = ${studentId} for update`,
          );
          const until = budget[0]?.heartbeat_until;
          const credit = creditHeartbeats(heartbeats, until ? new Date(until) : null, at);
          credited = credit.credited;
          await tx.execute(
            sql`update learning_event_budgets set heartbeat_until = ${credit.until.toISOString()} where student_id = ${studentId}`,
          );
        }
        let h = 0;
        const rows = body.events.flatMap((e) => {
          const seconds = e.type === 'lesson_heartbeat' ? credited[h++]! : null;
          if (seconds === 0) return [];
          return [{ lesson_id: e.lessonId, type: e.type, seconds, occurred_at: clampOccurredAt(e.occurredAt, at).toISOString() }];
        });
        if (rows.length === 0) return { accepted: 0, preview: false };
        // One statement for the whole batch; the rollup trigger runs once for it.
        const inserted = await tx.execute(sql`
          insert into learning_events (student_id, lesson_id, type, seconds, occurred_at)
          select ${studentId}::uuid, x.lesson_id, x.type::learning_event_type, x.seconds, x.occurred_at
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(lesson_id uuid, type text, seconds integer, occurred_at timestamptz)`);
        return { accepted: inserted.rowCount ?? rows.length, preview: false };
      });
    },
  };
}
export type LearningEventsService = ReturnType<typeof createLearningEventsService>;
