import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { myGradesQueryOptions } from '@web/features/gradebook/api/my-grades';
import { courseOutlineQueryOptions } from '@web/features/learning/api/get-course-outline';
import { dashboardQueryOptions } from '@web/features/learning/api/get-dashboard';
import { dueThisWeekQueryOptions } from '@web/features/learning/api/get-due-this-week';
import { decideAccess, type Requirement } from '@web/lib/access';
import { sessionQueryOptions } from '@web/lib/auth';
import { publicConfigQueryOptions } from '@web/lib/public-config';
import { pageRoutes, type PageAccess } from './route-manifest';

type PageQuery = { queryKey: QueryKey; queryFn?: unknown };

/**
 * Each API answer a page waits for (route-manifest.ts `data`, which the server also writes into the
 * page or preloads with it), as the query the page itself asks it with: same key, same request.
 */
export const pageQueries: Record<string, (params: Record<string, string | undefined>) => PageQuery> = {
  '/api/session': () => sessionQueryOptions(),
  '/api/student/dashboard': () => dashboardQueryOptions(),
  '/api/student/due-this-week': () => dueThisWeekQueryOptions(),
  '/api/courses/:courseId/learn': ({ courseId = '' }) => courseOutlineQueryOptions(courseId),
  '/api/courses/:courseId/grades': ({ courseId = '' }) => myGradesQueryOptions(courseId),
  '/api/public-config': () => publicConfigQueryOptions(),
};

/** The guard each kind of page sits behind (router.tsx). */
export const pageRequirement: Record<Exclude<PageAccess, 'public'>, Requirement> = {
  admin: { role: 'admin' },
  student: { role: 'student' },
  enrolled: {},
};

/**
 * How long the answers the server sent with the page count as fresh. The page's own query takes
 * them over as it mounts; a page whose answers are never kept (the dashboard: fresh at every visit)
 * would otherwise ask the server again at that very moment, for the same answer.
 */
const HANDOVER_MS = 5_000;

/** At most this long the first render waits for the page's answers; then the page shows its own loading state. */
const FIRST_DATA_WAIT_MS = 3_000;

/**
 * The first page of a visit, signed in: its API answers, which the server wrote into the page
 * (first-page-answers.ts in lib: no request then) or asked the browser to preload with it
 * (page-preloads.ts), put in the query cache before the app's first render.
 * The page then paints once, whole, instead of a skeleton that the answers push around (the
 * dashboard's course card above its figures) and a first largest paint that is replaced by the
 * real one. Resolves when they are in, have failed (the page asks again and shows why), or after
 * FIRST_DATA_WAIT_MS. Only for a visitor the page's guard lets in: nothing is asked that the
 * server would refuse.
 */
export function firstPageData(client: QueryClient, pathname: string): Promise<void> {
  // The router's own matching, so that the parameters are what the page reads (useParams).
  const match = matchRoutes(
    pageRoutes.filter((r) => r.access !== 'public' && r.data?.length),
    pathname,
  )?.[0];
  const route = match?.route;
  if (!match || !route || route.access === 'public') return Promise.resolve();
  const { params } = match;
  const load = async () => {
    // One try each: a failure is the page's to show and retry (offline, a retry would wait for the connection).
    const session = await client.fetchQuery({ ...sessionQueryOptions(), retry: false });
    if (decideAccess(session, pageRequirement[route.access as Exclude<PageAccess, 'public'>]).kind !== 'allow') return;
    await Promise.all(
      (route.data ?? [])
        .filter((path) => path !== '/api/session')
        .map(async (path) => {
          const query = pageQueries[path]?.(params);
          if (!query) return;
          const data = await client.fetchQuery({ ...(query as Parameters<QueryClient['fetchQuery']>[0]), retry: false });
          client.setQueryData(query.queryKey, data, { updatedAt: Date.now() + HANDOVER_MS });
        }),
    );
  };
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_DATA_WAIT_MS);
    load()
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}
