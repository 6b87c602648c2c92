import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../common/errors';
import {
  LANGUAGE_LABELS,
  PracticeMessages,
  type GradingModeName,
  type ExerciseLanguage,
  type LessonExercisesResponse,
  type StudentExercise,
  type StudentFile,
  type Submission,
  type SubmissionBodyParsed,
} from '../../../common/practice';
import type { Db } from '../../platform/db/client';
import { exerciseDrafts } from '../../platform/db/schema/index';
import { AppError, badRequest, notFound, tooManyRequests } from '../../platform/http/errors';
import { isUuid } from '../../platform/http/ids';
import type { ActiveSession } from '../../platform/http/guards';
import { isPreview, refuseIfClosed, studentDues, type LearningService } from '../learning';
import type { PracticeContext } from '../ai-tutor';
import type { LanguageSupport } from '../../../grading/contract';
import { filesAsText, javaMainClass } from '../../../common/java-source';
import { describeResult, resultOfRow, submissionOfRow, withCalendar, type SubmissionRow } from './submission-view';
import {
  enqueueSubmission,
  latestSubmissions,
  type FileRow,
  limitsOf,
  loadExercises,
  passedExerciseIds,
  readSubmission,
  specTests,
  submissionCalendar,
} from './practice.queries';
import type { SubmissionWaiter } from './submission-waiter';

/**
 * The student's further files as the exercise names them, in its order: a submission sends each exactly once
 * (`exact`), a draft any of them at most once. Anything else is refused, naming the files the exercise takes.
 */
export function studentFilesOf(expected: readonly string[], sent: readonly StudentFile[], exact: boolean): StudentFile[] {
  const names = sent.map((f) => f.name);
  const unknown = names.some((n) => !expected.includes(n));
  const repeated = new Set(names).size !== names.length;
  if (unknown || repeated || (exact && names.length !== expected.length))
    throw badRequest(PracticeMessages.studentFilesExpected([...expected]));
  return expected.flatMap((name) => sent.filter((f) => f.name === name).map((f) => ({ name, content: f.content })));
}

/** The names of the files an exercise's student writes beside their main file, in the tutor's order. */
const studentFileNames = (files: FileRow[]) => files.filter((f) => f.editable).map((f) => f.name);

export type PracticeLimits = {
  /** Submissions (runs included) a student may send in a minute. */
  perMinute: number;
  /** Submissions of one student queued or running at once. */
  inFlight: number;
  /** Submits (runs not counted) of one exercise a student may send in an hour. */
  submitsPerHour: number;
  /** Seconds of a grading worker a student's submissions may take in a minute; past it the next one is held back. */
  gradingSecondsPerMinute: number;
};

/** The longest a request waits for a grading before answering with the submission as it stands. */
export const WAIT_MAX_MS = 25_000;

/**
 * The student's side of practice (the admin's student view goes through it too, as a preview): the
 * lesson's exercises without what a student must not see, drafts, and submissions to the grading
 * queue. Access is the course screen's: the exercise's lesson is checked by learning.checkLesson.
 */
export function createPracticeService(deps: {
  db: Db;
  learning: LearningService;
  waiter: SubmissionWaiter;
  support: () => Promise<LanguageSupport>;
  limits: PracticeLimits;
  now: () => Date;
}) {
  const { db, learning, waiter, limits, now } = deps;
  const pool = db.$client;

  async function runnable(language: ExerciseLanguage) {
    if (language === 'webgl') return { ok: true, reason: null };
    const s = (await deps.support())[language];
    return s.ok ? { ok: true, reason: null, note: s.note ?? null } : { ok: false, reason: s.reason };
  }

  /** The exercise with its tests, after checking that the caller may work in its lesson. */
  async function exerciseFor(auth: ActiveSession, exerciseId: string) {
    if (!isUuid(exerciseId)) throw notFound(PracticeMessages.exerciseNotFound);
    const [found] = await loadExercises(db, { exerciseId });
    if (!found) throw notFound(PracticeMessages.exerciseNotFound);
    const { courseId } = await learning.checkLesson(auth, found.exercise.lessonId);
    return { ...found, courseId };
  }

  /** A student's submission as they see it: with its lateness, and the hidden tests' names once past due where shown. */
  async function asStudentSees(row: SubmissionRow): Promise<Submission> {
    const calendar = await submissionCalendar(pool, [row.id], now());
    return withCalendar(submissionOfRow(row), calendar.get(row.id));
  }

  return {
    async lessonExercises(auth: ActiveSession, lessonId: string): Promise<LessonExercisesResponse> {
      const { courseId } = await learning.checkLesson(auth, lessonId);
      // Not before its chapter opens ('Release').
      await learning.assertUnlocked(auth, lessonId, 'read');
      const preview = isPreview(auth);
      const list = await loadExercises(db, { lessonId });
      const ids = list.map((x) => x.exercise.id);
      const userId = auth.user.id;
      const at = now();
      const [drafts, latest, passed, dues] = await Promise.all([
        preview || !ids.length
          ? []
          : db
              .select()
              .from(exerciseDrafts)
              .where(and(eq(exerciseDrafts.studentId, userId), inArray(exerciseDrafts.exerciseId, ids))),
        latestSubmissions(pool, userId, ids),
        preview ? new Set<string>() : passedExerciseIds(pool, userId, ids),
        ids.length ? studentDues(pool, auth, courseId, at) : null,
      ]);
      const calendar = await submissionCalendar(
        pool,
        [...latest.values()].map((r) => r.id),
        at,
      );
      const exercises: StudentExercise[] = [];
      for (const { exercise: x, tests, files } of list) {
        const draft = drafts.find((d) => d.exerciseId === x.id);
        const last = latest.get(x.id);
        exercises.push({
          id: x.id,
          position: x.position,
          title: x.title,
          statement: x.statement,
          language: x.language,
          starterCode: x.starterCode,
          limits: limitsOf(x),
          // A hidden test's data never leaves the server; for WebGL a check's code is the tutor's own.
          visibleTests: tests
            .filter((t) => !t.hidden)
            .map((t) => ({
              position: t.position,
              input: x.language === 'webgl' ? '' : t.input,
              expectedOutput: t.expectedOutput,
              match: t.match as 'exact' | 'trailing_whitespace',
              name: t.name,
              code: t.code,
              points: t.points,
            })),
          hiddenTestCount: tests.filter((t) => t.hidden).length,
          // A hidden file (a test harness, a grader's helper) never leaves the server; a file the student writes goes
          // as its starter, never as its reference version.
          files: files.filter((f) => !f.hidden && !f.editable).map((f) => ({ name: f.name, content: f.content })),
          studentFiles: files.filter((f) => f.editable).map((f) => ({ name: f.name, starterCode: f.content })),
          mode: x.gradingMode as GradingModeName,
          draft: draft ? { code: draft.code, files: draft.studentFiles ?? [], savedAt: draft.updatedAt.toISOString() } : null,
          passed: passed.has(x.id) || (preview && last?.purpose === 'submit' && last.verdict === 'passed'),
          latestSubmission: last ? withCalendar(submissionOfRow(last), calendar.get(last.id)) : null,
          due: dues?.exercise(x.id) ?? null,
          runnable: await runnable(x.language),
        });
      }
      return { exercises, preview };
    },

    async saveDraft(auth: ActiveSession, exerciseId: string, code: string, sentFiles: StudentFile[] = []) {
      const { files } = await exerciseFor(auth, exerciseId);
      const kept = studentFilesOf(studentFileNames(files), sentFiles, false);
      if (isPreview(auth)) return { saved: false, savedAt: null };
      const at = now();
      const studentFiles = kept.length ? kept : null;
      await db
        .insert(exerciseDrafts)
        .values({ studentId: auth.user.id, exerciseId, code, studentFiles, updatedAt: at })
        .onConflictDoUpdate({
          target: [exerciseDrafts.studentId, exerciseDrafts.exerciseId],
          set: { code, studentFiles, updatedAt: at },
        });
      return { saved: true, savedAt: at.toISOString() };
    },

    async submit(auth: ActiveSession, exerciseId: string, body: SubmissionBodyParsed): Promise<Submission> {
      const { exercise: x, tests, files, courseId } = await exerciseFor(auth, exerciseId);
      const studentFiles = studentFilesOf(studentFileNames(files), body.files, true);
      // A Run too waits for the chapter to open; the order of lessons holds back a Submit alone (learning.assertUnlocked).
      await learning.assertUnlocked(auth, x.lessonId, body.mode);
      if (body.mode === 'submit') {
        // Past the student's due date under 'Closed' a Submit is refused before anything is queued; a Run never is.
        const dues = await studentDues(pool, auth, courseId, now());
        refuseIfClosed(dues.exercise(x.id), dues.timeZone);
      }
      const preview = isPreview(auth);
      if (x.language === 'webgl') {
        if (body.mode === 'run') throw badRequest('WebGL programs run in your browser; Submit sends the picture for checking.');
        if (!body.image) throw badRequest('Submit a WebGL program together with the picture it drew.');
      } else {
        const r = await runnable(x.language);
        if (!r.ok) throw new AppError(409, ErrorCode.conflict, r.reason!, 'Cannot Run Yet');
      }
      if (body.customInput != null && body.mode !== 'run') throw badRequest('Your own input goes with Run, not Submit.');
      const junit = x.gradingMode === 'junit';
      if (junit && body.customInput != null) throw badRequest(PracticeMessages.customInputJunit);
      // A JUnit exercise's tests are found in its test class as it runs; Run and Submit both run the whole class.
      const chosen = junit ? [] : specTests(tests, body.mode === 'run' ? 'visible' : 'all');
      if (body.mode === 'run' && body.customInput != null)
        chosen.unshift({
          position: 0,
          hidden: false,
          input: body.customInput,
          expectedOutput: null,
          match: 'exact',
          expectedExitCode: null,
        });
      const row = await enqueueSubmission(
        pool,
        {
          exerciseId: x.id,
          lessonId: x.lessonId,
          userId: auth.user.id,
          purpose: body.mode,
          preview,
          code: body.code,
          studentFiles,
          spec: {
            language: x.language,
            code: body.code,
            limits: limitsOf(x),
            tests: chosen,
            image: body.image,
            // The tutor's files; those the student writes come from the student, never in their reference versions.
            files: files.filter((f) => !f.editable).map((f) => ({ name: f.name, content: f.content })),
            ...(studentFiles.length ? { studentFiles } : {}),
            mode: x.gradingMode as GradingModeName,
          },
        },
        {
          ...limits,
          refuse: () => tooManyRequests(PracticeMessages.submissionRate),
          refuseSubmits: () => tooManyRequests(PracticeMessages.submitsPerHour(limits.submitsPerHour)),
        },
      );
      return asStudentSees(row);
    },

    /**
     * The exercise as the AI tutor may see it when the student asks about it: what the student sees
     * (statement, their code, their latest results as shown to them), and nothing more.
     */
    async tutorContext(
      auth: ActiveSession,
      lessonId: string,
      exerciseId: string,
      code: string,
      sentFiles: StudentFile[] = [],
    ): Promise<PracticeContext> {
      const { exercise: x, files } = await exerciseFor(auth, exerciseId);
      if (x.lessonId !== lessonId) throw notFound(PracticeMessages.exerciseNotFound);
      // The student's further files as their editor holds them (those the exercise names), each under its name.
      const studentFiles = studentFilesOf(studentFileNames(files), sentFiles, false);
      const last = (await latestSubmissions(pool, auth.user.id, [x.id])).get(x.id);
      const result = last ? resultOfRow(last) : null;
      return {
        title: x.title,
        language: LANGUAGE_LABELS[x.language],
        statement: x.statement,
        code: studentFiles.length ? filesAsText([{ name: javaMainClass(code).fileName, content: code }, ...studentFiles]) : code,
        results: result && describeResult(last!.purpose === 'run' ? 'Run' : 'Submit', result),
      };
    },

    /** The caller's own submission; with `waitMs`, answers as soon as it is graded, or when the wait is over. */
    async submission(auth: ActiveSession, submissionId: string, waitMs = 0): Promise<Submission> {
      if (!isUuid(submissionId)) throw notFound(PracticeMessages.submissionNotFound);
      const deadline = Date.now() + Math.min(Math.max(waitMs, 0), WAIT_MAX_MS);
      for (;;) {
        const left = deadline - Date.now();
        // Listen before reading, so a grading announced in between is not missed; look again at
        // least every second in case an announcement was lost.
        const wait = left > 0 ? waiter.prepare(submissionId, Math.min(left, 1000)) : null;
        const row = await readSubmission(pool, submissionId);
        if (!row || row.user_id !== auth.user.id || row.purpose === 'reference') {
          wait?.cancel();
          throw notFound(PracticeMessages.submissionNotFound);
        }
        if (row.status === 'done' || !wait) {
          wait?.cancel();
          return asStudentSees(row);
        }
        await wait.done;
      }
    },
  };
}
export type PracticeService = ReturnType<typeof createPracticeService>;
