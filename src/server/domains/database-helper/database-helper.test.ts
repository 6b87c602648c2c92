import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import type { DbHelperResponse, TableItemsResponse, TablesResponse } from '../../../common/database-helper';
import { courses } from '../../platform/db/schema/index';
import { ADMIN, ALICE, BOB, CAROL, createUser, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { tablePageQuery } from './database-helper.service';
import { buildTableQuery, encodeCursor } from './database-helper.queries';
import { READABLE_TABLES, type FieldType } from './tables';

const sampleValue = (type: FieldType) =>
  ({
    uuid: '00000000-0000-4000-8000-000000000000',
    text: 'm',
    int: '3',
    bool: 'true',
    timestamp: '2026-01-01 00:00:00+00',
    enum: 'approved',
  })[type];

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
  // Wildcard characters in real data, to prove the search escapes them.
  await createUser(t.db, 'under_score@example.com', { firstName: 'Una', lastName: 'Under_score', approvalStatus: 'pending' });
  await createUser(t.db, 'percent@example.com', { firstName: '100%', lastName: 'Sure' });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
const search = async (text: string) => {
  const res = await get(`/api/admin/database-helper?search=${encodeURIComponent(text)}`);
  expect(res.statusCode).toBe(200);
  return res.json() as DbHelperResponse;
};
const items = async (query: string) => {
  const res = await get(`/api/admin/tables/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TableItemsResponse;
};

describe('GET /api/admin/database-helper', () => {
  it.each([
    ['ALICE', [ALICE]],
    ['smith', [BOB]],
    ['PENDING@', [CAROL]],
    ['alice johnson', [ALICE]],
    ['_', ['under_score@example.com']],
    ['%', ['percent@example.com']],
    ['nobody-has-this', []],
  ])('finds users by a case-insensitive substring of name, surname or e-mail: %j', async (text, emails) => {
    const body = await search(text);
    expect(body.users.map((u) => u.email).sort()).toEqual([...emails].sort());
    expect(body.userCount).toBe(emails.length);
    expect(body.search).toBe(text);
  });

  it('answers the first Java course, whether each user is enrolled in it, and all courses', async () => {
    const body = await search('');
    expect(body.javaCourse).toMatchObject({ title: 'Java Object-Oriented Programming', isPublished: true });
    // The seed enrolls Alice and Bob in the first two demo courses (C and Java).
    expect(body.users.find((u) => u.email === ALICE)).toMatchObject({ enrolledInJava: true, approvalStatus: 'approved', role: 'student' });
    expect(body.users.find((u) => u.email === CAROL)).toMatchObject({ enrolledInJava: false, approvalStatus: 'pending' });
    expect(body.users.find((u) => u.email === ADMIN)).toMatchObject({ role: 'admin' });
    expect(body.userCount).toBe(body.users.length);
    expect(body.courses.map((c) => c.title)).toEqual([
      'C Programming Fundamentals',
      'Java Object-Oriented Programming',
      'WebGL 3D Graphics',
    ]);
  });

  it('matches java in any case, and answers null when no course has it', async () => {
    const { course } = await seedCourse(t.db, { title: 'Advanced JAVA streams', isPublished: false });
    expect((await search('')).javaCourse!.title).toBe('Java Object-Oriented Programming'); // the first one
    await t.db.update(courses).set({ title: 'Object-Oriented Programming' }).where(eq(courses.title, 'Java Object-Oriented Programming'));
    expect((await search('')).javaCourse).toMatchObject({ id: course.id, isPublished: false });
    await t.db.delete(courses).where(eq(courses.id, course.id));
    const none = await search('');
    expect(none.javaCourse).toBeNull();
    expect(none.users.every((u) => !u.enrolledInJava)).toBe(true);
    await t.db.update(courses).set({ title: 'Java Object-Oriented Programming' }).where(eq(courses.title, 'Object-Oriented Programming'));
  });
});

describe('GET /api/admin/tables', () => {
  it('lists only the allow-listed tables and fields', async () => {
    const res = await get('/api/admin/tables');
    expect(res.statusCode).toBe(200);
    const body = res.json() as TablesResponse;
    expect(body.tables.map((x) => x.name)).toEqual(['users', 'courses', 'chapters', 'lessons', 'enrollments', 'lesson_progress', 'files']);
    const all = JSON.stringify(body);
    for (const secret of ['token_hash', 'code_hash', 'storage_key', 'sessions', 'verification_codes', 'app_secrets', 'rate_limit_hits']) {
      expect(all).not.toContain(secret);
    }
    expect(body.maxLimit).toBe(100);
  });
});

describe('GET /api/admin/tables/:table/items', () => {
  it.each(['sessions', 'verification_codes', 'rate_limit_hits', 'app_secrets', '__drizzle_migrations', 'pg_user'])(
    'refuses the table %s',
    async (table) => {
      const res = await get(`/api/admin/tables/${table}/items`);
      expect(res.statusCode).toBe(404);
      expect(errorMessage(res)).toMatch(/^Unknown table/);
    },
  );

  it('filters by plain value, op:value, like, in, is and BETWEEN', async () => {
    expect((await items('users/items?approvalStatus=pending')).items.map((u) => u.email).sort()).toEqual([
      CAROL,
      'under_score@example.com',
    ]);
    expect((await items('users/items?approval_status=eq:pending&email=like:CAROL')).items.map((u) => u.email)).toEqual([CAROL]);
    expect((await items('users/items?role=ne:student')).items.map((u) => u.email)).toEqual([ADMIN]);
    expect((await items(`users/items?email=in:${ALICE},${BOB}&_sort=email&_order=asc`)).items.map((u) => u.email)).toEqual([ALICE, BOB]);
    expect((await items('users/items?lastLoginAt=is:notnull')).items.map((u) => u.email)).toEqual([ADMIN]);
    expect((await items('users/items?firstName=like:%25')).items.map((u) => u.email)).toEqual(['percent@example.com']);
    const between = await items('users/items?createdAt=BETWEEN:2000-01-01,2999-12-31&_limit=100');
    expect(between.items.length).toBe(await t.db.$count((await import('../../platform/db/schema/index')).users));
    expect((await items('users/items?createdAt=between:2999-01-01,2999-12-31')).items).toEqual([]);
    const chapters = await items('chapters/items?order=gte:3');
    expect(chapters.items.every((c) => (c.order as number) >= 3)).toBe(true);
    expect((await items('courses/items?isPublished=false')).items).toEqual([]);
    expect((await items('student_enrollments/items')).table).toBe('enrollments');
  });

  it('answers camelCase fields and no secrets', async () => {
    const { items: rows } = await items(`users/items?email=${encodeURIComponent(ALICE)}`);
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'approvalStatus',
      'createdAt',
      'email',
      'firstName',
      'id',
      'lastLoginAt',
      'lastName',
      'role',
      'updatedAt',
    ]);
    expect(typeof rows[0]!.createdAt).toBe('string');
  });

  it.each([
    ['users/items?password=x', 400, "Unknown field 'password' for table 'users'."],
    ['users/items?_sort=token_hash', 400, "Unknown field 'token_hash' in _sort for table 'users'."],
    ['users/items?email=regex:.*', 400, "Unknown operator 'regex' in the filter on 'email'."],
    ['users/items?_order=sideways', 400, '_order must be asc or desc.'],
    ['users/items?_limit=0', 400, '_limit must be a whole number of 1 or more.'],
    ['users/items?_limit=ten', 400, '_limit must be a whole number of 1 or more.'],
    ['users/items?_where=1', 400, "Unknown parameter '_where'."],
    ['users/items?id=42', 400, "Invalid value '42' for field 'id': expected a UUID."],
    ['users/items?role=teacher', 400, "Invalid value 'teacher' for field 'role': expected one of admin, student."],
    ['users/items?createdAt=yesterday', 400, "Invalid value 'yesterday' for field 'createdAt'"],
    ['users/items?createdAt=BETWEEN:2020-01-01', 400, 'BETWEEN takes two values'],
    ['users/items?role=like:adm', 400, "The operator 'like' applies to text fields only"],
    ['users/items?_cursor=garbage', 400, 'The _cursor is not valid.'],
    [
      `users/items?_sort=createdAt&_order=desc&_cursor=${Buffer.from(
        JSON.stringify({ s: 'createdAt', o: 'desc', v: 'not-a-date', id: '00000000-0000-4000-8000-000000000000' }),
      ).toString('base64url')}`,
      400,
      'The _cursor is not valid.',
    ],
  ])('refuses %s with a clear 400', async (query, status, message) => {
    const res = await get(`/api/admin/tables/${query}`);
    expect(res.statusCode).toBe(status);
    expect(errorMessage(res)).toContain(message);
  });

  it('refuses a forged _cursor whose date does not exist (2025-02-30) with a 400, and such a date in a filter too', async () => {
    const forged = (v: string) =>
      Buffer.from(JSON.stringify({ s: 'createdAt', o: 'desc', v, id: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    for (const v of ['2025-02-30', '2025-02-30 10:00:00+00', '2025-13-01T00:00:00Z', '2025-01-31T24:00:00Z', '2023-02-29 00:00:00+00']) {
      const res = await get(`/api/admin/tables/users/items?_cursor=${forged(v)}`);
      expect([res.statusCode, errorMessage(res)], v).toEqual([
        400,
        "The _cursor is not valid. Its value for 'createdAt' is not a date that exists. Start again without _cursor.",
      ]);
    }
    const filter = await get('/api/admin/tables/users/items?createdAt=lt:2025-02-30');
    expect([filter.statusCode, errorMessage(filter)]).toEqual([
      400,
      "Invalid value '2025-02-30' for field 'createdAt': expected a date or time such as 2025-01-31 or 2025-01-31T12:00:00Z.",
    ]);
    // A real leap day and PostgreSQL's own text form are fine.
    expect((await get(`/api/admin/tables/users/items?_cursor=${forged('2024-02-29 23:59:59.123456+00')}`)).statusCode).toBe(200);
    expect((await get('/api/admin/tables/users/items?createdAt=gt:2024-02-29T12:00:00%2B02:00')).statusCode).toBe(200);
  });

  it('sorts only by the fields an index serves, and says which they are', async () => {
    const res = await get('/api/admin/tables/users/items?_sort=lastLoginAt');
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe(
      "The field 'lastLoginAt' cannot be used in _sort for table 'users' (no index serves it). Sortable fields: id, email, firstName, lastName, approvalStatus, createdAt, updatedAt.",
    );
    const listed = ((await get('/api/admin/tables')).json() as TablesResponse).tables.find((x) => x.name === 'lesson_progress')!;
    expect(listed.fields.filter((f) => f.sortable).map((f) => f.name)).toEqual(['id', 'createdAt', 'updatedAt']);
    // Filtering stays open to every field.
    expect((await get('/api/admin/tables/users/items?lastLoginAt=is:null')).statusCode).toBe(200);
  });

  it('reads every page, first or deep, of every sortable field from an index, never sorting the table', async () => {
    const plans: string[] = [];
    for (const table of READABLE_TABLES) {
      for (const field of table.fields.filter((f) => f.sortable)) {
        for (const order of ['asc', 'desc'] as const) {
          const first = buildTableQuery(table, { _sort: field.name, _order: order, _limit: '100' });
          const cursor = encodeCursor({ s: field.name, o: order, v: sampleValue(field.type), id: '00000000-0000-4000-8000-000000000000' });
          const deep = buildTableQuery(table, { _sort: field.name, _order: order, _limit: '100', _cursor: cursor });
          for (const [page, q] of [
            ['first', first],
            ['deep', deep],
          ] as const) {
            const { sql: text, params } = tablePageQuery(t.db, table, q).toSQL();
            const client = await t.pool.connect();
            let plan: string;
            try {
              // The tables here are tiny, where a sort is cheapest; forbid it to see whether an index can serve the order at all.
              await client.query('begin');
              await client.query('set local enable_sort = off');
              await client.query('set local enable_seqscan = off');
              const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
              plan = rows.map((r) => r['QUERY PLAN']).join('\n');
            } finally {
              await client.query('rollback');
              client.release();
            }
            const where = `${table.name}.${field.name} ${order} (${page} page)`;
            expect(plan, where).toMatch(/Index (Only )?Scan/);
            expect(plan, where).not.toMatch(/Sort|Seq Scan/);
            if (page === 'deep') expect(plan, where).toMatch(/Index Cond: \(ROW\(/);
            plans.push(where);
          }
        }
      }
    }
    expect(plans.length).toBe(READABLE_TABLES.flatMap((x) => x.fields.filter((f) => f.sortable)).length * 4);
  });

  it('treats injected SQL as a plain value', async () => {
    const res = await items(`users/items?email=${encodeURIComponent("eq:' or 1=1 --")}`);
    expect(res.items).toEqual([]);
    const like = await items(`users/items?lastName=${encodeURIComponent("like:x'); drop table users; --")}`);
    expect(like.items).toEqual([]);
    expect(await t.db.$count((await import('../../platform/db/schema/index')).users)).toBeGreaterThan(0);
  });

  it('caps _limit at 100 and pages with _cursor through every row exactly once, in order', async () => {
    for (let i = 0; i < 7; i++) await createUser(t.db, `pager${i}@example.com`, { firstName: `P${i % 3}` });
    expect((await items('users/items?_limit=1000')).limit).toBe(100);

    const all = (await items('users/items?_limit=100&_sort=firstName&_order=asc')).items.map((u) => u.id);
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: TableItemsResponse = await items(`users/items?_limit=3&_sort=firstName&_order=asc${cursor ? `&_cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);

    // A timestamp, descending, with ties broken by id: still every row once.
    await t.db.execute(sql`update users set created_at = '2026-01-01T00:00:00Z' where email like 'pager%'`);
    const byCreation = (await items('users/items?_limit=100')).items.map((u) => u.id);
    const seen2: unknown[] = [];
    cursor = null;
    do {
      const page: TableItemsResponse = await items(`users/items?_limit=2${cursor ? `&_cursor=${cursor}` : ''}`);
      seen2.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen2).toEqual(byCreation);
    expect(new Set(seen2).size).toBe(seen2.length);

    const first = await items('users/items?_limit=2&_sort=email');
    const mismatch = await get(`/api/admin/tables/users/items?_sort=firstName&_cursor=${first.nextCursor}`);
    expect(mismatch.statusCode).toBe(400);
  });
});
