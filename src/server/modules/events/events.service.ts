import { sql } from 'drizzle-orm';
import { EVENT_MAX_AGE_DAYS, type EventsBody, type EventsResponse } from '../../../common/analytics';
import { ErrorCode } from '../../../common/errors';
import { LearningMessages } from '../../../common/learning';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { ActiveSession } from '../auth/sessions.service';
import { isPreview } from '../learning/learning.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The browser's clock is not trusted: an event is placed no later than now and no earlier than 7 days ago. */
export function clampOccurredAt(occurredAt: string, now: Date): Date {
  const t = Date.parse(occurredAt);
  return new Date(Math.min(now.getTime(), Math.max(now.getTime() - EVENT_MAX_AGE_DAYS * DAY_MS, t)));
}

/** POST /api/events: a batch of learning events from the student's course screen. */
export function createEventsService({ db, now }: { db: Db; now: () => Date }) {
  return {
    async record(auth: ActiveSession, body: EventsBody): Promise<EventsResponse> {
      // The administrator's preview measures nothing (§4: nothing is saved in preview).
      if (isPreview(auth)) return { accepted: 0, preview: true };
      const studentId = auth.user.id;
      const at = now();
      const lessonIds = [...new Set(body.events.map((e) => e.lessonId))];
      const rows = body.events.map((e) => ({
        lesson_id: e.lessonId,
        type: e.type,
        seconds: e.type === 'lesson_heartbeat' ? e.seconds : null,
        occurred_at: clampOccurredAt(e.occurredAt, at).toISOString(),
      }));

      return db.transaction(async (tx) => {
        // Every lesson must belong to a published course the student is enrolled in, or nothing is written.
        const { rows: lessons } = await tx.execute<{ id: string; allowed: boolean }>(sql`
          select l.id,
                 c.is_published and exists (select 1 from enrollments e where e.course_id = c.id and e.student_id = ${studentId}) as allowed
          from lessons l join chapters ch on ch.id = l.chapter_id join courses c on c.id = ch.course_id
          where l.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(lessonIds)}::jsonb))`);
        if (lessons.length < lessonIds.length) throw notFound(LearningMessages.lessonNotFound);
        if (lessons.some((l) => !l.allowed)) {
          throw new AppError(403, ErrorCode.notEnrolled, LearningMessages.notEnrolled, LearningMessages.notEnrolledTitle);
        }
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
export type EventsService = ReturnType<typeof createEventsService>;
