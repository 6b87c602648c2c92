import { beforeAll, describe, expect, it } from 'vitest';
import { gradedSubmission, startTestGrading } from '@test-support/grading';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { scalar } from '@test-support/http';
import { languageSupport } from '../../../grading/dispatch';
import { ErrorCode } from '../../../common/errors';
import type { LearnResponse } from '../../../common/learning';
import {
  PracticeMessages,
  type AdminExercise,
  type ExerciseInput,
  type LessonExercisesResponse,
  type Submission,
} from '../../../common/practice';

/*
 * Practice through the API, graded for real: a grading worker runs beside the app (in this test's
 * process; the programs in their sandboxes), exactly as the worker processes of `npm start` do.
 */

const javaRuns = (await languageSupport()).java.ok;
let t: TestContext;
let admin: string;
let course: Awaited<ReturnType<typeof seedCourse>>;
let lessonA: string, lessonB: string, lessonC: string;

// Marks that must never reach a student: in the reference solution, and in a hidden test's data.
const REFERENCE_MARK = 'REFERENCE_ONLY_7f3a';
const HIDDEN_INPUT = '31337 1';
const HIDDEN_OUTPUT = '31338';

const SUM_C = `#include <stdio.h>\nint main(void) { int a, b; if (scanf("%d %d", &a, &b) != 2) return 1; printf("%d\\n", a + b); return 0; }\n`;
const sumC = (extra: Partial<ExerciseInput> = {}): ExerciseInput => ({
  title: 'Sum of two numbers',
  statement: 'Print the **sum**.',
  language: 'c',
  starterCode: '#include <stdio.h>\nint main(void) { return 0; }\n',
  referenceSolution: `/* ${REFERENCE_MARK} */\n${SUM_C}`,
  tests: [
    { input: '2 3\n', expectedOutput: '5\n' },
    { input: '-7 7\n', expectedOutput: '0\n' },
    { input: `${HIDDEN_INPUT}\n`, expectedOutput: `${HIDDEN_OUTPUT}\n`, hidden: true },
  ],
  ...extra,
});

const SUM_JS = `const [a, b] = readline().split(' ').map(Number);\nconsole.log(a + b);\n`;
const sumJs = (): ExerciseInput => ({
  title: 'Sum in JavaScript',
  language: 'javascript',
  referenceSolution: SUM_JS,
  tests: [
    { input: '2 3\n', expectedOutput: '5\n' },
    { input: '4 4\n', expectedOutput: '8\n', hidden: true },
  ],
  limits: { timeMs: 1000, memoryMb: 64, outputKb: 8 },
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function student(tag: string, enrolled = true) {
  const u = await createUser(t.db, `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`, { firstName: 'Sam', lastName: tag });
  if (enrolled) await enroll(t.db, u.id, course.course.id);
  return { id: u.id, cookie: await t.signIn(u.email) };
}

async function createExercise(lessonId: string, body: ExerciseInput): Promise<AdminExercise> {
  const res = await inject('POST', `/api/admin/lessons/${lessonId}/exercises`, admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const graded = (cookie: string, id: string) => gradedSubmission(t.app, cookie, id);

async function submit(cookie: string, exerciseId: string, code: string, mode: 'run' | 'submit' = 'submit', customInput?: string) {
  const res = await inject('POST', `/api/exercises/${exerciseId}/submissions`, cookie, { mode, code, customInput });
  expect(res.statusCode, res.body).toBe(202);
  return graded(cookie, res.json<Submission>().id);
}

beforeAll(async () => {
  t = await createTestApp({ env: { PRACTICE_SUBMISSIONS_PER_MINUTE: '1000' } });
  await startTestGrading(t.pool);
  admin = await t.signIn(ADMIN);
  course = await seedCourse(t.db, {
    chapters: [{ title: 'Practice', lessons: [{ title: 'Two exercises' }, { title: 'Verdicts' }, { title: 'No exercises' }] }],
  });
  [lessonA, lessonB, lessonC] = course.lessonIds[0]! as [string, string, string];
}, 120_000);

describe('authoring', () => {
  it('refuses bad exercises with a clear message and writes nothing', async () => {
    const big = 'x'.repeat(64 * 1024 + 1);
    const cases: [Partial<ExerciseInput> | Record<string, unknown>, string][] = [
      [{ title: '   ' }, PracticeMessages.titleRequired],
      [{ tests: [] }, PracticeMessages.noTests],
      [{ language: 'cobol' }, 'Language must be C, Java, JavaScript or WebGL.'],
      [{ limits: { timeMs: 50, memoryMb: 128, outputKb: 64 } }, PracticeMessages.timeRange],
      [{ limits: { timeMs: 2000, memoryMb: 4096, outputKb: 64 } }, PracticeMessages.memoryRange],
      [{ limits: { timeMs: 2000, memoryMb: 128, outputKb: 0 } }, PracticeMessages.outputRange],
      [{ starterCode: big }, PracticeMessages.codeTooLong],
      [{ referenceSolution: big }, PracticeMessages.codeTooLong],
      [{ tests: [{ input: 'x'.repeat(1024 * 1024 + 1), expectedOutput: '' }] }, PracticeMessages.testTooLarge],
      [{ referenceSolution: '  ' }, PracticeMessages.referenceRequired],
    ];
    for (const [change, message] of cases) {
      const res = await inject('POST', `/api/admin/lessons/${lessonA}/exercises`, admin, { ...sumC(), ...change });
      expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(errorMessage(res)).toBe(message);
    }
    const tooMany = await inject('POST', `/api/admin/lessons/${lessonA}/exercises`, admin, {
      ...sumC(),
      tests: Array.from({ length: 51 }, () => ({ input: '1 1', expectedOutput: '2' })),
    });
    expect(errorMessage(tooMany)).toBe(PracticeMessages.tooManyTests);
    const unknownLesson = await inject('POST', `/api/admin/lessons/${crypto.randomUUID()}/exercises`, admin, sumC());
    expect(unknownLesson.statusCode).toBe(404);
    expect(await scalar(t.pool, 'select count(*) from exercises where lesson_id = $1', [lessonA])).toBe(0);
  });

  it('refuses to save an exercise whose reference solution fails, saying which test', async () => {
    const res = await inject('POST', `/api/admin/lessons/${lessonA}/exercises`, admin, {
      ...sumC(),
      tests: [
        { input: '2 3\n', expectedOutput: '5\n' },
        { input: '1 1\n', expectedOutput: '3\n', hidden: true },
      ],
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.error.code).toBe(ErrorCode.referenceFailed);
    expect(body.error.message).toBe(PracticeMessages.referenceFailed);
    expect(body.result.summary).toBe('1 of 2 tests passed');
    // The tutor sees their own hidden test in full.
    expect(body.result.tests[1]).toMatchObject({ position: 2, hidden: true, passed: false, expectedOutput: '3\n', actualOutput: '2\n' });

    const broken = await inject('POST', `/api/admin/lessons/${lessonA}/exercises`, admin, { ...sumC(), referenceSolution: 'int main( {' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().result.verdict).toBe('compile_error');
    expect(await scalar(t.pool, 'select count(*) from exercises where lesson_id = $1', [lessonA])).toBe(0);
  }, 60_000);

  it('saves, lists, edits, orders and deletes exercises', async () => {
    const first = await createExercise(lessonA, sumC());
    expect(first).toMatchObject({ position: 1, title: 'Sum of two numbers', limits: { timeMs: 2000, memoryMb: 128, outputKb: 64 } });
    expect(first.tests.map((t) => t.hidden)).toEqual([false, false, true]);
    const second = await createExercise(lessonA, sumJs());
    expect(second.position).toBe(2);

    const edited = await inject('PUT', `/api/admin/exercises/${second.id}`, admin, { ...sumJs(), title: 'Add two numbers' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().title).toBe('Add two numbers');

    const order = await inject('PUT', `/api/admin/lessons/${lessonA}/exercises/order`, admin, { exerciseIds: [second.id, first.id] });
    expect(order.json().exercises.map((x: AdminExercise) => x.title)).toEqual(['Add two numbers', 'Sum of two numbers']);
    const badOrder = await inject('PUT', `/api/admin/lessons/${lessonA}/exercises/order`, admin, { exerciseIds: [second.id] });
    expect(badOrder.statusCode).toBe(400);

    const extra = await createExercise(lessonC, sumJs());
    expect((await inject('DELETE', `/api/admin/exercises/${extra.id}`, admin)).statusCode).toBe(204);
    expect(await scalar(t.pool, 'select count(*) from exercises where lesson_id = $1', [lessonC])).toBe(0);
    expect((await inject('DELETE', `/api/admin/exercises/${extra.id}`, admin)).statusCode).toBe(404);
  }, 60_000);
});

describe('what a student may see and do', () => {
  it('never sends a student a reference solution or hidden test data, in any answer', async () => {
    const s = await student('reader');
    const mustNotContain = (text: string) => {
      expect(text).not.toContain(REFERENCE_MARK);
      expect(text).not.toContain(HIDDEN_INPUT);
      expect(text).not.toContain(HIDDEN_OUTPUT);
    };
    const list = await inject('GET', `/api/lessons/${lessonA}/exercises`, s.cookie);
    expect(list.statusCode).toBe(200);
    mustNotContain(list.body);
    const body = list.json<LessonExercisesResponse>();
    const x = body.exercises.find((e) => e.language === 'c')!;
    expect(x).not.toHaveProperty('referenceSolution');
    expect(x.visibleTests).toHaveLength(2);
    expect(x.hiddenTestCount).toBe(1);
    // C says how this server runs it: natively with the sanitizers where it can, else as WebAssembly.
    expect(x.runnable).toEqual({
      ok: true,
      reason: null,
      note: expect.stringMatching(/^Compiled with (gcc and run natively|Clang to WebAssembly)/),
    });

    // A failing submission: the hidden test's outcome is only passed or failed.
    const res = await inject('POST', `/api/exercises/${x.id}/submissions`, s.cookie, {
      mode: 'submit',
      code: SUM_C.replace('a + b', 'a + b + 1'),
    });
    mustNotContain(res.body);
    const done = await graded(s.cookie, res.json<Submission>().id);
    mustNotContain(JSON.stringify(done));
    expect(done.result!.tests[2]).toEqual({
      position: 3,
      custom: false,
      hidden: true,
      passed: false,
      status: null,
      message: null,
      input: null,
      expectedOutput: null,
      actualOutput: null,
      stderr: null,
      exitCode: null,
      match: null,
      timeMs: null,
      name: null,
      code: null,
      points: 1,
    });
    mustNotContain((await inject('GET', `/api/lessons/${lessonA}/exercises`, s.cookie)).body);
    mustNotContain((await inject('GET', `/api/submissions/${done.id}`, s.cookie)).body);

    // The tutor's routes are the tutor's.
    for (const url of [
      `/api/admin/lessons/${lessonA}/exercises`,
      `/api/admin/exercises/${x.id}/report`,
      `/api/admin/exercises/${x.id}/students/${s.id}`,
    ])
      expect((await inject('GET', url, s.cookie)).statusCode).toBe(403);
    expect((await inject('POST', `/api/admin/lessons/${lessonA}/exercises`, s.cookie, sumC())).statusCode).toBe(403);

    // Another student's submission is not found for them.
    const other = await student('other');
    expect((await inject('GET', `/api/submissions/${done.id}`, other.cookie)).statusCode).toBe(404);
  }, 60_000);

  it("past the due date with 'Show Hidden Tests After the Due Date', names a hidden test and still sends none of its data", async () => {
    const own = await seedCourse(t.db, { chapters: [{ title: 'Due', lessons: [{ title: 'Due sums' }] }] });
    await t.pool.query(`update courses set hidden_tests_after_due = true where id = $1`, [own.course.id]);
    const named = sumC({
      tests: [
        { input: '2 3\n', expectedOutput: '5\n' },
        { input: `${HIDDEN_INPUT}\n`, expectedOutput: `${HIDDEN_OUTPUT}\n`, hidden: true, name: 'Big Sum' },
      ],
    });
    const x = await createExercise(own.lessonIds[0]![0]!, named);
    await t.pool.query(`update exercises set due_at = now() - interval '1 hour' where id = $1`, [x.id]);
    const u = await createUser(t.db, `named-${Math.random().toString(36).slice(2, 8)}@example.com`);
    await enroll(t.db, u.id, own.course.id);
    const cookie = await t.signIn(u.email);
    const done = await submit(cookie, x.id, SUM_C.replace('a + b', 'a + b + 1'));
    for (const text of [
      JSON.stringify(done),
      (await inject('GET', `/api/submissions/${done.id}`, cookie)).body,
      (await inject('GET', `/api/lessons/${own.lessonIds[0]![0]}/exercises`, cookie)).body,
    ]) {
      expect(text).not.toContain(REFERENCE_MARK);
      expect(text).not.toContain(HIDDEN_INPUT);
      expect(text).not.toContain(HIDDEN_OUTPUT);
    }
    expect(done.result!.tests[1]).toMatchObject({ hidden: true, name: 'Big Sum', passed: false, input: null, expectedOutput: null });
  }, 60_000);

  it('refuses students who are not enrolled, and courses that are not published', async () => {
    const outsider = await student('outsider', false);
    const [x] = (await inject('GET', `/api/admin/lessons/${lessonA}/exercises`, admin)).json().exercises as AdminExercise[];
    const read = await inject('GET', `/api/lessons/${lessonA}/exercises`, outsider.cookie);
    expect(read.statusCode).toBe(403);
    const sub = await inject('POST', `/api/exercises/${x!.id}/submissions`, outsider.cookie, { mode: 'submit', code: SUM_JS });
    expect(sub.statusCode).toBe(403);
    expect((await inject('PUT', `/api/exercises/${x!.id}/draft`, outsider.cookie, { code: 'x' })).statusCode).toBe(403);

    const hidden = await seedCourse(t.db, { isPublished: false, chapters: [{ title: 'C', lessons: [{ title: 'L' }] }] });
    const enrolled = await student('unpublished');
    await enroll(t.db, enrolled.id, hidden.course.id);
    expect((await inject('GET', `/api/lessons/${hidden.lessonIds[0]![0]}/exercises`, enrolled.cookie)).statusCode).toBe(404);
    expect(await scalar(t.pool, 'select count(*) from exercise_submissions where user_id = $1', [outsider.id])).toBe(0);
    expect((await inject('GET', `/api/lessons/${lessonA}/exercises`)).statusCode).toBe(401);
  });

  it('bad submissions get a clear 400 and nothing is queued', async () => {
    const s = await student('badinput');
    const [x] = (await inject('GET', `/api/admin/lessons/${lessonA}/exercises`, admin)).json().exercises as AdminExercise[];
    const tooBig = await inject('POST', `/api/exercises/${x!.id}/submissions`, s.cookie, {
      mode: 'submit',
      code: 'x'.repeat(64 * 1024 + 1),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(errorMessage(tooBig)).toBe(PracticeMessages.codeTooLong);
    const mode = await inject('POST', `/api/exercises/${x!.id}/submissions`, s.cookie, { mode: 'grade', code: '' });
    expect(mode.statusCode).toBe(400);
    const custom = await inject('POST', `/api/exercises/${x!.id}/submissions`, s.cookie, {
      mode: 'submit',
      code: SUM_JS,
      customInput: '1 2',
    });
    expect(custom.statusCode).toBe(400);
    expect((await inject('POST', `/api/exercises/not-an-id/submissions`, s.cookie, { mode: 'submit', code: '' })).statusCode).toBe(404);
    expect(await scalar(t.pool, 'select count(*) from exercise_submissions where user_id = $1', [s.id])).toBe(0);
  });

  it('keeps a draft per student and exercise; the preview keeps none', async () => {
    const s = await student('drafter');
    const [x] = (await inject('GET', `/api/admin/lessons/${lessonA}/exercises`, admin)).json().exercises as AdminExercise[];
    const saved = await inject('PUT', `/api/exercises/${x!.id}/draft`, s.cookie, { code: 'int main() { return 0; }' });
    expect(saved.json()).toMatchObject({ saved: true });
    await inject('PUT', `/api/exercises/${x!.id}/draft`, s.cookie, { code: 'int main() { return 1; }' });
    const list = (await inject('GET', `/api/lessons/${lessonA}/exercises`, s.cookie)).json<LessonExercisesResponse>();
    expect(list.exercises.find((e) => e.id === x!.id)!.draft!.code).toBe('int main() { return 1; }');
    const other = await student('nodraft');
    expect(
      (await inject('GET', `/api/lessons/${lessonA}/exercises`, other.cookie)).json<LessonExercisesResponse>().exercises[0]!.draft,
    ).toBeNull();

    const preview = await inject('PUT', `/api/exercises/${x!.id}/draft`, admin, { code: 'admin code' });
    expect(preview.json()).toEqual({ saved: false, savedAt: null });
    expect(await scalar(t.pool, "select count(*) from exercise_drafts where code = 'admin code'")).toBe(0);
  });

  it("runs the visible tests and the student's own input; submits all tests", async () => {
    const s = await student('runner');
    const list = (await inject('GET', `/api/lessons/${lessonA}/exercises`, s.cookie)).json<LessonExercisesResponse>();
    const x = list.exercises.find((e) => e.language === 'c')!;
    const run = await submit(s.cookie, x.id, SUM_C, 'run', '40 2\n');
    expect(run.mode).toBe('run');
    expect(run.result!.summary).toBe('All tests passed');
    expect(run.result!.tests.map((r) => [r.position, r.custom, r.actualOutput])).toEqual([
      [0, true, '42\n'],
      [1, false, '5\n'],
      [2, false, '0\n'],
    ]);
    expect(run.result!.totalCount).toBe(2);
  }, 60_000);
});

describe('verdicts, graded for real', () => {
  const LIMITS = { timeMs: 1000, memoryMb: 64, outputKb: 8 };
  const programs = {
    c: {
      correct: SUM_C,
      wrong: SUM_C.replace('a + b', 'a * b'),
      compile: '#include <stdio.h>\nint main(void) {\n  int a = 1\n  return a;\n}\n',
      runtime: '#include <stdio.h>\nint main(void) { volatile int z = 0; printf("%d\\n", 10 / z); return 0; }\n',
      time: 'int main(void) { volatile unsigned long i = 0; for (;;) i++; }\n',
      // The memory is used (summed and printed), so the compiler cannot leave the allocations out.
      memory:
        '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(void) { long total = 0; for (;;) { char *p = malloc(1 << 20); if (!p) return 1; memset(p, 1, 1 << 20); total += p[total % 1000]; if (total < 0) printf("%ld", total); } }\n',
      output: '#include <stdio.h>\nint main(void) { for (;;) puts("all work and no play makes jack a dull boy"); }\n',
    },
    javascript: {
      correct: SUM_JS,
      wrong: SUM_JS.replace('a + b', 'a - b'),
      compile: 'const [a, b] = readline().split(" ");\nconsole.log(a +);\n',
      runtime: 'null.boom();\n',
      time: 'for (;;) {}\n',
      memory: "let s = 'x';\nfor (;;) s += s;\n",
      output: "for (;;) console.log('all work and no play makes jack a dull boy');\n",
    },
    java: {
      correct:
        'import java.util.Scanner;\npublic class Main {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    System.out.println(in.nextInt() + in.nextInt());\n  }\n}\n',
      wrong:
        'import java.util.Scanner;\npublic class Main {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    System.out.println(in.nextInt() - in.nextInt());\n  }\n}\n',
      compile: 'public class Main {\n  public static void main(String[] args) {\n    int a = 1\n  }\n}\n',
      runtime: 'public class Main {\n  public static void main(String[] args) {\n    throw new IllegalStateException("boom");\n  }\n}\n',
      time: 'public class Main {\n  public static void main(String[] args) {\n    long i = 0;\n    while (true) i++;\n  }\n}\n',
      memory:
        'import java.util.*;\npublic class Main {\n  public static void main(String[] args) {\n    List<long[]> keep = new ArrayList<>();\n    while (true) keep.add(new long[1 << 20]);\n  }\n}\n',
      output:
        'public class Main {\n  public static void main(String[] args) {\n    while (true) System.out.println("all work and no play makes jack a dull boy");\n  }\n}\n',
    },
  } as const;

  for (const language of ['c', 'javascript', 'java'] as const) {
    // Java needs a JDK, bubblewrap and root: elsewhere its exercises say so (checked in grade-java.test.ts).
    it.skipIf(language === 'java' && !javaRuns)(
      `${language}: correct, wrong answer, compile error, runtime error, time, memory and output limits`,
      async () => {
        const p = programs[language];
        const x = await createExercise(lessonB, {
          title: `Verdicts in ${language}`,
          language,
          referenceSolution: p.correct,
          tests: [{ input: '2 3\n', expectedOutput: '5\n' }],
          limits: LIMITS,
        });
        const s = await student(`verdicts-${language}`);
        const correct = await submit(s.cookie, x.id, p.correct);
        expect(correct.result).toMatchObject({ verdict: 'passed', summary: 'All tests passed', passedCount: 1, totalCount: 1 });

        const wrong = await submit(s.cookie, x.id, p.wrong);
        expect(wrong.result).toMatchObject({ verdict: 'failed', summary: '0 of 1 tests passed' });
        expect(wrong.result!.tests[0]).toMatchObject({ passed: false, status: 'ok', expectedOutput: '5\n' });
        expect(wrong.result!.tests[0]!.actualOutput).toMatch(/^-?[16]\n$/);

        const compile = await submit(s.cookie, x.id, p.compile);
        expect(compile.result).toMatchObject({ verdict: 'compile_error', summary: 'Compilation failed' });
        expect(compile.result!.diagnostics.some((d) => d.severity === 'error' && d.line >= 2 && d.line <= 4)).toBe(true);

        const statusOf = async (code: string) => (await submit(s.cookie, x.id, code)).result!.tests[0]!;
        const runtime = await statusOf(p.runtime);
        expect(runtime).toMatchObject({ passed: false, status: 'runtime_error' });
        const time = await statusOf(p.time);
        expect(time).toMatchObject({ passed: false, status: 'time_limit' });
        expect(time.message).toMatch(/longer than 1 second/);
        const memory = await statusOf(p.memory);
        expect(memory).toMatchObject({ passed: false, status: 'memory_limit' });
        expect(memory.message).toMatch(/more than 64 MB/);
        const output = await statusOf(p.output);
        expect(output).toMatchObject({ passed: false, status: 'output_limit' });
        expect(output.actualOutput!.length).toBeLessThanOrEqual(8 * 1024);
      },
      180_000,
    );
  }
});

describe('a lesson with exercises is complete when every exercise has passed', () => {
  it('refuses Mark Complete, then completes the lesson and the course with the last pass', async () => {
    const single = await seedCourse(t.db, { chapters: [{ title: 'Only', lessons: [{ title: 'Practice only' }, { title: 'Plain' }] }] });
    const [practiceLesson, plainLesson] = single.lessonIds[0]!;
    const one = await createExercise(practiceLesson!, sumJs());
    const two = await createExercise(practiceLesson!, { ...sumJs(), title: 'Second' });
    const s = await student('completer');
    await enroll(t.db, s.id, single.course.id);

    const refused = await inject('PUT', `/api/lessons/${practiceLesson}/progress`, s.cookie, { status: 'completed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: ErrorCode.checksNotPassed, message: PracticeMessages.checksNotPassed });
    expect((await inject('PUT', `/api/lessons/${plainLesson}/progress`, s.cookie, { status: 'completed' })).statusCode).toBe(200);
    const learn = (await inject('GET', `/api/courses/${single.course.id}/learn`, s.cookie)).json<LearnResponse>();
    expect(learn.chapters[0]!.lessons.map((l) => [l.title, l.exerciseCount, l.status])).toEqual([
      ['Practice only', 2, 'not_started'],
      ['Plain', 0, 'completed'],
    ]);

    // A run that passes does not count; a failing submission does not either.
    expect((await submit(s.cookie, one.id, SUM_JS, 'run')).lessonCompleted).toBe(false);
    expect((await submit(s.cookie, one.id, 'console.log(0)')).result!.verdict).toBe('failed');
    const firstPass = await submit(s.cookie, one.id, SUM_JS);
    expect(firstPass).toMatchObject({ lessonCompleted: false, courseJustCompleted: false });
    const lastPass = await submit(s.cookie, two.id, SUM_JS);
    expect(lastPass).toMatchObject({ lessonCompleted: true, courseJustCompleted: true });
    const after = (await inject('GET', `/api/courses/${single.course.id}/learn`, s.cookie)).json<LearnResponse>();
    expect(after.progress).toMatchObject({ completedLessons: 2, totalLessons: 2, percent: 100 });
    expect(await scalar(t.pool, 'select count(*) from certificates where student_id = $1', [s.id])).toBe(1);
    // Passing again completes nothing twice.
    expect(await submit(s.cookie, two.id, SUM_JS)).toMatchObject({ lessonCompleted: true, courseJustCompleted: false });
    expect(await scalar(t.pool, 'select count(*) from certificates where student_id = $1', [s.id])).toBe(1);

    // The tutor's figures: who tried, who passed, submissions to pass, the test failed most.
    const report = (await inject('GET', `/api/admin/exercises/${one.id}/report`, admin)).json();
    expect(report.stats).toMatchObject({ tried: 1, passed: 1, medianSubmissionsToPass: 2, hardestTest: { position: 1, failures: 1 } });
    expect(report.students[0]).toMatchObject({ studentId: s.id, submissions: 2, passed: true });
    // The same figures reach the analytics screen, measured from the submissions.
    const analytics = (await inject('GET', '/api/admin/analytics?range=all', admin)).json();
    expect(analytics.practice.exercises.find((e: { exercise: { id: string } }) => e.exercise.id === one.id)).toEqual({
      exercise: { id: one.id, title: one.title },
      language: 'javascript',
      lesson: { id: practiceLesson, title: 'Practice only' },
      course: { id: single.course.id, title: single.course.title },
      tried: 1,
      passed: 1,
      passRate: 100,
      medianSubmissionsToPass: 2,
      // Named by what the tutor wrote for the test, so the tutor recognises it.
      hardestTest: { position: 1, hidden: false, failures: 1, name: '', input: '2 3\n', code: '' },
    });
    expect(analytics.practice.submissions).toBeGreaterThanOrEqual(4);
    const work = (await inject('GET', `/api/admin/exercises/${one.id}/students/${s.id}`, admin)).json();
    expect(work).toMatchObject({
      studentId: s.id,
      code: SUM_JS,
      source: 'submission',
      latestSubmission: { result: { verdict: 'passed' } },
    });
  }, 120_000);

  it("the tutor's preview grades but saves no progress", async () => {
    const x = (await inject('GET', `/api/admin/lessons/${lessonA}/exercises`, admin)).json().exercises[0] as AdminExercise;
    const graded = await submit(admin, x.id, x.language === 'c' ? SUM_C : SUM_JS);
    expect(graded).toMatchObject({ preview: true, lessonCompleted: false, result: { verdict: 'passed' } });
    expect(await scalar(t.pool, 'select count(*) from lesson_progress where lesson_id = $1', [lessonA])).toBe(0);
    const report = (await inject('GET', `/api/admin/exercises/${x.id}/report`, admin)).json();
    expect(report.students.find((r: { name: string }) => r.name === 'Course Tutor')).toBeUndefined();
  }, 60_000);
});

describe('the submission rate', () => {
  it('holds two submissions in flight per student and answers 429 past them', async () => {
    const s = await student('hasty');
    const x = (await inject('GET', `/api/admin/lessons/${lessonA}/exercises`, admin)).json().exercises[0] as AdminExercise;
    const code = x.language === 'c' ? SUM_C : SUM_JS;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => inject('POST', `/api/exercises/${x.id}/submissions`, s.cookie, { mode: 'submit', code })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(2);
    expect(answers.find((r) => r.statusCode === 429)!.json().error.message).toBe(PracticeMessages.submissionRate);
    for (const r of answers.filter((a) => a.statusCode === 202)) await graded(s.cookie, r.json().id);
  }, 60_000);
});
