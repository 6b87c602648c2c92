import { sql, type SQL } from 'drizzle-orm';
import { CalendarMessages as M } from '../../../common/calendar';
import type {
  Extension,
  ExtensionCourse,
  ExtensionItem,
  GrantExtensionsResponse,
  StudentExtensionsResponse,
} from '../../../common/deadline-extensions';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/transaction';
import { badRequest, notFound } from '../../platform/http/errors';
import { isUuid } from '../../platform/http/ids';
import { fullNameOf } from '../auth';

/**
 * 'Extend Deadline': the tutor's own due date for one student, or several at once, for a chapter, an exercise or a quiz
 * of a course they are enrolled in (table deadline_extensions). What an extension does to the due date is the SQL rule
 * calendar_course_dues; this service only grants, lists and removes them, with the checks of a grant done before
 * anything is written and the rows written in one transaction: all the students get the date, or none does.
 */

export type GrantInput = {
  studentIds: string[];
  courseId: string;
  chapterId?: string;
  exerciseId?: string;
  quizId?: string;
  dueAt: string;
  reason: string;
};

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const uuids = (ids: string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
/** "Ann Lee, Bo Chen and 3 more": the names a refusal names. */
const namesOf = (names: string[]) =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;

type ExtensionRow = {
  id: string;
  student_id: string;
  first_name: string;
  last_name: string;
  course_id: string;
  course_title: string;
  kind: 'chapter' | 'exercise' | 'quiz';
  item_id: string;
  item_title: string;
  due_at: Date | string;
  usual_due_at: Date | string | null;
  reason: string;
  granted_at: Date | string;
  granted_by: string | null;
};

/** Extensions as the tutor's screens read them, with the item's title and its usual due date (its own, else its chapter's). */
async function extensionsWhere(on: Queryable, where: SQL): Promise<Extension[]> {
  const { rows } = await on.execute<ExtensionRow>(sql`
    select e.id, e.student_id, u.first_name, u.last_name, e.course_id, c.title as course_title,
      case when e.chapter_id is not null then 'chapter' when e.exercise_id is not null then 'exercise' else 'quiz' end as kind,
      coalesce(e.chapter_id, e.exercise_id, e.quiz_id) as item_id,
      coalesce(ch.title, x.title, ql.title) as item_title,
      e.due_at,
      case when e.chapter_id is not null then ch.due_at
           when e.exercise_id is not null then coalesce(x.due_at, xch.due_at)
           else coalesce(q.due_at, qch.due_at) end as usual_due_at,
      e.reason, e.granted_at,
      nullif(trim(coalesce(g.first_name, '') || ' ' || coalesce(g.last_name, '')), '') as granted_by
    from deadline_extensions e
    join users u on u.id = e.student_id
    join courses c on c.id = e.course_id
    left join chapters ch on ch.id = e.chapter_id
    left join exercises x on x.id = e.exercise_id
    left join lessons xl on xl.id = x.lesson_id
    left join chapters xch on xch.id = xl.chapter_id
    left join quizzes q on q.id = e.quiz_id
    left join lessons ql on ql.id = q.lesson_id
    left join chapters qch on qch.id = ql.chapter_id
    left join users g on g.id = e.granted_by
    where ${where}
    order by c.title, e.course_id, e.due_at, u.last_name, u.first_name, e.id`);
  return rows.map((r) => ({
    id: r.id,
    studentId: r.student_id,
    studentName: fullNameOf({ firstName: r.first_name, lastName: r.last_name }),
    courseId: r.course_id,
    courseTitle: r.course_title,
    kind: r.kind,
    itemId: r.item_id,
    itemTitle: r.kind === 'quiz' ? M.quizItem(r.item_title) : r.item_title,
    dueAt: iso(r.due_at)!,
    usualDueAt: iso(r.usual_due_at),
    reason: r.reason,
    grantedAt: iso(r.granted_at)!,
    grantedBy: r.granted_by,
  }));
}

/** The courses' chapters in order, each with its exercises and quizzes in the outline's order: what can be extended. */
async function coursesWithItems(on: Queryable, courses: { id: string; title: string }[]): Promise<ExtensionCourse[]> {
  if (courses.length === 0) return [];
  const ids = uuids(courses.map((c) => c.id));
  const { rows: chapters } = await on.execute<{ id: string; course_id: string; title: string; due_at: Date | string | null }>(sql`
    select id, course_id, title, due_at from chapters where course_id in (${ids}) order by position, id`);
  // A lesson's exercises by their position, then its quiz (a lesson has at most one), lessons in the outline's order.
  const { rows: items } = await on.execute<{
    chapter_id: string;
    kind: 'exercise' | 'quiz';
    id: string;
    title: string;
    due_at: Date | string | null;
  }>(sql`
    select chapter_id, kind, id, title, due_at from (
      select l.chapter_id, 'exercise' as kind, x.id, x.title, x.due_at, l.position as lesson_position, l.id as lesson_id, x.position
      from exercises x join lessons l on l.id = x.lesson_id join chapters ch on ch.id = l.chapter_id
      where ch.course_id in (${ids})
      union all
      select l.chapter_id, 'quiz', q.id, l.title, q.due_at, l.position, l.id, 2147483647
      from quizzes q join lessons l on l.id = q.lesson_id join chapters ch on ch.id = l.chapter_id
      where ch.course_id in (${ids})
    ) i order by lesson_position, lesson_id, position, id`);
  const byChapter = new Map<string, ExtensionItem[]>();
  for (const i of items)
    byChapter.set(i.chapter_id, [
      ...(byChapter.get(i.chapter_id) ?? []),
      { kind: i.kind, id: i.id, title: i.kind === 'quiz' ? M.quizItem(i.title) : i.title, dueAt: iso(i.due_at) },
    ]);
  return courses.map((c) => ({
    id: c.id,
    title: c.title,
    chapters: chapters
      .filter((ch) => ch.course_id === c.id)
      .map((ch) => ({ id: ch.id, title: ch.title, dueAt: iso(ch.due_at), items: byChapter.get(ch.id) ?? [] })),
  }));
}

/**
 * The item of a grant, which must belong to the course, and its due date without extensions (the chapter's own; an
 * exercise's or quiz's own, else its chapter's). Null: not an item of this course.
 */
async function itemOf(on: Queryable, input: GrantInput): Promise<{ chapterId: string; dueAt: Date | string | null } | null> {
  const query = input.chapterId
    ? sql`select ch.id as chapter_id, ch.due_at from chapters ch where ch.id = ${input.chapterId} and ch.course_id = ${input.courseId}`
    : input.exerciseId
      ? sql`select ch.id as chapter_id, coalesce(x.due_at, ch.due_at) as due_at
            from exercises x join lessons l on l.id = x.lesson_id join chapters ch on ch.id = l.chapter_id
            where x.id = ${input.exerciseId} and ch.course_id = ${input.courseId}`
      : sql`select ch.id as chapter_id, coalesce(q.due_at, ch.due_at) as due_at
            from quizzes q join lessons l on l.id = q.lesson_id join chapters ch on ch.id = l.chapter_id
            where q.id = ${input.quizId!} and ch.course_id = ${input.courseId}`;
  const { rows } = await on.execute<{ chapter_id: string; due_at: Date | string | null }>(query);
  return rows[0] ? { chapterId: rows[0].chapter_id, dueAt: rows[0].due_at } : null;
}

export type ExtensionsServiceDeps = { db: Db; now: () => Date };

export function createExtensionsService({ db, now }: ExtensionsServiceDeps) {
  return {
    /** The student's enrolled courses with what can be extended in each, and the extensions they have. */
    async forStudent(studentId: string): Promise<StudentExtensionsResponse> {
      if (!isUuid(studentId)) throw notFound(M.extensionStudentNotFound);
      return db.transaction(
        async (tx) => {
          const { rows: students } = await tx.execute<{ id: string; first_name: string; last_name: string }>(
            sql`select id, first_name, last_name from users where id = ${studentId} and role = 'student'`,
          );
          const student = students[0];
          if (!student) throw notFound(M.extensionStudentNotFound);
          const { rows: courses } = await tx.execute<{ id: string; title: string }>(sql`
            select c.id, c.title from enrollments e join courses c on c.id = e.course_id
            where e.student_id = ${studentId} order by c.title, c.id`);
          return {
            student: { id: student.id, fullName: fullNameOf({ firstName: student.first_name, lastName: student.last_name }) },
            courses: await coursesWithItems(tx, courses),
            extensions: await extensionsWhere(tx, sql`e.student_id = ${studentId}`),
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /** One course's chapters, exercises and quizzes, for extending several students' deadline at once. */
    async courseItems(courseId: string): Promise<ExtensionCourse> {
      if (!isUuid(courseId)) throw notFound(M.extensionCourseNotFound);
      const { rows } = await db.execute<{ id: string; title: string }>(sql`select id, title from courses where id = ${courseId}`);
      if (!rows[0]) throw notFound(M.extensionCourseNotFound);
      return (await coursesWithItems(db, rows))[0]!;
    },

    /**
     * Gives every chosen student the due date for the item, replacing an extension they had for it. Refused, with
     * nothing written, when the course is unknown, the item is not one of its own or has no due date to extend, a
     * student is not enrolled in the course, or the date is before the item's chapter opens for a student.
     */
    async grant(input: GrantInput, tutorId: string): Promise<GrantExtensionsResponse> {
      const studentIds = [...new Set(input.studentIds)];
      return db.transaction(async (tx) => {
        const { rows: course } = await tx.execute(sql`select 1 from courses where id = ${input.courseId}`);
        if (course.length === 0) throw notFound(M.extensionCourseNotFound);
        const item = await itemOf(tx, input);
        if (!item) throw badRequest(M.extensionItemInvalid);
        if (item.dueAt === null) throw badRequest(M.extensionNoDueDate);

        // The enrollments are held until the commit, so a student unenrolled meanwhile is not given an extension.
        const { rows: enrolled } = await tx.execute<{
          student_id: string;
          first_name: string;
          last_name: string;
          opens_at: Date | string | null;
        }>(sql`
          select e.student_id, u.first_name, u.last_name, calendar_chapter_opens_at(e.student_id, ${item.chapterId}::uuid) as opens_at
          from enrollments e join users u on u.id = e.student_id
          where e.course_id = ${input.courseId} and e.student_id in (${uuids(studentIds)})
          for share of e`);
        if (enrolled.length !== studentIds.length) {
          if (studentIds.length === 1) throw badRequest(M.extensionNotEnrolled);
          const found = new Set(enrolled.map((e) => e.student_id));
          const missing = studentIds.filter((id) => !found.has(id));
          const { rows: known } = await tx.execute<{ id: string; first_name: string; last_name: string }>(
            sql`select id, first_name, last_name from users where id in (${uuids(missing)}) order by last_name, first_name`,
          );
          const names = known.map((u) => fullNameOf({ firstName: u.first_name, lastName: u.last_name }));
          const unknown = missing.length - known.length;
          if (unknown > 0) names.push(unknown === 1 ? 'a student not found' : `${unknown} students not found`);
          throw badRequest(M.extensionsNotEnrolled(namesOf(names)));
        }
        const dueAt = new Date(input.dueAt);
        const early = enrolled.filter((e) => e.opens_at !== null && new Date(e.opens_at) > dueAt);
        if (early.length > 0)
          throw badRequest(
            M.extensionBeforeRelease(namesOf(early.map((e) => fullNameOf({ firstName: e.first_name, lastName: e.last_name })))),
          );

        // One extension per student and item (the unique index on the item): granting again replaces the date and reason.
        const grantedAt = now().toISOString();
        const { rows: written } = await tx.execute<{ id: string }>(sql`
          insert into deadline_extensions (student_id, course_id, chapter_id, exercise_id, quiz_id, due_at, reason, granted_by, granted_at)
          select s.id, ${input.courseId}::uuid, ${input.chapterId ?? null}::uuid, ${input.exerciseId ?? null}::uuid, ${input.quizId ?? null}::uuid,
            ${dueAt.toISOString()}::timestamptz, ${input.reason}, ${tutorId}::uuid, ${grantedAt}::timestamptz
          from unnest(array[${uuids(studentIds)}]) as s(id)
          on conflict (student_id, coalesce(chapter_id, exercise_id, quiz_id)) do update set
            due_at = excluded.due_at, reason = excluded.reason, granted_by = excluded.granted_by, granted_at = excluded.granted_at
          returning id`);
        return {
          granted: written.length,
          extensions: await extensionsWhere(tx, sql`e.id in (${uuids(written.map((w) => w.id))})`),
        };
      });
    },

    /** Removes one extension: the student's usual due date applies again. */
    async remove(extensionId: string): Promise<{ removed: string }> {
      if (!isUuid(extensionId)) throw notFound(M.extensionNotFound);
      const { rows } = await db.execute<{ id: string }>(sql`delete from deadline_extensions where id = ${extensionId} returning id`);
      if (!rows[0]) throw notFound(M.extensionNotFound);
      return { removed: rows[0].id };
    },
  };
}
export type ExtensionsService = ReturnType<typeof createExtensionsService>;
