import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { users } from './users';

/** PostgreSQL bytea as a Node Buffer (the pg driver reads bytea as a Buffer and writes a Buffer as bytea). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The media and web helpers, each with its own daily budget. */
export const mediaHelperEnum = pgEnum('media_helper', ['image', 'speech', 'transcription', 'search']);

/**
 * How much of a helper a user used on a UTC day: images generated, read-aloud requests,
 * transcriptions, web searches. One row per user, helper and day, raised by an atomic upsert that
 * refuses to pass the limit, so the budget holds across several app instances.
 */
export const mediaUsage = pgTable(
  'media_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    helper: mediaHelperEnum('helper').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.helper, t.day] }), check('media_usage_used_check', sql`${t.used} >= 0`)],
);

/**
 * Images the image model offered for a course's thumbnail, kept here (not in file storage) for an
 * hour until the tutor chooses one: the browser chooses by id, and never names a URL for the
 * server to fetch. The chosen one moves to file storage and becomes the course's thumbnail.
 */
export const thumbnailCandidates = pgTable(
  'thumbnail_candidates',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('thumbnail_candidates_course_idx').on(t.courseId, t.createdAt),
    index('thumbnail_candidates_created_idx').on(t.createdAt),
    check('thumbnail_candidates_size_check', sql`${t.sizeBytes} > 0`),
  ],
);
export type ThumbnailCandidateRow = typeof thumbnailCandidates.$inferSelect;
