import { eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { appSecrets, chapters, courses, enrollments, lessons, users } from './schema/index';
import { demoCourses } from './seed-content';
import { TEST_STUDENTS } from '../modules/dev/test-users';

const DEMO_SEEDED_MARKER = 'seed:demo-courses';

export type SeedOptions = {
  adminEmail: string;
  isProduction: boolean;
  /** The built-in test students (the development back door); never in production. Default: outside production. */
  testStudents?: boolean;
};

/**
 * Idempotent: the administrator always; outside production the test students; the demo courses
 * only into an empty catalogue, so a tutor's own edits are never overwritten or duplicated.
 */
export async function seed(db: Db, { adminEmail, isProduction, testStudents = !isProduction }: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({ email: adminEmail, firstName: 'Course', lastName: 'Tutor', role: 'admin', approvalStatus: 'approved' })
      .onConflictDoUpdate({ target: users.email, set: { role: 'admin', approvalStatus: 'approved' } });
    // The spec has one administrator: whoever holds ADMIN_EMAIL now.
    const formerAdmins = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin'));
    const demote = formerAdmins.filter((u) => u.email !== adminEmail).map((u) => u.id);
    if (demote.length) await tx.update(users).set({ role: 'student' }).where(inArray(users.id, demote));

    if (isProduction || !testStudents) {
      // A database first used in development keeps no back-door accounts once it serves production.
      await tx.delete(users).where(
        inArray(
          users.email,
          TEST_STUDENTS.map((s) => s.email),
        ),
      );
      return;
    }
    await tx
      .insert(users)
      .values(TEST_STUDENTS.map((s) => ({ ...s, role: 'student' as const })))
      .onConflictDoNothing({ target: users.email });

    // Demo courses go in once per database, into an empty catalogue: a tutor who deletes them
    // does not see them come back at the next start.
    const [marked] = await tx
      .insert(appSecrets)
      .values({ name: DEMO_SEEDED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (!marked) return;
    const [anyCourse] = await tx.select({ id: courses.id }).from(courses).limit(1);
    if (anyCourse) return;
    const courseIds: string[] = [];
    for (const course of demoCourses) {
      const [c] = await tx
        .insert(courses)
        .values({ title: course.title, description: course.description, isPublished: true })
        .returning({ id: courses.id });
      courseIds.push(c!.id);
      for (const [ci, chapter] of course.chapters.entries()) {
        const [ch] = await tx
          .insert(chapters)
          .values({ courseId: c!.id, title: chapter.title, position: ci + 1 })
          .returning({ id: chapters.id });
        await tx.insert(lessons).values(
          chapter.lessons.map((l, li) => ({
            chapterId: ch!.id,
            title: l.title,
            lessonType: l.type,
            videoUrl: l.videoUrl ?? null,
            summary: l.summary,
            position: li + 1,
          })),
        );
      }
    }
    // The approved test students start enrolled in the first two courses, so their dashboard has content.
    const approved = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.email,
          TEST_STUDENTS.filter((s) => s.approvalStatus === 'approved').map((s) => s.email),
        ),
      );
    const rows = approved.flatMap((s) => courseIds.slice(0, 2).map((courseId) => ({ studentId: s.id, courseId })));
    if (rows.length) await tx.insert(enrollments).values(rows).onConflictDoNothing();
  });
}
