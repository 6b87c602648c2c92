import { eq, sql, type SQL } from 'drizzle-orm';
import { chapters, courses, lessons } from '../../platform/db/schema/index';
import type { Queryable, Tx } from '../../platform/db/transaction';
import { notFound } from '../../platform/http/errors';
import { requireId } from '../../platform/http/ids';

/**
 * Locks the course row for the rest of the transaction. Every change to a course's content takes
 * this lock first, so concurrent edits of one course run one after the other and orders stay 1..n.
 */
export async function lockCourse(tx: Tx, courseId: string): Promise<void> {
  requireId(courseId, 'Course not found');
  const [row] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
  if (!row) throw notFound('Course not found');
}

/**
 * The one lookup of a lesson by id, for every domain that is handed one: the lesson row with the
 * id of its course, or 404 "Lesson not found" (for an id that is not even a uuid too), so every
 * screen says the same thing about a lesson that is not there.
 */
export async function findLesson(on: Queryable, lessonId: string): Promise<{ lesson: typeof lessons.$inferSelect; courseId: string }> {
  requireId(lessonId, 'Lesson not found');
  const [row] = await on
    .select({ lesson: lessons, courseId: chapters.courseId })
    .from(lessons)
    .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
    .where(eq(lessons.id, lessonId));
  if (!row) throw notFound('Lesson not found');
  return row;
}

/**
 * Renumbers the chapters of a course (or the lessons of a chapter) 1..n in their current order.
 * `moved` breaks a tie with the row it was placed onto: first when it moved up (or was
 * inserted), last when it moved down.
 */
export async function renumber(
  tx: Tx,
  kind: 'chapters' | 'lessons',
  parentId: string,
  moved?: { id: string; first: boolean },
): Promise<void> {
  const table = sql.raw(kind);
  const parent = sql.raw(kind === 'chapters' ? 'course_id' : 'chapter_id');
  const order: SQL[] = [sql`position`];
  if (moved) order.push(moved.first ? sql`(id = ${moved.id}) desc` : sql`(id = ${moved.id}) asc`);
  order.push(sql`created_at`, sql`id`);
  await tx.execute(sql`
    update ${table} t set position = r.rn
    from (select id, (row_number() over (order by ${sql.join(order, sql`, `)}))::int as rn from ${table} where ${parent} = ${parentId}) r
    where t.id = r.id and t.position <> r.rn`);
}
