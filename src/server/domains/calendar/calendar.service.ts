import { sql } from 'drizzle-orm';
import type { SchoolSettings } from '../../../common/calendar';
import type { Db } from '../../platform/db/client';
import { schoolSettings } from '../../platform/db/schema/index';

/**
 * The school's own settings of the calendar: its time zone ('School Time Zone'), in which every date is shown and
 * entered (decision 034). Dates are stored in UTC whatever the zone, so changing it moves no date: it changes how
 * each one reads.
 */
export function createCalendarService({ db, now }: { db: Db; now: () => Date }) {
  /** The zone, read from the database at every call: the one row of school_settings (calendar_time_zone). */
  async function timeZone(): Promise<string> {
    const { rows } = await db.execute<{ time_zone: string }>(sql`select calendar_time_zone() as time_zone`);
    return rows[0]!.time_zone;
  }

  return {
    timeZone,

    async settings(): Promise<SchoolSettings> {
      return { timeZone: await timeZone() };
    },

    /** Replaces the zone (already checked and spelled as the zone spells itself). */
    async setSettings(input: SchoolSettings): Promise<SchoolSettings> {
      const [row] = await db
        .insert(schoolSettings)
        .values({ id: 1, timeZone: input.timeZone, updatedAt: now() })
        .onConflictDoUpdate({ target: schoolSettings.id, set: { timeZone: input.timeZone, updatedAt: now() } })
        .returning({ timeZone: schoolSettings.timeZone });
      return { timeZone: row!.timeZone };
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
