import { z } from 'zod';
import { sessionUserSchema } from './auth';
import { courseSchema } from './courses';

// ---------- the database helper screen ----------

export const DB_HELPER_SEARCH_MAX = 200;
/** At most this many users are listed; `userCount` is the full number found. */
export const DB_HELPER_USERS_MAX = 100;

/** GET /api/admin/database-helper?search=... (case-insensitive substring of first name, last name, full name or e-mail). */
export const dbHelperQuerySchema = z.object({
  search: z.string().trim().max(DB_HELPER_SEARCH_MAX, `The search text must be at most ${DB_HELPER_SEARCH_MAX} characters.`).default(''),
});

export const dbHelperUserSchema = sessionUserSchema.omit({ lastLoginAt: true }).extend({
  /** Whether the user is already enrolled in `javaCourse` (false when there is none). */
  enrolledInJava: z.boolean(),
});
export type DbHelperUser = z.infer<typeof dbHelperUserSchema>;

export const dbHelperResponseSchema = z.object({
  search: z.string(),
  /** The first course (by creation, then title) whose title contains 'java', any case; null when none. */
  javaCourse: courseSchema.nullable(),
  /** Matching users, newest first, at most 100. */
  users: z.array(dbHelperUserSchema),
  userCount: z.number().int(),
  /** All courses, oldest first (same time: by title). */
  courses: z.array(courseSchema),
});
export type DbHelperResponse = z.infer<typeof dbHelperResponseSchema>;

// ---------- the generic read API over tables ----------

export const TABLE_PAGE_MAX = 100;
export const TABLE_PAGE_DEFAULT = 20;
/**
 * Operators of a per-field filter `field=op:value` (case-insensitive). A plain `field=value` is eq.
 * `like` is a case-insensitive substring match (its % and _ are literal); `in` takes a
 * comma-separated list; `is` takes null or notnull; `between` takes low,high (inclusive).
 * A value whose text before the first ':' is letters only is read as op:value, so a plain value
 * such as a URL must be written `eq:https://...`.
 */
export const TABLE_FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'in', 'is', 'between'] as const;
export type TableFilterOperator = (typeof TABLE_FILTER_OPERATORS)[number];

export const tableFieldSchema = z.object({
  name: z.string(),
  column: z.string(),
  type: z.string(),
  nullable: z.boolean(),
  /** Whether `_sort` accepts the field (each sortable field has an index, so every page costs the same). */
  sortable: z.boolean(),
  values: z.array(z.string()).optional(),
});

/** GET /api/admin/tables */
export const tablesResponseSchema = z.object({
  tables: z.array(
    z.object({
      name: z.string(),
      aliases: z.array(z.string()),
      fields: z.array(tableFieldSchema),
    }),
  ),
  operators: z.array(z.string()),
  maxLimit: z.number().int(),
});
export type TablesResponse = z.infer<typeof tablesResponseSchema>;

/**
 * GET /api/admin/tables/:table/items?_limit=&_cursor=&_sort=&_order=&field=value|op:value|BETWEEN:low,high
 * `_limit` 1..100 (more is capped at 100, default 20), `_sort` a sortable field (default createdAt;
 * GET /api/admin/tables marks them: the id, the timestamps that are never empty and a few short
 * never-empty fields, each served by a (field, id) index), `_order` asc|desc (default desc),
 * `_cursor` the `nextCursor` of the previous page (keyset paging: a deep page costs what the first does).
 * Field names are the camelCase names (or the snake_case column names) listed by GET /api/admin/tables.
 */
export const tableItemsResponseSchema = z.object({
  table: z.string(),
  items: z.array(z.record(z.string(), z.unknown())),
  nextCursor: z.string().nullable(),
  limit: z.number().int(),
});
export type TableItemsResponse = z.infer<typeof tableItemsResponseSchema>;
