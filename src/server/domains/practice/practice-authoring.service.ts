import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { CalendarMessages } from '../../../common/calendar';
import { ErrorCode } from '../../../common/errors';
import {
  EXERCISES_PER_LESSON_MAX,
  PracticeMessages,
  type AdminExercise,
  type ExerciseInputParsed,
  type ExerciseReport,
  type StudentWork,
  type SubmissionResult,
} from '../../../common/practice';
import type { Db } from '../../platform/db/client';
import { exerciseDrafts, exerciseFiles, exercises, exerciseTests, users } from '../../platform/db/schema/index';
import type { Queryable, Tx } from '../../platform/db/transaction';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { isUuid, requireId } from '../../platform/http/ids';
import { findLesson, lockCourse } from '../courses';
import type { SubmissionSpec } from '../../../grading/contract';
import { resultOfRow, submissionOfRow, type SubmissionRow } from './submission-view';
import {
  enqueueSubmission,
  exerciseFigures,
  exerciseStatsOf,
  exerciseStudents,
  latestStudentSubmission,
  loadExercises,
  readSubmission,
  toAdminExercise,
} from './practice.queries';
import type { SubmissionWaiter } from './submission-waiter';

/** How long a save waits for the reference solution's grading before giving up (nothing saved). */
export const REFERENCE_WAIT_MS = 90_000;

/** The refusal of a save whose reference solution fails: the error, and the result the tutor needs to fix it. */
export class ReferenceFailedError extends AppError {
  constructor(result: SubmissionResult) {
    super(
      422,
      ErrorCode.referenceFailed,
      result.verdict === 'unavailable' ? result.summary : PracticeMessages.referenceFailed,
      'Not Saved',
    );
    this.extra = { result };
  }
}

/**
 * The tutor's side of practice: exercises in the course editor, each proved by its reference
 * solution before it is saved, and the figures of who tried and who passed.
 */
export function createPracticeAuthoringService({ db, waiter }: { db: Db; waiter: SubmissionWaiter }) {
  const pool = db.$client;

  const lessonCourse = async (on: Queryable, lessonId: string) => (await findLesson(on, lessonId)).courseId;

  /** Throws unless the reference solution passes every test (the refusal carries the results the tutor needs). */
  async function proveReference(adminId: string, lessonId: string, exerciseId: string | null, input: ExerciseInputParsed) {
    const result = await gradeReference(adminId, lessonId, exerciseId, input);
    if (result.verdict !== 'passed') throw new ReferenceFailedError(result);
  }

  /**
   * Grades the reference solution against every test through the same queue and workers as the
   * students' code, and waits for the verdict.
   */
  async function gradeReference(
    adminId: string,
    lessonId: string,
    exerciseId: string | null,
    input: ExerciseInputParsed,
  ): Promise<SubmissionResult> {
    if (input.language === 'webgl' && !input.referenceImage) throw badRequest(PracticeMessages.referenceImageRequired);
    const spec: SubmissionSpec = {
      language: input.language,
      code: input.referenceSolution,
      limits: input.limits,
      // A JUnit exercise's tests are its test class's: the listed ones are not run.
      tests:
        input.mode === 'junit'
          ? []
          : input.tests.map((t, i) => ({
              position: i + 1,
              hidden: t.hidden,
              input: t.input,
              expectedOutput: t.expectedOutput,
              match: t.match,
              expectedExitCode: t.expectedExitCode,
              code: t.code || null,
              name: t.name || null,
              points: t.points,
            })),
      files: input.files.filter((f) => !f.editable).map((f) => ({ name: f.name, content: f.content })),
      // The files the student writes are checked in their reference versions, beside the reference solution.
      studentFiles: input.files.filter((f) => f.editable).map((f) => ({ name: f.name, content: f.referenceContent })),
      mode: input.mode,
      image: input.referenceImage,
    };
    const queued = await enqueueSubmission(pool, {
      exerciseId,
      lessonId,
      userId: adminId,
      purpose: 'reference',
      preview: false,
      code: input.referenceSolution,
      spec,
    });
    const deadline = Date.now() + REFERENCE_WAIT_MS;
    let row: SubmissionRow | undefined = queued;
    while (row && row.status !== 'done' && Date.now() < deadline) {
      const wait = waiter.prepare(queued.id, Math.min(1000, deadline - Date.now()));
      row = await readSubmission(pool, queued.id);
      if (row?.status === 'done') wait.cancel();
      else await wait.done;
    }
    const result = row ? resultOfRow(row) : null;
    if (!result) throw new AppError(503, ErrorCode.unavailable, PracticeMessages.gradingTimeout);
    return result;
  }

  async function writeTests(tx: Tx, exerciseId: string, input: ExerciseInputParsed) {
    await tx.delete(exerciseTests).where(eq(exerciseTests.exerciseId, exerciseId));
    // A JUnit exercise keeps no listed tests: its tests are found in its test class at every grading.
    const tests = input.mode === 'junit' ? [] : input.tests;
    if (tests.length)
      await tx.insert(exerciseTests).values(
        tests.map((t, i) => ({
          exerciseId,
          position: i + 1,
          input: t.input,
          expectedOutput: t.expectedOutput,
          match: t.match,
          expectedExitCode: t.expectedExitCode,
          hidden: t.hidden,
          name: t.name,
          code: t.code,
          points: t.points,
        })),
      );
    await tx.delete(exerciseFiles).where(eq(exerciseFiles.exerciseId, exerciseId));
    if (input.files.length)
      await tx.insert(exerciseFiles).values(
        input.files.map((f, i) => ({
          exerciseId,
          position: i + 1,
          name: f.name,
          content: f.content,
          hidden: f.hidden,
          editable: f.editable,
          // Only a file the student writes has a reference version.
          referenceContent: f.editable ? f.referenceContent : '',
        })),
      );
  }

  /**
   * Refuses an exercise's due date before its chapter opens (calendar_item_due_before_release, calendar.sql): asked
   * before the reference solution is graded, and again under the course's lock with the write.
   */
  async function assertDue(on: Queryable, lessonId: string, input: ExerciseInputParsed) {
    if (!input.dueAt) return;
    const { rows } = await on.execute<{ early: boolean }>(
      sql`select calendar_item_due_before_release(${lessonId}, ${input.dueAt}::timestamptz) as early`,
    );
    if (rows[0]?.early) throw badRequest(CalendarMessages.dueBeforeRelease);
  }

  const columns = (input: ExerciseInputParsed) => ({
    title: input.title,
    statement: input.statement,
    language: input.language,
    starterCode: input.starterCode,
    referenceSolution: input.referenceSolution,
    timeLimitMs: input.limits.timeMs,
    memoryLimitMb: input.limits.memoryMb,
    outputLimitKb: input.limits.outputKb,
    gradingMode: input.mode,
    // Absent: the due date it has stays.
    ...(input.dueAt !== undefined ? { dueAt: input.dueAt === null ? null : new Date(input.dueAt) } : {}),
  });

  async function adminExercise(exerciseId: string): Promise<AdminExercise> {
    const [found] = await loadExercises(db, { exerciseId });
    if (!found) throw notFound(PracticeMessages.exerciseNotFound);
    return toAdminExercise(found.exercise, found.tests, found.files);
  }

  async function exerciseRow(exerciseId: string) {
    requireId(exerciseId, PracticeMessages.exerciseNotFound);
    const [row] = await db.select().from(exercises).where(eq(exercises.id, exerciseId));
    if (!row) throw notFound(PracticeMessages.exerciseNotFound);
    return row;
  }

  return {
    /** 'Run Reference': the tutor tries the exercise as written before saving it; nothing is saved. */
    async runReference(adminId: string, lessonId: string, input: ExerciseInputParsed): Promise<SubmissionResult> {
      await lessonCourse(db, lessonId);
      return gradeReference(adminId, lessonId, null, input);
    },

    async list(lessonId: string): Promise<AdminExercise[]> {
      await lessonCourse(db, lessonId);
      return (await loadExercises(db, { lessonId })).map(({ exercise, tests, files }) => toAdminExercise(exercise, tests, files));
    },

    async create(adminId: string, lessonId: string, input: ExerciseInputParsed): Promise<AdminExercise> {
      await lessonCourse(db, lessonId);
      await assertDue(db, lessonId, input);
      await proveReference(adminId, lessonId, null, input);
      const id = await db.transaction(async (tx) => {
        await lockCourse(tx, await lessonCourse(tx, lessonId));
        await assertDue(tx, lessonId, input);
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(exercises).where(eq(exercises.lessonId, lessonId));
        if (n >= EXERCISES_PER_LESSON_MAX) throw badRequest(PracticeMessages.tooManyExercises);
        const [row] = await tx
          .insert(exercises)
          .values({ lessonId, position: n + 1, ...columns(input) })
          .returning({ id: exercises.id });
        await writeTests(tx, row!.id, input);
        return row!.id;
      });
      return adminExercise(id);
    },

    async update(adminId: string, exerciseId: string, input: ExerciseInputParsed): Promise<AdminExercise> {
      const existing = await exerciseRow(exerciseId);
      await assertDue(db, existing.lessonId, input);
      await proveReference(adminId, existing.lessonId, exerciseId, input);
      await db.transaction(async (tx) => {
        await lockCourse(tx, await lessonCourse(tx, existing.lessonId));
        await assertDue(tx, existing.lessonId, input);
        const [row] = await tx
          .update(exercises)
          .set({ ...columns(input), updatedAt: new Date() })
          .where(eq(exercises.id, exerciseId))
          .returning({ id: exercises.id });
        if (!row) throw notFound(PracticeMessages.exerciseNotFound);
        await writeTests(tx, exerciseId, input);
      });
      return adminExercise(exerciseId);
    },

    async remove(exerciseId: string): Promise<void> {
      const existing = await exerciseRow(exerciseId);
      await db.transaction(async (tx) => {
        await lockCourse(tx, await lessonCourse(tx, existing.lessonId));
        await tx.delete(exercises).where(eq(exercises.id, exerciseId));
        // Keep positions 1..n, as chapters and lessons do.
        const rest = await tx
          .select({ id: exercises.id })
          .from(exercises)
          .where(eq(exercises.lessonId, existing.lessonId))
          .orderBy(exercises.position);
        for (const [i, r] of rest.entries())
          await tx
            .update(exercises)
            .set({ position: i + 1 })
            .where(eq(exercises.id, r.id));
      });
    },

    async reorder(lessonId: string, exerciseIds: string[]): Promise<AdminExercise[]> {
      await db.transaction(async (tx) => {
        await lockCourse(tx, await lessonCourse(tx, lessonId));
        const current = await tx.select({ id: exercises.id }).from(exercises).where(eq(exercises.lessonId, lessonId));
        const same = current.length === exerciseIds.length && new Set(exerciseIds).size === exerciseIds.length;
        if (!same || !current.every((c) => exerciseIds.includes(c.id)))
          throw badRequest("The new order must list each of the lesson's exercises once.");
        for (const [i, id] of exerciseIds.entries())
          await tx
            .update(exercises)
            .set({ position: i + 1 })
            .where(eq(exercises.id, id));
      });
      return this.list(lessonId);
    },

    /** Who tried, who passed, how many submissions passing took, and the test failed most often. */
    async report(exerciseId: string): Promise<ExerciseReport> {
      await exerciseRow(exerciseId);
      const [[figures], students] = await Promise.all([exerciseFigures(pool, [exerciseId]), exerciseStudents(pool, exerciseId)]);
      return {
        stats: exerciseStatsOf(figures!),
        students: students.map((r) => ({
          studentId: r.id,
          name: `${r.first_name} ${r.last_name}`.trim(),
          email: r.email,
          submissions: r.submissions,
          passed: r.passed,
          lastSubmittedAt: r.last_at.toISOString(),
        })),
      };
    },

    /** A student's latest code on an exercise: their last submission's, or their draft when newer. */
    async studentWork(exerciseId: string, studentId: string): Promise<StudentWork> {
      await exerciseRow(exerciseId);
      if (!isUuid(studentId)) throw notFound('Student not found');
      const [student] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, studentId), eq(users.role, 'student')));
      if (!student) throw notFound('Student not found');
      const [last, [draft]] = await Promise.all([
        latestStudentSubmission(pool, exerciseId, studentId),
        db
          .select()
          .from(exerciseDrafts)
          .where(and(eq(exerciseDrafts.exerciseId, exerciseId), inArray(exerciseDrafts.studentId, [studentId]))),
      ]);
      const draftNewer = draft && (!last || draft.updatedAt > new Date(last.created_at));
      return {
        studentId,
        name: `${student.firstName} ${student.lastName}`.trim(),
        code: draftNewer ? draft.code : (last?.code ?? ''),
        files: (draftNewer ? draft.studentFiles : last?.student_files) ?? [],
        source: draftNewer ? 'draft' : last ? 'submission' : 'none',
        latestSubmission: last ? submissionOfRow(last) : null,
      };
    },
  };
}
export type PracticeAuthoringService = ReturnType<typeof createPracticeAuthoringService>;
