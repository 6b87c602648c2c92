import type { MeResponse } from '@common/auth';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseOutlineQueryOptions } from '@web/features/learning/api/get-course-outline';
import { dashboardQueryOptions } from '@web/features/learning/api/get-dashboard';
import { sessionKeys } from '@web/lib/auth';
import { firstPageData, pageQueries } from './page-data';
import { pageRoutes } from './route-manifest';

const student = (approvalStatus = 'approved'): MeResponse =>
  ({
    user: { id: 'u1', role: 'student', approvalStatus, firstName: 'Alice', lastName: 'Student', fullName: 'Alice Student' },
    viewMode: 'admin',
  }) as unknown as MeResponse;

/** The server as the page's first requests see it: each answer by path, and the paths asked for. */
function serve(answers: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      return path in answers
        ? new Response(JSON.stringify(answers[path]), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No such thing' } }), { status: 404 });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("the first page's data", () => {
  it('has a query, the one the page asks with, for every answer the dashboard and the course screen wait for', () => {
    for (const path of ['/student/dashboard', '/course/:courseId']) {
      const route = pageRoutes.find((r) => r.path === path)!;
      for (const data of route.data ?? []) expect(pageQueries[data], `${path} waits for ${data}`).toBeDefined();
    }
    expect(pageQueries['/api/student/dashboard']!({}).queryKey).toEqual(dashboardQueryOptions().queryKey);
    expect(pageQueries['/api/courses/:courseId/learn']!({ courseId: 'c1' }).queryKey).toEqual(courseOutlineQueryOptions('c1').queryKey);
    // Every query here is one a page waits for.
    const waitedFor = new Set(pageRoutes.flatMap((r) => r.data ?? []));
    for (const data of Object.keys(pageQueries)) expect(waitedFor, data).toContain(data);
  });

  it("puts a signed-in student's dashboard in the cache before the first render, fresh: the page does not ask again as it mounts", async () => {
    const dashboard = { courses: [], stats: { totalCourses: 0 } };
    const asked = serve({
      '/api/session': { session: student() },
      '/api/student/dashboard': dashboard,
      '/api/student/due-this-week': { items: [] },
      '/api/public-config': {},
    });
    const client = new QueryClient();
    await firstPageData(client, '/student/dashboard');
    // The session first: nothing else is asked before the guard's rule is known.
    expect(asked[0]).toBe('/api/session');
    expect([...asked].sort()).toEqual(['/api/public-config', '/api/session', '/api/student/dashboard', '/api/student/due-this-week']);
    expect(client.getQueryData(sessionKeys.me())).toEqual(student());
    const query = client.getQueryCache().find({ queryKey: dashboardQueryOptions().queryKey })!;
    expect(query.state.data).toEqual(dashboard);
    // The dashboard's own query counts every answer as stale at once (staleTime 0); the one sent with the page is not.
    expect(query.isStaleByTime(0)).toBe(false);
  });

  it("fetches the course screen's outline for its course", async () => {
    const asked = serve({
      '/api/session': { session: student() },
      '/api/courses/c%201/learn': { course: { id: 'c 1' } },
      '/api/public-config': {},
    });
    const client = new QueryClient();
    await firstPageData(client, '/course/c%201');
    expect([...asked].sort()).toEqual(['/api/courses/c%201/learn', '/api/public-config', '/api/session']);
    expect(client.getQueryData(courseOutlineQueryOptions('c 1').queryKey)).toEqual({ course: { id: 'c 1' } });
  });

  it("asks for nothing the page's guard would not let through, nor on public pages", async () => {
    const cases: [string, MeResponse | null][] = [
      ['/student/dashboard', null],
      ['/student/dashboard', student('pending')],
    ];
    for (const [path, session] of cases) {
      const asked = serve({ '/api/session': { session }, '/api/student/dashboard': {} });
      await firstPageData(new QueryClient(), path);
      expect(asked).toEqual(['/api/session']);
    }
    const asked = serve({});
    await firstPageData(new QueryClient(), '/');
    await firstPageData(new QueryClient(), '/login');
    expect(asked).toEqual([]);
  });

  it('lets the page render when an answer fails, leaving the failure for the page to show', async () => {
    serve({ '/api/session': { session: student() } });
    const client = new QueryClient();
    await firstPageData(client, '/student/dashboard');
    expect(client.getQueryCache().find({ queryKey: dashboardQueryOptions().queryKey })?.state.status).toBe('error');
  });
});
