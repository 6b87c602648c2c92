import { asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  DB_HELPER_USERS_MAX,
  TABLE_FILTER_OPERATORS,
  TABLE_PAGE_MAX,
  type DbHelperResponse,
  type TableItemsResponse,
  type TablesResponse,
} from '../../../common/database-helper';
import type { Db } from '../../platform/db/client';
import { courses, users } from '../../platform/db/schema/index';
import { notFound } from '../../platform/http/errors';
import { fullNameOf } from '../auth';
import { toCourse } from '../courses';
import { buildTableQuery, encodeCursor, type RawQuery, type TableQuery } from './database-helper.queries';
import { findTable, READABLE_TABLES, type TableDef } from './tables';

/** LIKE pattern for "contains": the search text's own %, _ and \ match only themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const toJson = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** One page of a table's items, plus one row to tell whether a next page exists (the benchmark and the plan test read it too). */
export function tablePageQuery(db: Db, table: TableDef, q: TableQuery) {
  const selection: Record<string, unknown> = Object.fromEntries(table.fields.map((f) => [f.name, f.column]));
  selection.__sort = sql<string>`(${q.sort.column})::text`;
  return db
    .select(selection as never)
    .from(table.table)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.limit + 1);
}

export function createDatabaseHelperService({ db }: { db: Db }) {
  return {
    /** The database-helper screen: matching users, the first Java course, all courses. */
    async overview(search: string): Promise<DbHelperResponse> {
      const [javaCourse] = await db
        .select()
        .from(courses)
        .where(ilike(courses.title, '%java%'))
        .orderBy(asc(courses.createdAt), asc(courses.title), asc(courses.id))
        .limit(1);
      let match: SQL | undefined;
      if (search) {
        const p = containsPattern(search);
        match = or(
          ilike(users.firstName, p),
          ilike(users.lastName, p),
          ilike(users.email, p),
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${p}`,
        );
      }
      const enrolledInJava = javaCourse
        ? sql<boolean>`exists (select 1 from enrollments e where e.student_id = users.id and e.course_id = ${javaCourse.id})`
        : sql<boolean>`false`;
      const [found, [total], all] = await Promise.all([
        db
          .select({ user: users, enrolledInJava })
          .from(users)
          .where(match)
          .orderBy(desc(users.createdAt), asc(users.id))
          .limit(DB_HELPER_USERS_MAX),
        db.select({ n: count() }).from(users).where(match),
        db.select().from(courses).orderBy(asc(courses.createdAt), asc(courses.title), asc(courses.id)),
      ]);
      return {
        search,
        javaCourse: javaCourse ? toCourse(javaCourse) : null,
        users: found.map(({ user: u, enrolledInJava: inJava }) => ({
          id: u.id,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          fullName: fullNameOf(u),
          role: u.role,
          approvalStatus: u.approvalStatus,
          createdAt: u.createdAt.toISOString(),
          enrolledInJava: Boolean(inJava),
        })),
        userCount: total?.n ?? 0,
        courses: all.map(toCourse),
      };
    },

    tables(): TablesResponse {
      return {
        tables: READABLE_TABLES.map((t) => ({
          name: t.name,
          aliases: t.aliases,
          fields: t.fields.map((f) => ({
            name: f.name,
            column: f.column.name,
            type: f.type,
            nullable: !f.column.notNull,
            sortable: Boolean(f.sortable),
            ...(f.values ? { values: [...f.values] } : {}),
          })),
        })),
        operators: [...TABLE_FILTER_OPERATORS],
        maxLimit: TABLE_PAGE_MAX,
      };
    },

    async items(tableName: string, query: RawQuery): Promise<TableItemsResponse> {
      const table = findTable(tableName);
      if (!table) throw notFound(`Unknown table '${tableName.slice(0, 100)}'. Tables: ${READABLE_TABLES.map((t) => t.name).join(', ')}.`);
      const q = buildTableQuery(table, query);
      const rows = (await tablePageQuery(db, table, q)) as Record<string, unknown>[];
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      const nextCursor =
        rows.length > q.limit && last
          ? encodeCursor({ s: q.sort.name, o: q.order, v: (last.__sort as string | null) ?? null, id: String(last[q.idField.name]) })
          : null;
      return {
        table: table.name,
        items: page.map((r) => Object.fromEntries(table.fields.map((f) => [f.name, toJson(r[f.name])]))),
        nextCursor,
        limit: q.limit,
      };
    },
  };
}
export type DatabaseHelperService = ReturnType<typeof createDatabaseHelperService>;
