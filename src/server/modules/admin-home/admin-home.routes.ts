import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformStatsSchema } from '../../../common/admin';
import type { Db } from '../../db/client';
import { requireAdmin } from '../auth/auth.plugin';

export const adminHomeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/stats',
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: 'Platform statistics for the admin home', response: { 200: platformStatsSchema } },
    },
    async () => {
      const result = await db.execute<{
        total_courses: number;
        active_students: number;
        total_lessons: number;
        pending_approvals: number;
      }>(sql`
        select
          (select count(*) from courses)::int as total_courses,
          (select count(*) from users where role = 'student' and approval_status = 'approved')::int as active_students,
          (select count(*) from lessons)::int as total_lessons,
          (select count(*) from users where role = 'student' and approval_status = 'pending')::int as pending_approvals`);
      const row = result.rows[0]!;
      return {
        totalCourses: row.total_courses,
        activeStudents: row.active_students,
        totalLessons: row.total_lessons,
        pendingApprovals: row.pending_approvals,
      };
    },
  );
};
