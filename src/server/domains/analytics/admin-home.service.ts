import { sql } from 'drizzle-orm';
import type { PlatformStats } from '../../../common/admin';
import type { Db } from '../../platform/db/client';
import { unansweredQuestionCount } from '../questions';

export function createAdminHomeService({ db }: { db: Db }) {
  return {
    /** The counts on the admin home, in one round trip. */
    async platformStats(): Promise<PlatformStats> {
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
        unansweredQuestions: await unansweredQuestionCount(db),
      };
    },
  };
}
export type AdminHomeService = ReturnType<typeof createAdminHomeService>;
