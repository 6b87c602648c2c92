import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import {
  appSecrets,
  chapters,
  courses,
  enrollments,
  exerciseFiles,
  exercises,
  exerciseTests,
  lessons,
  users,
} from '../platform/db/schema/index';
import { demoCourses } from './seed-content';
import { demoExercises } from './seed-exercises';
import { SEED_THUMBNAILS, seedThumbnailUrl } from '../domains/media-helpers';
import type { Tx } from '../platform/db/transaction';
import { TEST_STUDENTS } from '../../common/test-students';

const DEMO_SEEDED_MARKER = 'seed:demo-courses';
const DEMO_EXERCISES_MARKER = 'seed:demo-exercises';
const DEMO_THUMBNAILS_MARKER = 'seed:demo-thumbnails';

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
    // There is one administrator: whoever holds ADMIN_EMAIL now; any former one becomes a student.
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
  if (!isProduction && testStudents) {
    await db.transaction((tx) => seedDemoExercises(tx));
    await db.transaction((tx) => seedDemoThumbnails(tx));
  }
}

/**
 * The demo courses' artwork, once per database: each demo course still found by its title and still
 * without a thumbnail gets its picture, so a database seeded before the artwork existed gets it too,
 * and a thumbnail the tutor chose (or removed afterwards) is never touched again.
 */
async function seedDemoThumbnails(tx: Tx): Promise<void> {
  const [marked] = await tx
    .insert(appSecrets)
    .values({ name: DEMO_THUMBNAILS_MARKER, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (!marked) return;
  for (const art of SEED_THUMBNAILS) {
    await tx
      .update(courses)
      .set({ thumbnailUrl: seedThumbnailUrl(art) })
      .where(and(eq(courses.title, art.course), or(isNull(courses.thumbnailUrl), eq(courses.thumbnailUrl, ''))));
  }
}

/**
 * The demo courses' exercises, once per database, into the demo lessons that are still there (found
 * by course and lesson title) and have no exercises of the tutor's: a database seeded before
 * exercises existed gets them too.
 */
async function seedDemoExercises(tx: Tx): Promise<void> {
  const [marked] = await tx
    .insert(appSecrets)
    .values({ name: DEMO_EXERCISES_MARKER, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (!marked) return;
  const found = await tx
    .select({ lessonId: lessons.id, lesson: lessons.title, course: courses.title })
    .from(lessons)
    .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
    .innerJoin(courses, eq(courses.id, chapters.courseId))
    .where(inArray(courses.title, [...new Set(demoExercises.map((x) => x.course))]));
  const taken = new Set((await tx.selectDistinct({ lessonId: exercises.lessonId }).from(exercises)).map((r) => r.lessonId));
  const positions = new Map<string, number>();
  for (const x of demoExercises) {
    const lesson = found.find((l) => l.course === x.course && l.lesson === x.lesson);
    if (!lesson || taken.has(lesson.lessonId)) continue;
    const position = (positions.get(lesson.lessonId) ?? 0) + 1;
    positions.set(lesson.lessonId, position);
    const [row] = await tx
      .insert(exercises)
      .values({
        lessonId: lesson.lessonId,
        position,
        title: x.title,
        statement: x.statement,
        language: x.language,
        starterCode: x.starterCode,
        referenceSolution: x.referenceSolution,
        gradingMode: x.mode ?? 'tests',
      })
      .returning({ id: exercises.id });
    if (x.tests.length)
      await tx.insert(exerciseTests).values(
        x.tests.map((t, i) => ({
          exerciseId: row!.id,
          position: i + 1,
          input: t.input,
          expectedOutput: t.expectedOutput,
          hidden: t.hidden ?? false,
          name: t.name ?? '',
          code: t.code ?? '',
          points: t.points ?? 1,
        })),
      );
    if (x.files?.length)
      await tx.insert(exerciseFiles).values(
        x.files.map((f, i) => ({
          exerciseId: row!.id,
          position: i + 1,
          name: f.name,
          content: f.content,
          hidden: f.hidden ?? false,
          editable: f.referenceContent !== undefined,
          referenceContent: f.referenceContent ?? '',
        })),
      );
  }
}
