import type { DashboardCourse } from '@common/learning';

/**
 * A student who has not begun anything yet: no lesson done and no activity in any course (enrolled
 * in none counts too). The dashboard then says "Welcome", not "Welcome back", and the sign-in's
 * greeting agrees with it; here, beside the pages of both, so the two cannot drift apart.
 */
export const isFirstVisit = (courses: DashboardCourse[]) => courses.every((c) => c.status === 'not_started' && c.lastActivityAt === null);
