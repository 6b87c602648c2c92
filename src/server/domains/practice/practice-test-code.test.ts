import { beforeAll, describe, expect, it } from 'vitest';
import { gradedSubmission, startTestGrading } from '@test-support/grading';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { scalar } from '@test-support/http';
import {
  EXERCISE_FILES_MAX,
  PracticeMessages,
  type AdminExercise,
  type ExerciseInput,
  type LessonExercisesResponse,
  type Submission,
} from '../../../common/practice';

/*
 * Tests written as code, the tutor's support files and points, through the API and graded for real: what the student
 * receives of them (never a hidden file, a hidden test's code or the reference), and what the tutor may not save.
 */

let t: TestContext;
let admin: string;
let lessonId: string;
let courseId: string;

// Marks that must never reach a student.
const HIDDEN_FILE_MARK = 'HIDDEN_HARNESS_51c2';
const HIDDEN_CODE_MARK = 'HIDDEN_TEST_CODE_9d1e';
const REFERENCE_MARK = 'REFERENCE_ONLY_3b7f';

const REFERENCE = `// ${REFERENCE_MARK}\nfunction swap(pair) {\n  return [pair[1], pair[0]];\n}\n`;
const swapExercise = (extra: Partial<ExerciseInput> = {}): ExerciseInput => ({
  title: 'Swap a pair',
  language: 'javascript',
  starterCode: 'function swap(pair) {\n}\n',
  referenceSolution: REFERENCE,
  tests: [
    { name: 'swap exchanges 1 and 2', code: 'console.log(swap([1, 2]).join(" "));', input: '', expectedOutput: '2 1\n', points: 1 },
    {
      name: 'swap keeps equal values',
      code: `// ${HIDDEN_CODE_MARK}\nreport("equal", swap([5, 5]).join(" ") === "5 5");`,
      input: '',
      expectedOutput: 'ok equal\n',
      hidden: true,
      points: 3,
    },
  ],
  files: [
    {
      name: 'harness.js',
      content: `// ${HIDDEN_FILE_MARK}\nfunction report(name, ok) { console.log((ok ? 'ok ' : 'FAILED ') + name); }\n`,
      hidden: true,
    },
    { name: 'notes.js', content: '// Read me: swap takes an array of two values.\n' },
  ],
  ...extra,
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const graded = (cookie: string, id: string) => gradedSubmission(t.app, cookie, id);

beforeAll(async () => {
  t = await createTestApp({ env: { PRACTICE_SUBMISSIONS_PER_MINUTE: '1000' } });
  await startTestGrading(t.pool);
  admin = await t.signIn(ADMIN);
  const course = await seedCourse(t.db, { chapters: [{ title: 'Functions', lessons: [{ title: 'Swap' }] }] });
  lessonId = course.lessonIds[0]![0]!;
  courseId = course.course.id;
}, 120_000);

describe('tests written as code', () => {
  it('refuses a test with neither expected output nor code, bad file names and sizes, and JUnit outside Java, writing nothing', async () => {
    const cases: [Partial<ExerciseInput>, string][] = [
      [{ tests: [{ input: '1', expectedOutput: '' }] }, PracticeMessages.testNeedsOutputOrCode],
      [{ files: [{ name: '../etc/passwd', content: '' }] }, PracticeMessages.fileNameInvalid],
      [{ files: [{ name: 'dir/helpers.js', content: '' }] }, PracticeMessages.fileNameInvalid],
      [
        {
          files: [
            { name: 'a.js', content: '' },
            { name: 'a.js', content: '' },
          ],
        },
        PracticeMessages.fileNameClash('a.js'),
      ],
      [{ files: [{ name: 'main.js', content: '' }] }, PracticeMessages.fileNameReserved('main.js')],
      [{ files: [{ name: 'grader_start.c', content: '' }] }, PracticeMessages.fileNameReserved('grader_start.c')],
      [
        { files: Array.from({ length: EXERCISE_FILES_MAX + 1 }, (_, i) => ({ name: `f${i}.txt`, content: '' })) },
        PracticeMessages.tooManyFiles,
      ],
      [
        {
          files: [
            { name: 'a.txt', content: 'x'.repeat(600 * 1024) },
            { name: 'b.txt', content: 'x'.repeat(600 * 1024) },
          ],
        },
        PracticeMessages.filesTooLarge,
      ],
      [{ tests: [{ input: '', expectedOutput: '1', code: 'x'.repeat(64 * 1024 + 1) }] }, PracticeMessages.testCodeTooLong],
      [{ tests: [{ input: '', expectedOutput: '1', points: -1 }] }, PracticeMessages.testPointsRange],
      [{ mode: 'junit' }, PracticeMessages.junitNeedsJava],
    ];
    for (const [change, message] of cases) {
      const res = await inject('POST', `/api/admin/lessons/${lessonId}/exercises`, admin, { ...swapExercise(), ...change });
      expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(errorMessage(res)).toBe(message);
    }
    expect(await scalar(t.pool, 'select count(*) from exercises where lesson_id = $1', [lessonId])).toBe(0);
  });

  it("refuses test code that does not compile with the compiler's message, saving nothing", async () => {
    const res = await inject('POST', `/api/admin/lessons/${lessonId}/exercises`, admin, {
      ...swapExercise(),
      tests: [{ name: 'broken', code: 'console.log(swap([1, 2]);', input: '', expectedOutput: '2 1\n' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().result.compileOutput).toMatch(/^The test code of test 1: SyntaxError/);
    expect(
      await scalar(t.pool, 'select count(*) from exercise_files f join exercises x on x.id = f.exercise_id where x.lesson_id = $1', [
        lessonId,
      ]),
    ).toBe(0);
  });

  it("runs the reference against the tests as written for 'Run Reference', showing the tutor every test and saving nothing", async () => {
    const tests = [...swapExercise().tests];
    tests[0] = { ...tests[0]!, expectedOutput: '1 2\n' };
    const res = await inject('POST', `/api/admin/lessons/${lessonId}/exercises/reference-runs`, admin, { ...swapExercise(), tests });
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json();
    expect(result.verdict).toBe('failed');
    expect(result.tests[0]).toMatchObject({ passed: false, expectedOutput: '1 2\n', actualOutput: '2 1\n' });
    // The tutor sees their own hidden test in full.
    expect(result.tests[1]).toMatchObject({ hidden: true, passed: true, name: 'swap keeps equal values' });
    expect(await scalar(t.pool, 'select count(*) from exercises where lesson_id = $1', [lessonId])).toBe(0);
    const student = await createUser(t.db, 'not-a-tutor@example.com');
    const refused = await inject(
      'POST',
      `/api/admin/lessons/${lessonId}/exercises/reference-runs`,
      await t.signIn(student.email),
      swapExercise(),
    );
    expect(refused.statusCode).toBe(403);
  });

  it("grades the student's function by the tests' code, scores by points, and never sends hidden code, hidden files or the reference", async () => {
    const res = await inject('POST', `/api/admin/lessons/${lessonId}/exercises`, admin, swapExercise());
    expect(res.statusCode, res.body).toBe(201);
    const x = res.json<AdminExercise>();
    expect(x.files.map((f) => [f.name, f.hidden])).toEqual([
      ['harness.js', true],
      ['notes.js', false],
    ]);
    expect(x.tests.map((t) => [t.name, t.points])).toEqual([
      ['swap exchanges 1 and 2', 1],
      ['swap keeps equal values', 3],
    ]);

    const u = await createUser(t.db, 'swapper@example.com', { firstName: 'Sam', lastName: 'Swapper' });
    await enroll(t.db, u.id, courseId);
    const cookie = await t.signIn(u.email);
    const mustNotContain = (body: string) => {
      for (const mark of [HIDDEN_FILE_MARK, HIDDEN_CODE_MARK, REFERENCE_MARK]) expect(body).not.toContain(mark);
    };
    const list = await inject('GET', `/api/lessons/${lessonId}/exercises`, cookie);
    mustNotContain(list.body);
    const seen = list.json<LessonExercisesResponse>().exercises[0]!;
    expect(seen.files).toEqual([{ name: 'notes.js', content: '// Read me: swap takes an array of two values.\n' }]);
    expect(seen.visibleTests).toEqual([
      expect.objectContaining({ name: 'swap exchanges 1 and 2', code: 'console.log(swap([1, 2]).join(" "));', points: 1 }),
    ]);
    expect(seen.hiddenTestCount).toBe(1);

    // Equal values pass by accident of a wrong swap, the first test fails: 3 of 4 points.
    const post = async (code: string) => {
      const sent = await inject('POST', `/api/exercises/${x.id}/submissions`, cookie, { mode: 'submit', code });
      expect(sent.statusCode, sent.body).toBe(202);
      mustNotContain(sent.body);
      return graded(cookie, sent.json<Submission>().id);
    };
    const wrong = await post('function swap(pair) {\n  return [pair[0], pair[1]];\n}\n');
    mustNotContain(JSON.stringify(wrong));
    expect(wrong.result!.verdict).toBe('failed');
    expect(wrong.result!.score).toEqual({ earned: 3, total: 4 });
    expect(wrong.result!.tests[0]).toMatchObject({
      name: 'swap exchanges 1 and 2',
      passed: false,
      actualOutput: '1 2\n',
      expectedOutput: '2 1\n',
    });
    expect(wrong.result!.tests[1]).toMatchObject({ hidden: true, passed: true, name: null, code: null, points: 3 });

    const right = await post('function swap(pair) {\n  return [pair[1], pair[0]];\n}\n// main never runs for a test written as code\n');
    expect(right.result!.verdict).toBe('passed');
    expect(right.result!.score).toEqual({ earned: 4, total: 4 });
    expect(right.lessonCompleted).toBe(true);
    // The worker stores the same points with the row: the gradebook scores a submit by them.
    const stored = await t.db.$client.query<{ id: string; points_earned: number; points_total: number }>(
      'select id, points_earned, points_total from exercise_submissions where id = any($1::uuid[]) order by points_earned',
      [[wrong.id, right.id]],
    );
    expect(stored.rows).toEqual([
      { id: wrong.id, points_earned: 3, points_total: 4 },
      { id: right.id, points_earned: 4, points_total: 4 },
    ]);
    mustNotContain((await inject('GET', `/api/submissions/${right.id}`, cookie)).body);
  });
});
