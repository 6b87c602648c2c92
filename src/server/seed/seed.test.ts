import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@test-support/test-db';
import { rows } from '@test-support/http';
import { TEST_STUDENTS } from '../../common/test-students';
import { seed } from './seed';
import { demoCourses } from './seed-content';
import { SEED_THUMBNAILS, seedThumbnailSvg } from '../domains/media-helpers/demo-thumbnails';

type Db = Awaited<ReturnType<typeof createTestDatabase>>;

async function counts(database: Db) {
  const [r] = await rows<Record<string, number>>(
    database.pool,
    `select
       (select count(*)::int from users where role = 'admin') as admins,
       (select count(*)::int from users where role = 'student') as students,
       (select count(*)::int from courses) as courses,
       (select count(*)::int from chapters) as chapters,
       (select count(*)::int from lessons) as lessons,
       (select count(*)::int from enrollments) as enrollments`,
  );
  return r!;
}

const chapterCount = demoCourses.reduce((n, c) => n + c.chapters.length, 0);
const lessonCount = demoCourses.reduce((n, c) => n + c.chapters.reduce((m, ch) => m + ch.lessons.length, 0), 0);

describe('seed', () => {
  it('creates 1 admin, 3 test students and 3 demo courses, and is idempotent', async () => {
    const database = await createTestDatabase();
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    const first = await counts(database);
    expect(first).toEqual({ admins: 1, students: 3, courses: 3, chapters: chapterCount, lessons: lessonCount, enrollments: 4 });

    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    expect(await counts(database)).toEqual(first);

    const students = await rows<{ email: string; approval_status: string }>(
      database.pool,
      "select email, approval_status::text from users where role = 'student' order by email",
    );
    expect(students).toEqual(
      [...TEST_STUDENTS].sort((a, b) => a.email.localeCompare(b.email)).map((s) => ({ email: s.email, approval_status: s.approvalStatus })),
    );
    const courses = await rows<{ title: string; is_published: boolean }>(
      database.pool,
      'select title, is_published from courses order by title',
    );
    expect(courses.map((c) => c.title).sort()).toEqual(demoCourses.map((c) => c.title).sort());
    // chapters and lessons are numbered from 1 without gaps
    const gaps = await rows(
      database.pool,
      `select course_id from chapters group by course_id having min(position) <> 1 or max(position) <> count(*)
       union all
       select chapter_id from lessons group by chapter_id having min(position) <> 1 or max(position) <> count(*)`,
    );
    expect(gaps).toEqual([]);
  });

  it('never overwrites the tutor’s edits or a student’s status', async () => {
    const database = await createTestDatabase();
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    await database.pool.query("update courses set title = 'My renamed course' where title = 'C Programming Fundamentals'");
    await database.pool.query("update users set approval_status = 'rejected' where email = 'alice.student@example.com'");
    await database.pool.query("update users set approval_status = 'approved' where email = 'carol.pending@example.com'");
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    expect((await counts(database)).courses).toBe(3);
    expect(await rows(database.pool, "select 1 from courses where title = 'My renamed course'")).toHaveLength(1);
    expect(
      await rows(
        database.pool,
        "select email, approval_status::text from users where email in ('alice.student@example.com', 'carol.pending@example.com') order by email",
      ),
    ).toEqual([
      { email: 'alice.student@example.com', approval_status: 'rejected' },
      { email: 'carol.pending@example.com', approval_status: 'approved' },
    ]);
  });

  it('demo courses go only into an empty catalogue', async () => {
    const database = await createTestDatabase();
    await database.pool.query("insert into courses (title) values ('Only mine')");
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    const c = await counts(database);
    expect(c.courses).toBe(1);
    expect(c.students).toBe(3);
  });

  it('ADMIN_EMAIL is the one admin: a new address demotes the old admin row, and restores a demoted/rejected row', async () => {
    const database = await createTestDatabase();
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    await database.pool.query(
      "insert into users (email, first_name, last_name, role, approval_status) values ('new.boss@example.com', 'New', 'Boss', 'student', 'rejected')",
    );
    await seed(database.db, { adminEmail: 'new.boss@example.com', isProduction: false });
    expect(await rows(database.pool, "select email, approval_status::text from users where role = 'admin'")).toEqual([
      { email: 'new.boss@example.com', approval_status: 'approved' },
    ]);
    expect(await rows(database.pool, "select role::text from users where email = 'admin@example.com'")).toEqual([{ role: 'student' }]);
    const c = await counts(database);
    expect(c.admins).toBe(1);
  });

  it('in production: only the admin, no test students and no demo content; idempotent', async () => {
    const database = await createTestDatabase();
    await seed(database.db, { adminEmail: 'tutor@school.test', isProduction: true });
    await seed(database.db, { adminEmail: 'tutor@school.test', isProduction: true });
    expect(await counts(database)).toEqual({ admins: 1, students: 0, courses: 0, chapters: 0, lessons: 0, enrollments: 0 });
    expect(await rows(database.pool, 'select email from users')).toEqual([{ email: 'tutor@school.test' }]);
  });

  it('demo courses the tutor deleted do not come back at the next start', async () => {
    const database = await createTestDatabase();
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    await database.pool.query('delete from courses');
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    expect((await counts(database)).courses).toBe(0);
  });

  it('a database first used in development keeps no test students once it serves production', async () => {
    const database = await createTestDatabase();
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    await seed(database.db, { adminEmail: 'tutor@school.test', isProduction: true });
    const emails = await rows<{ email: string }>(database.pool, 'select email from users order by email');
    expect(emails.map((r) => r.email)).toEqual(['admin@example.com', 'tutor@school.test']);
  });

  it('gives every demo course its own artwork, also in a database seeded before, never over a thumbnail already there', async () => {
    const database = await createTestDatabase();
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    const thumbnails = async () =>
      rows<{ title: string; thumbnail_url: string | null }>(database.pool, 'select title, thumbnail_url from courses order by title');
    // One picture per demo course, each an SVG served under its own /api/images address.
    expect(SEED_THUMBNAILS.map((t) => t.course).sort()).toEqual(demoCourses.map((c) => c.title).sort());
    for (const row of await thumbnails()) {
      const art = SEED_THUMBNAILS.find((t) => t.course === row.title)!;
      expect(row.thumbnail_url).toBe(`/api/images/${art.id}`);
      expect(seedThumbnailSvg(art.id)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/);
    }

    // A database seeded before the artwork: no marker, no thumbnails; the tutor had given one course a picture of theirs.
    await database.pool.query(`delete from app_secrets where name = 'seed:demo-thumbnails'`);
    await database.pool.query(`update courses set thumbnail_url = null`);
    await database.pool.query(`update courses set thumbnail_url = 'https://example.com/mine.png' where title = 'WebGL 3D Graphics'`);
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    const after = await thumbnails();
    expect(after.find((r) => r.title === 'WebGL 3D Graphics')!.thumbnail_url).toBe('https://example.com/mine.png');
    expect(after.filter((r) => r.thumbnail_url?.startsWith('/api/images/'))).toHaveLength(2);

    // Once only: a thumbnail the tutor removed afterwards stays removed.
    await database.pool.query(`update courses set thumbnail_url = null where title = 'C Programming Fundamentals'`);
    await seed(database.db, { adminEmail: 'admin@example.com', isProduction: false });
    expect((await thumbnails()).find((r) => r.title === 'C Programming Fundamentals')!.thumbnail_url).toBeNull();
  });
});
