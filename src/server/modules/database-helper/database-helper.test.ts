import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/support/test-app';
import type { DbHelperResponse, TableItemsResponse, TablesResponse } from '../../../common/database-helper';
import { courses } from '../../db/schema/index';
import { ADMIN, ALICE, BOB, CAROL, createUser, errorMessage, seedCourse } from '../../test-helpers/workspace-fixtures';

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
    // The seed enrols Alice and Bob in the first two demo courses (C and Java).
    expect(body.users.find((u) => u.email === ALICE)).toMatchObject({ enrolledInJava: true, approvalStatus: 'approved', role: 'student' });
    expect(body.users.find((u) => u.email === CAROL)).toMatchObject({ enrolledInJava: false, approvalStatus: 'pending' });
    expect(body.users.find((u) => u.email === ADMIN)).toMatchObject({ role: 'admin' });
    expect(body.userCount).toBe(body.users.length);
    expect(body.courses.map((c) => c.title)).toEqual(['C Programming Fundamentals', 'Java Object-Oriented Programming', 'WebGL 3D Graphics']);
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
  it.each(['sessions', 'verification_codes', 'rate_limit_hits', 'app_secrets', '__drizzle_migrations', 'pg_user'])('refuses the table %s', async (table) => {
    const res = await get(`/api/admin/tables/${table}/items`);
    expect(res.statusCode).toBe(404);
    expect(errorMessage(res)).toMatch(/^Unknown table/);
  });

  it('filters by plain value, op:value, like, in, is and BETWEEN', async () => {
    expect((await items('users/items?approvalStatus=pending')).items.map((u) => u.email).sort()).toEqual([CAROL, 'under_score@example.com']);
    expect((await items('users/items?approval_status=eq:pending&email=like:CAROL')).items.map((u) => u.email)).toEqual([CAROL]);
    expect((await items('users/items?role=ne:student')).items.map((u) => u.email)).toEqual([ADMIN]);
    expect((await items(`users/items?email=in:${ALICE},${BOB}&_sort=email&_order=asc`)).items.map((u) => u.email)).toEqual([ALICE, BOB]);
    expect((await items('users/items?lastLoginAt=is:notnull')).items.map((u) => u.email)).toEqual([ADMIN]);
    expect((await items('users/items?firstName=like:%25')).items.map((u) => u.email)).toEqual(['percent@example.com']);
    const between = await items('users/items?createdAt=BETWEEN:2000-01-01,2999-12-31&_limit=100');
    expect(between.items.length).toBe(await t.db.$count((await import('../../db/schema/index')).users));
    expect((await items('users/items?createdAt=between:2999-01-01,2999-12-31')).items).toEqual([]);
    const chapters = await items('chapters/items?order=gte:3');
    expect(chapters.items.every((c) => (c.order as number) >= 3)).toBe(true);
    expect((await items('courses/items?isPublished=false')).items).toEqual([]);
    expect((await items('student_enrollments/items')).table).toBe('enrollments');
  });

  it('answers camelCase fields and no secrets', async () => {
    const { items: rows } = await items(`users/items?email=${encodeURIComponent(ALICE)}`);
    expect(Object.keys(rows[0]!).sort()).toEqual(['approvalStatus', 'createdAt', 'email', 'firstName', 'id', 'lastLoginAt', 'lastName', 'role', 'updatedAt']);
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

  it('treats injected SQL as a plain value', async () => {
    const res = await items(`users/items?email=${encodeURIComponent("eq:' or 1=1 --")}`);
    expect(res.items).toEqual([]);
    const like = await items(`users/items?lastName=${encodeURIComponent("like:x'); drop table users; --")}`);
    expect(like.items).toEqual([]);
    expect(await t.db.$count((await import('../../db/schema/index')).users)).toBeGreaterThan(0);
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

    // A nullable sort field, descending (NULLs first): still every row once.
    const byLogin = (await items('users/items?_limit=100&_sort=lastLoginAt&_order=desc')).items.map((u) => u.id);
    const seen2: unknown[] = [];
    cursor = null;
    do {
      const page: TableItemsResponse = await items(`users/items?_limit=2&_sort=lastLoginAt&_order=desc${cursor ? `&_cursor=${cursor}` : ''}`);
      seen2.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen2).toEqual(byLogin);
    expect(new Set(seen2).size).toBe(seen2.length);

    const first = await items('users/items?_limit=2&_sort=email');
    const mismatch = await get(`/api/admin/tables/users/items?_sort=firstName&_cursor=${first.nextCursor}`);
    expect(mismatch.statusCode).toBe(400);
  });
});
