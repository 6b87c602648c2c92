import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALICE, CAROL } from '@test-support/fixtures/users-and-courses';
import {
  analyticsApp,
  completedAt,
  course,
  DAY,
  enrollAt,
  LONG_AGO,
  student,
  type AnalyticsTestApp,
} from '@test-support/fixtures/analytics';
import { safeCell, STUDENTS_CSV_COLUMNS } from './students-csv';

describe('safeCell', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const v of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) expect(safeCell(v)).toBe(`'${v}`);
    for (const v of ['Ada', "O'Brien", '1+1', 'a=b', '', ' =1']) expect(safeCell(v)).toBe(v);
  });
});

describe('GET /api/admin/analytics/students.csv', () => {
  let t: AnalyticsTestApp;
  let rows: string[][];
  let res: Awaited<ReturnType<AnalyticsTestApp['app']['inject']>>;

  beforeAll(async () => {
    t = await analyticsApp();
    const C = await course(t.db, 'Csv', [4]);
    const names: [string, string][] = [
      ['=HYPERLINK("http://evil.example","click")', 'Zed'],
      ['+cmd', 'Baker'],
      ['@SUM(1)', 'Ada, "the" first'],
      ['-2+3', 'Carter'],
      ['Plain', 'Person'],
    ];
    for (const [first, last] of names) {
      const { rows: r } = await t.db.execute<{ id: string }>(sql`
        insert into users (email, first_name, last_name, role, approval_status, created_at)
        values (${`${Math.random().toString(36).slice(2)}@example.com`}, ${first}, ${last}, 'student', 'approved', ${LONG_AGO.toISOString()})
        returning id`);
      await enrollAt(t.db, r[0]!.id, C.id, t.ago(14 * DAY));
      if (first === 'Plain') for (const l of C.lessons.slice(0, 2)) await completedAt(t.db, r[0]!.id, l, t.ago(DAY));
    }
    await student(t.db, 'NoEnrollment'); // not in the table: no velocity without an enrollment
    res = await t.app.inject({ method: 'GET', url: '/api/admin/analytics/students.csv', headers: { cookie: t.admin } });
    rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  });

  it('is a CSV attachment with a safe file name', () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="student-velocity-2026-03-10.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
  });

  it('has one row per enrolled student, by last name, with formula-looking text neutralised', () => {
    expect(rows[0]).toEqual([...STUDENTS_CSV_COLUMNS]);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ["'@SUM(1)", 'Ada, "the" first'],
      ["'+cmd", 'Baker'],
      ["'-2+3", 'Carter'],
      ['Plain', 'Person'],
      ['\'=HYPERLINK("http://evil.example","click")', 'Zed'],
    ]);
  });

  it('carries the velocity and risk figures', () => {
    const plain = rows.find((r) => r[0] === 'Plain')!;
    // 2 of 4 lessons (50%) yesterday, enrolled 2 weeks ago: 1 lesson a week, all of it recent;
    // the 2 lessons left at that pace: 2 weeks after 2026-03-10.
    expect(plain.slice(3, 13)).toEqual(['1', '2', '50', 'active', 'stable', '1', '1', '0', '2026-03-24', '']);
    expect(new Date(plain[13]!).toISOString()).toBe(t.ago(DAY).toISOString());
    const zed = rows.find((r) => r[1] === 'Zed')!;
    expect(zed.slice(3, 9)).toEqual(['1', '0', '0', 'inactive', 'stable', '0']);
    // Enrolled exactly 14 days ago, nothing started: too new for 'Low activity', no course stalled; no pace, so no date.
    expect(zed[11]).toBe('');
    expect(zed[12]).toBe('');
  });

  it('is for the administrator only', async () => {
    const [alice, carol] = await Promise.all(
      [ALICE, CAROL].map(async (email, i) => {
        await t.db.execute(sql`
          insert into users (email, first_name, last_name, role, approval_status)
          values (${email}, 'Test', 'Student', 'student', ${i === 0 ? 'approved' : 'pending'}) on conflict do nothing`);
        return t.signIn(email);
      }),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics/students.csv' })).statusCode).toBe(401);
    for (const cookie of [alice, carol]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics/students.csv', headers: { cookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: { cookie } })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics' })).statusCode).toBe(401);
  });

  it('refuses an unknown range with a 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/analytics?range=1y', headers: { cookie: t.admin } });
    expect([res.statusCode, res.json().error.message]).toEqual([400, "range must be '7d', '30d', '90d' or 'all'"]);
  });
});
