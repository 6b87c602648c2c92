import Papa from 'papaparse';
import { ErrorCode } from '../../../common/errors';
import {
  GradebookMessages,
  type Gradebook,
  type GradebookCell,
  type GradebookChapter,
  type GradebookItem,
  type GradebookItemKind,
  type GradebookRow,
  type MyGrades,
  type OverrideBody,
} from '../../../common/gradebook';
import { LearningMessages } from '../../../common/learning';
import type { Db } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/http/errors';
import type { ActiveSession } from '../../platform/http/guards';
import { requireId } from '../../platform/http/ids';
import { safeCell } from '../analytics';
import { fullNameOf } from '../auth';
import {
  bestOfKey,
  cellRows,
  courseRow,
  deleteOverride,
  itemRows,
  overrideRows,
  overrideTarget,
  studentRows,
  upsertOverride,
  type CourseRow,
} from './gradebook.queries';

/** Two decimals, the precision of every figure of the gradebook (cells are rounded so in SQL). */
const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;

export type Weights = Record<GradebookItemKind, number>;

/**
 * A total over some items: within each category (exercises, quizzes) the average of the items' scores, an item not
 * submitted counting 0; the categories then combined by the course's weights. A category without items drops out
 * with its weight; null when nothing is left to weigh (no items, or only items of a category weighted 0).
 */
export function weightedTotal(items: { kind: GradebookItemKind; score: number | null }[], weights: Weights): number | null {
  let weighted = 0;
  let weightSum = 0;
  for (const kind of ['exercise', 'quiz'] as const) {
    const of = items.filter((i) => i.kind === kind);
    if (!of.length || weights[kind] === 0) continue;
    weighted += (weights[kind] * of.reduce((n, i) => n + (i.score ?? 0), 0)) / of.length;
    weightSum += weights[kind];
  }
  return weightSum > 0 ? round2(weighted / weightSum) : null;
}

type Computed = {
  course: Gradebook['course'];
  chapters: GradebookChapter[];
  items: GradebookItem[];
  students: GradebookRow[];
};

const courseOf = (c: CourseRow): Gradebook['course'] => ({
  id: c.id,
  title: c.title,
  exercisesWeight: c.exercises_weight,
  quizzesWeight: c.quizzes_weight,
  latePolicy: c.late_policy,
  latePenaltyPerDay: c.late_penalty_per_day,
  latePenaltyCap: c.late_penalty_cap,
});

export const GRADEBOOK_CSV_FIXED = ['First name', 'Last name', 'Email'] as const;

/** The gradebook as CSV: the same rows and figures as the screen (UTF-8 with a byte-order mark, for spreadsheets). */
export function gradebookCsv(g: Computed): string {
  const chapterTitle = new Map(g.chapters.map((c) => [c.id, c.title]));
  const fields = [
    ...GRADEBOOK_CSV_FIXED,
    ...g.items.map((i) => safeCell(`${chapterTitle.get(i.chapterId)} / ${i.title}`)),
    ...g.chapters.map((c) => safeCell(GradebookMessages.chapterTotal(c.title))),
    GradebookMessages.total,
  ];
  const data = g.students.map((s) => [
    safeCell(s.firstName),
    safeCell(s.lastName),
    safeCell(s.email),
    ...s.cells.map((c) => c.score ?? ''),
    ...s.chapterTotals.map((t) => t ?? ''),
    s.total ?? '',
  ]);
  return `\uFEFF${Papa.unparse({ fields, data }, { newline: '\r\n' })}\r\n`;
}

/** attachment; filename="gradebook-YYYY-MM-DD.csv": ASCII only, nothing from user input. */
export const gradebookCsvFilename = (now: Date) => `gradebook-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The gradebook (decision 034): the rows of students x graded items, computed in one place for the tutor's screen,
 * its CSV, an override's answer and the student's My Grades, so they never disagree. What counts per cell is the
 * calendar's rule: the best graded submit (quiz: attempt) with its late penalty against the student's due date now,
 * or the tutor's override, which replaces it.
 */
export function createGradebookService({ db, now }: { db: Db; now: () => Date }) {
  const pool = db.$client;

  async function compute(courseId: string, studentId: string | null): Promise<Computed> {
    // Five independent statements, on five connections at once: the class's answer waits for the slowest only.
    const [course, itemList, studentList, cells, overrides] = await Promise.all([
      courseRow(pool, courseId),
      itemRows(pool, courseId, studentId),
      studentRows(pool, courseId, studentId),
      cellRows(pool, courseId, studentId),
      overrideRows(pool, courseId, studentId),
    ]);
    if (!course) throw notFound(GradebookMessages.courseNotFound);

    const chapters: GradebookChapter[] = [];
    for (const i of itemList) if (chapters.at(-1)?.id !== i.chapter_id) chapters.push({ id: i.chapter_id, title: i.chapter_title });
    const items: GradebookItem[] = itemList.map((i) => ({
      id: i.id,
      kind: i.kind,
      title: i.kind === 'quiz' ? GradebookMessages.quizTitle(i.lesson_title) : i.title,
      lessonTitle: i.lesson_title,
      chapterId: i.chapter_id,
      dueAt: i.due_at?.toISOString() ?? null,
    }));
    const itemIndex = new Map(items.map((i, n) => [i.id, n]));

    const rows: GradebookRow[] = studentList.map((s) => ({
      studentId: s.id,
      firstName: s.first_name,
      lastName: s.last_name,
      email: s.email,
      cells: items.map((): GradebookCell => ({ score: null })),
      chapterTotals: [],
      total: null,
    }));
    const rowIndex = new Map(rows.map((r, n) => [r.studentId, n]));
    const cellOf = (student: string, item: string): GradebookCell | undefined => {
      const r = rowIndex.get(student);
      const i = itemIndex.get(item);
      return r === undefined || i === undefined ? undefined : rows[r]!.cells[i];
    };

    for (const c of cells) {
      const r = rowIndex.get(c.student_id);
      if (r === undefined) continue;
      const row = rows[r]!;
      for (let k = 0; k < c.best.length; k += 2) {
        const cell = row.cells[c.best[k]!];
        if (!cell) continue;
        const best = bestOfKey(c.best[k + 1]!);
        cell.score = best.score;
        if (best.late) Object.assign(cell, { late: true, daysLate: best.daysLate, penalty: best.penalty });
      }
      for (let k = 0; k < c.extended.length; k += 2) {
        const cell = row.cells[c.extended[k] as number];
        if (!cell) continue;
        cell.extended = true;
        cell.extendedTo = new Date(c.extended[k + 1] as string).toISOString();
      }
    }
    for (const o of overrides) {
      const cell = cellOf(o.student_id, o.item_id);
      if (!cell) continue;
      cell.graded = cell.score;
      cell.score = o.score;
      cell.override = {
        score: o.score,
        reason: o.reason,
        by: o.by_first === null ? null : fullNameOf({ firstName: o.by_first, lastName: o.by_last ?? '' }),
        at: o.overridden_at.toISOString(),
      };
    }

    const weights: Weights = { exercise: course.exercises_weight, quiz: course.quizzes_weight };
    const chapterItems = chapters.map((ch) => items.flatMap((i, n) => (i.chapterId === ch.id ? [n] : [])));
    for (const r of rows) {
      const scored = items.map((i, n) => ({ kind: i.kind, score: r.cells[n]!.score }));
      r.chapterTotals = chapterItems.map((ns) =>
        weightedTotal(
          ns.map((n) => scored[n]!),
          weights,
        ),
      );
      r.total = weightedTotal(scored, weights);
    }
    return { course: courseOf(course), chapters, items, students: rows };
  }

  async function rowOf(courseId: string, studentId: string): Promise<GradebookRow> {
    const row = (await compute(courseId, studentId)).students[0];
    if (!row) throw notFound(GradebookMessages.overrideStudentNotFound);
    return row;
  }

  return {
    /** GET /api/admin/courses/:courseId/gradebook: every enrolled student's row. */
    async gradebook(courseId: string): Promise<Gradebook> {
      requireId(courseId, GradebookMessages.courseNotFound);
      return compute(courseId, null);
    },

    /** The same rows as CSV. */
    async csv(courseId: string): Promise<{ body: string; filename: string }> {
      requireId(courseId, GradebookMessages.courseNotFound);
      return { body: gradebookCsv(await compute(courseId, null)), filename: gradebookCsvFilename(now()) };
    },

    /**
     * GET /api/courses/:courseId/grades: the caller's own row, as the gradebook computes it, never anyone else's. A
     * student must be enrolled in the published course (learning_course_access, as for the course screen); the tutor's
     * preview sees the items and no grades.
     */
    async myGrades(auth: ActiveSession, courseId: string): Promise<MyGrades> {
      requireId(courseId, LearningMessages.courseNotFound);
      if (auth.user.role !== 'admin') {
        const { rows } = await pool.query<{ access: string | null }>('select learning_course_access($1, $2) as access', [
          auth.user.id,
          courseId,
        ]);
        const access = rows[0]?.access;
        if (access === 'course_not_found') throw notFound(LearningMessages.courseNotFound);
        if (access !== 'ok') throw new AppError(403, ErrorCode.notEnrolled, LearningMessages.notEnrolled, 'Access Denied');
      }
      const g = await compute(courseId, auth.user.id);
      return { course: g.course, chapters: g.chapters, items: g.items, grades: g.students[0] ?? null };
    },

    /** 'Override Score': writes the tutor's score and reason, with who and when; the student's row as it is now. */
    async setOverride(adminId: string, courseId: string, studentId: string, itemId: string, body: Required<OverrideBody>) {
      requireId(courseId, GradebookMessages.courseNotFound);
      requireId(studentId, GradebookMessages.overrideStudentNotFound);
      requireId(itemId, GradebookMessages.overrideItemNotFound);
      const target = await overrideTarget(pool, courseId, studentId, itemId);
      if (!target.course) throw notFound(GradebookMessages.courseNotFound);
      if (!target.enrolled) throw notFound(GradebookMessages.overrideStudentNotFound);
      if (!target.kind) throw notFound(GradebookMessages.overrideItemNotFound);
      await upsertOverride(pool, {
        courseId,
        studentId,
        kind: target.kind,
        itemId,
        score: body.score,
        reason: body.reason,
        by: adminId,
        at: now(),
      });
      return { student: await rowOf(courseId, studentId) };
    },

    /** Removes an override: the graded score counts again. */
    async removeOverride(courseId: string, studentId: string, itemId: string) {
      requireId(courseId, GradebookMessages.courseNotFound);
      requireId(studentId, GradebookMessages.overrideStudentNotFound);
      requireId(itemId, GradebookMessages.overrideItemNotFound);
      const target = await overrideTarget(pool, courseId, studentId, itemId);
      if (!target.course) throw notFound(GradebookMessages.courseNotFound);
      if (!target.enrolled) throw notFound(GradebookMessages.overrideStudentNotFound);
      if (!(await deleteOverride(pool, courseId, studentId, itemId))) throw notFound(GradebookMessages.overrideNotFound);
      return { student: await rowOf(courseId, studentId) };
    },
  };
}

export type GradebookService = ReturnType<typeof createGradebookService>;
