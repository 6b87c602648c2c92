import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ALICE, CAROL } from '@test-support/fixtures/users-and-courses';

/**
 * Every admin route, read from the app's own OpenAPI document so a new route cannot be
 * forgotten: anonymous callers get 401, students (approved or pending) 403.
 */
let t: TestContext;
let student: string;
let pending: string;
let routes: { method: string; url: string }[];

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  [student, pending] = await Promise.all([t.signIn(ALICE), t.signIn(CAROL)]);
  await t.app.ready();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths)
    .filter(([p]) => p.startsWith('/api/admin/'))
    .flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => ({ method: m.toUpperCase(), url: p.replace(/\{[^}]+\}/g, (name) => (name === '{table}' ? 'users' : SAMPLE_ID)) })),
    );
});

describe('admin routes', () => {
  it('include every route of the tutor workspace', () => {
    const list = routes.map((r) => `${r.method} ${r.url.replaceAll(SAMPLE_ID, ':id')}`);
    for (const expected of [
      'GET /api/admin/students',
      'POST /api/admin/students/:id/enrollments',
      'DELETE /api/admin/students/:id/enrollments/:id',
      'GET /api/admin/courses',
      'POST /api/admin/courses',
      'GET /api/admin/courses/:id',
      'PATCH /api/admin/courses/:id',
      'PATCH /api/admin/courses/:id/publish',
      'DELETE /api/admin/courses/:id',
      'POST /api/admin/courses/:id/chapters',
      'PATCH /api/admin/chapters/:id',
      'DELETE /api/admin/chapters/:id',
      'PUT /api/admin/chapters/:id/position',
      'POST /api/admin/chapters/:id/lessons',
      'DELETE /api/admin/lessons/:id',
      'PUT /api/admin/lessons/:id/position',
      'POST /api/admin/courses/:id/bulk-upload',
      'POST /api/admin/uploads',
      'GET /api/admin/database-helper',
      'GET /api/admin/tables',
      'GET /api/admin/tables/users/items',
      'GET /api/admin/analytics',
      'GET /api/admin/analytics/students.csv',
    ]) {
      expect(list).toContain(expected);
    }
  });

  it('answer 401 to anonymous callers', async () => {
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url });
      expect([`${r.method} ${r.url}`, res.statusCode]).toEqual([`${r.method} ${r.url}`, 401]);
    }
  });

  it('answer 403 to an approved student and to a pending one', async () => {
    for (const cookie of [student, pending]) {
      for (const r of routes) {
        const res = await t.app.inject({ method: r.method as 'GET', url: r.url, headers: { cookie } });
        expect([`${r.method} ${r.url}`, res.statusCode]).toEqual([`${r.method} ${r.url}`, 403]);
      }
    }
  });

  it('GET /api/files/:id needs a session (401 when signed out)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${SAMPLE_ID}` });
    expect(res.statusCode).toBe(401);
  });
});
