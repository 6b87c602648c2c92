import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@test-support/fake-openai';
import { gradedSubmission, startTestGrading } from '@test-support/grading';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse, tempDataDir } from '@test-support/fixtures/users-and-courses';
import { scalar } from '@test-support/http';
import { languageSupport } from '../../../grading/dispatch';
import { unzipArchive } from '../../platform/storage/zip';
import type { LessonFeedbackResponse, SameCodeResponse } from '../../../common/reviews';
import {
  EXERCISE_FILES_MAX,
  PracticeMessages,
  type AdminExercise,
  type ExerciseInput,
  type LessonExercisesResponse,
  type StudentWork,
  type Submission,
} from '../../../common/practice';

/*
 * A Java exercise whose student writes several classes, each in a file (an editor tab) of its own: what the tutor may
 * save, what the student receives (never a file's reference version or a hidden file), what a submission must send,
 * and how it is graded, stored and shown again, to the student, the tutor, the AI tutor and the data export.
 */

const javaRuns = (await languageSupport()).java.ok;
let t: TestContext;
let fake: FakeOpenAI;
let admin: string;
let lessonId: string;
let otherLessonId: string;
let courseId: string;

// Marks that must never reach a student.
const REFERENCE_MARK = 'REFERENCE_VERSION_4e1d';
const HIDDEN_FILE_MARK = 'HIDDEN_CLASS_77b0';

const MAIN = `public class Main {
    public static void main(String[] args) {
        System.out.println(new Square(3).area());
        System.out.println(new Rect(2, 5).area() + Units.ONE - 1);
    }
}
`;
const SQUARE_STARTER = 'public class Square {\n    public Square(int side) {}\n    public int area() { return 0; }\n}\n';
const RECT_STARTER = 'public class Rect {\n    public Rect(int w, int h) {}\n    public int area() { return 0; }\n}\n';
const SQUARE =
  'public class Square {\n    private final int side;\n    public Square(int side) { this.side = side; }\n    public int area() { return side * side; }\n}\n';
const RECT =
  'public class Rect {\n    private final int w, h;\n    public Rect(int w, int h) { this.w = w; this.h = h; }\n    public int area() { return w * h; }\n}\n';
const withMark = (code: string) => `// ${REFERENCE_MARK}\n${code}`;

const shapes = (extra: Partial<ExerciseInput> = {}): ExerciseInput => ({
  title: 'Shapes in files',
  language: 'java',
  starterCode: MAIN,
  referenceSolution: MAIN,
  tests: [{ input: '', expectedOutput: '9\n10\n' }],
  files: [
    { name: 'Square.java', content: SQUARE_STARTER, editable: true, referenceContent: withMark(SQUARE) },
    { name: 'Rect.java', content: RECT_STARTER, editable: true, referenceContent: withMark(RECT) },
    { name: 'Units.java', content: `// ${HIDDEN_FILE_MARK}\nclass Units { static final int ONE = 1; }\n`, hidden: true },
  ],
  ...extra,
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const mustNotContain = (body: string) => {
  for (const mark of [REFERENCE_MARK, HIDDEN_FILE_MARK]) expect(body).not.toContain(mark);
};

async function student(tag: string) {
  const u = await createUser(t.db, `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`, { firstName: 'Sam', lastName: tag });
  await enroll(t.db, u.id, courseId);
  return { id: u.id, cookie: await t.signIn(u.email) };
}

const graded = (cookie: string, id: string) => gradedSubmission(t.app, cookie, id, mustNotContain);

async function submit(cookie: string, exerciseId: string, files: { square?: string; rect?: string }, mode: 'run' | 'submit' = 'submit') {
  const res = await inject('POST', `/api/exercises/${exerciseId}/submissions`, cookie, {
    mode,
    code: MAIN,
    files: [
      { name: 'Square.java', content: files.square ?? SQUARE },
      { name: 'Rect.java', content: files.rect ?? RECT },
    ],
  });
  expect(res.statusCode, res.body).toBe(202);
  mustNotContain(res.body);
  return graded(cookie, res.json<Submission>().id);
}

let exercise: AdminExercise;
async function savedExercise(): Promise<AdminExercise> {
  if (exercise) return exercise;
  const res = await inject('POST', `/api/admin/lessons/${lessonId}/exercises`, admin, shapes());
  expect(res.statusCode, res.body).toBe(201);
  exercise = res.json<AdminExercise>();
  return exercise;
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({
    env: {
      PRACTICE_SUBMISSIONS_PER_MINUTE: '1000',
      DATA_DIR: await tempDataDir(),
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test-key',
      AI_MODEL: 'tutor-test-model',
    },
  });
  await startTestGrading(t.pool);
  admin = await t.signIn(ADMIN);
  const course = await seedCourse(t.db, { chapters: [{ title: 'Classes', lessons: [{ title: 'Shapes' }, { title: 'In C' }] }] });
  [lessonId, otherLessonId] = course.lessonIds[0]! as [string, string];
  courseId = course.course.id;
}, 120_000);
afterAll(() => fake.close());

describe("the tutor's files the student writes", () => {
  it('refuses them outside Java, with a bad class file name, hidden, without a reference version, or too many or too large, writing nothing', async () => {
    const refused = async (body: ExerciseInput, message: string, where = lessonId) => {
      const res = await inject('POST', `/api/admin/lessons/${where}/exercises`, admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorMessage(res)).toBe(message);
    };
    const square = { name: 'Square.java', content: SQUARE_STARTER, editable: true, referenceContent: SQUARE };
    await refused(
      {
        title: 'In C',
        language: 'c',
        referenceSolution: 'int main(void) { return 0; }\n',
        tests: [{ input: '', expectedOutput: '', expectedExitCode: 0 }],
        files: [{ name: 'helper.c', content: '', editable: true, referenceContent: 'int x;' }],
      },
      PracticeMessages.studentFilesJava,
    );
    await refused(shapes({ files: [{ ...square, name: 'square.txt' }] }), PracticeMessages.studentFileName('square.txt'));
    await refused(shapes({ files: [{ ...square, name: 'Two-Words.java' }] }), PracticeMessages.studentFileName('Two-Words.java'));
    await refused(shapes({ files: [{ ...square, name: 'Main.java' }] }), PracticeMessages.studentFileIsMain('Main.java'));
    await refused(shapes({ files: [{ ...square, hidden: true }] }), PracticeMessages.studentFileHidden('Square.java'));
    await refused(shapes({ files: [{ ...square, referenceContent: '  \n' }] }), PracticeMessages.studentFileReference('Square.java'));
    await refused(
      shapes({ files: Array.from({ length: EXERCISE_FILES_MAX + 1 }, (_, i) => ({ ...square, name: `Shape${i}.java` })) }),
      PracticeMessages.tooManyFiles,
    );
    // The reference versions count with the files' contents.
    await refused(
      shapes({ files: [{ ...square, referenceContent: `// ${'x'.repeat(1024 * 1024)}\n${SQUARE}` }] }),
      PracticeMessages.filesTooLarge,
    );
    expect(await scalar(t.pool, 'select count(*) from exercises where lesson_id = $1', [lessonId])).toBe(0);
    expect(await scalar(t.pool, 'select count(*) from exercise_submissions')).toBe(0);
  });

  it.skipIf(!javaRuns)(
    "saves them once the reference check passes with every file's reference version, and refuses a reference version that fails",
    async () => {
      const wrong = await inject(
        'POST',
        `/api/admin/lessons/${lessonId}/exercises`,
        admin,
        shapes({
          files: [
            { name: 'Square.java', content: SQUARE_STARTER, editable: true, referenceContent: SQUARE },
            { name: 'Rect.java', content: RECT_STARTER, editable: true, referenceContent: RECT.replace('w * h', 'w + h') },
            shapes().files![2]!,
          ],
        }),
      );
      expect(wrong.statusCode, wrong.body).toBe(422);
      expect(wrong.json().result.tests[0]).toMatchObject({ passed: false, actualOutput: '9\n7\n' });

      const x = await savedExercise();
      expect(x.files.map((f) => [f.name, f.editable, f.hidden, f.referenceContent === '' ? '' : 'reference'])).toEqual([
        ['Square.java', true, false, 'reference'],
        ['Rect.java', true, false, 'reference'],
        ['Units.java', false, true, ''],
      ]);
      expect(x.files[1]!.content).toBe(RECT_STARTER);
      expect(x.files[1]!.referenceContent).toBe(withMark(RECT));
    },
    120_000,
  );
});

describe.skipIf(!javaRuns)("the student's files", () => {
  it('come to the student as their starters, never in their reference versions, and a hidden file never', async () => {
    const x = await savedExercise();
    const s = await student('reader');
    const list = await inject('GET', `/api/lessons/${lessonId}/exercises`, s.cookie);
    expect(list.statusCode).toBe(200);
    mustNotContain(list.body);
    const seen = list.json<LessonExercisesResponse>().exercises.find((e) => e.id === x.id)!;
    expect(seen.studentFiles).toEqual([
      { name: 'Square.java', starterCode: SQUARE_STARTER },
      { name: 'Rect.java', starterCode: RECT_STARTER },
    ]);
    // The files the student writes are not among those to read.
    expect(seen.files).toEqual([]);
    expect(seen.draft).toBeNull();
  });

  it('a submission sends exactly the exercise files, within the code limit together; anything else is a 400 and nothing is queued', async () => {
    const x = await savedExercise();
    const s = await student('sender');
    const post = (files: unknown, code = MAIN) =>
      inject('POST', `/api/exercises/${x.id}/submissions`, s.cookie, { mode: 'run', code, files });
    const expected = PracticeMessages.studentFilesExpected(['Square.java', 'Rect.java']);
    for (const files of [
      [],
      [{ name: 'Square.java', content: SQUARE }],
      [
        { name: 'Square.java', content: SQUARE },
        { name: 'Circle.java', content: RECT },
      ],
      [
        { name: 'Square.java', content: SQUARE },
        { name: 'Square.java', content: SQUARE },
      ],
      [
        { name: 'Square.java', content: SQUARE },
        { name: 'Rect.java', content: RECT },
        { name: 'Units.java', content: 'class Units {}' },
      ],
    ]) {
      const res = await post(files);
      expect(res.statusCode, JSON.stringify(files)).toBe(400);
      expect(errorMessage(res)).toBe(expected);
    }
    // Each file within 64 KB, but not together.
    const half = `// ${'x'.repeat(33 * 1024)}\n`;
    const big = await post(
      [
        { name: 'Square.java', content: half + SQUARE },
        { name: 'Rect.java', content: RECT },
      ],
      half + MAIN,
    );
    expect(big.statusCode).toBe(400);
    expect(errorMessage(big)).toBe(PracticeMessages.studentFilesTooLong);
    expect(await scalar(t.pool, 'select count(*) from exercise_submissions where user_id = $1', [s.id])).toBe(0);

    // An exercise of one file takes no further files.
    const one = await inject('POST', `/api/admin/lessons/${otherLessonId}/exercises`, admin, {
      title: 'Hello',
      language: 'javascript',
      referenceSolution: 'console.log("hi")',
      tests: [{ input: '', expectedOutput: 'hi\n' }],
    });
    expect(one.statusCode, one.body).toBe(201);
    const refused = await inject('POST', `/api/exercises/${one.json<AdminExercise>().id}/submissions`, s.cookie, {
      mode: 'run',
      code: 'console.log("hi")',
      files: [{ name: 'Square.java', content: SQUARE }],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorMessage(refused)).toBe(PracticeMessages.studentFilesExpected([]));
  });

  it('grades every file together: the starters fail, a compile error is located in its file and line, the right classes pass and are stored', async () => {
    const x = await savedExercise();
    const s = await student('grader');

    const starters = await submit(s.cookie, x.id, { square: SQUARE_STARTER, rect: RECT_STARTER }, 'run');
    expect(starters.result!.verdict).toBe('failed');
    expect(starters.result!.tests[0]).toMatchObject({ passed: false, actualOutput: '0\n0\n' });

    // The second file does not compile: its error names Rect.java and the line, and the tab is told by `file`.
    const broken = RECT.replace('return w * h;', 'return w * h');
    const compile = await submit(s.cookie, x.id, { rect: broken });
    expect(compile.result!.verdict).toBe('compile_error');
    expect(compile.result!.compileOutput).toContain('Rect.java:4: error');
    expect(compile.result!.diagnostics).toEqual([expect.objectContaining({ file: 'Rect.java', line: 4, severity: 'error' })]);
    // The hidden class's source never comes back, not even through an error.
    mustNotContain(JSON.stringify(compile));

    // An error in the main file carries no file: the main tab's.
    const mainBroken = await inject('POST', `/api/exercises/${x.id}/submissions`, s.cookie, {
      mode: 'run',
      code: MAIN.replace('area());', 'area())'),
      files: [
        { name: 'Square.java', content: SQUARE },
        { name: 'Rect.java', content: RECT },
      ],
    });
    const mainDone = await graded(s.cookie, mainBroken.json<Submission>().id);
    expect(mainDone.result!.diagnostics[0]).toMatchObject({ line: 3 });
    expect(mainDone.result!.diagnostics[0]).not.toHaveProperty('file');

    // A runtime error in a student's file names it in the stack trace the student reads.
    const throwing = await submit(
      s.cookie,
      x.id,
      { rect: RECT.replace('return w * h;', 'if (w > 0) throw new IllegalStateException("no"); return 0;') },
      'run',
    );
    expect(throwing.result!.tests[0]!.stderr).toContain('(Rect.java:4)');

    const passed = await submit(s.cookie, x.id, {});
    expect(passed.result!.verdict).toBe('passed');
    expect(passed.lessonCompleted).toBe(true);
    expect(passed.files).toEqual([
      { name: 'Square.java', content: SQUARE },
      { name: 'Rect.java', content: RECT },
    ]);
    expect(await scalar(t.pool, `select student_files->1->>'content' from exercise_submissions where id = $1`, [passed.id])).toBe(RECT);

    // Shown again: the submission itself, and the lesson's latest submission.
    expect((await inject('GET', `/api/submissions/${passed.id}`, s.cookie)).json<Submission>().files).toEqual(passed.files);
    const list = (await inject('GET', `/api/lessons/${lessonId}/exercises`, s.cookie)).json<LessonExercisesResponse>();
    expect(list.exercises.find((e) => e.id === x.id)!.latestSubmission!.files).toEqual(passed.files);
  }, 180_000);

  it('keeps a draft of every file; a draft names only the exercise files', async () => {
    const x = await savedExercise();
    const s = await student('drafter');
    const saved = await inject('PUT', `/api/exercises/${x.id}/draft`, s.cookie, {
      code: MAIN,
      files: [{ name: 'Rect.java', content: '// half done' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = (await inject('GET', `/api/lessons/${lessonId}/exercises`, s.cookie))
      .json<LessonExercisesResponse>()
      .exercises.find((e) => e.id === x.id)!.draft!;
    expect(draft).toMatchObject({ code: MAIN, files: [{ name: 'Rect.java', content: '// half done' }] });
    const unknown = await inject('PUT', `/api/exercises/${x.id}/draft`, s.cookie, {
      code: MAIN,
      files: [{ name: 'Units.java', content: 'class Units {}' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(await scalar(t.pool, `select student_files->0->>'content' from exercise_drafts where student_id = $1`, [s.id])).toBe(
      '// half done',
    );
  });

  it("the tutor's views, the same-code rule, the feedback, the AI tutor and the data export see every file", async () => {
    const x = await savedExercise();
    const [a, b, c] = [await student('alpha'), await student('beta'), await student('gamma')];
    const mine = await submit(a.cookie, x.id, {});
    await submit(b.cookie, x.id, { rect: RECT.replace('w * h', '/* same */ w  *  h') });
    await submit(c.cookie, x.id, { rect: RECT.replace('w * h', 'h * w') });

    const work = (await inject('GET', `/api/admin/exercises/${x.id}/students/${a.id}`, admin)).json<StudentWork>();
    expect(work.files.map((f) => f.name)).toEqual(['Square.java', 'Rect.java']);
    const attempt = await inject('GET', `/api/admin/exercises/${x.id}/students/${a.id}/submissions/${mine.id}`, admin);
    expect(attempt.json<Submission>().files[1]).toEqual({ name: 'Rect.java', content: RECT });

    // The same code is the same in every file: beta's Rect differs only in a comment and spaces, gamma's in the code.
    const same = (await inject('GET', `/api/admin/submissions/${mine.id}/same-code`, admin)).json<SameCodeResponse>();
    expect(same.students.map((st) => st.studentId)).toContain(b.id);
    expect(same.students.map((st) => st.studentId)).not.toContain(c.id);

    // The student reads the feedback with every file of the reviewed submission; the line comments are on the main file.
    expect((await inject('POST', `/api/admin/submissions/${mine.id}/review/comments`, admin, { line: 3, body: 'Nice' })).statusCode).toBe(
      201,
    );
    expect((await inject('POST', `/api/admin/submissions/${mine.id}/review/send`, admin, {})).statusCode).toBe(200);
    const feedback = await inject('GET', `/api/lessons/${lessonId}/feedback`, a.cookie);
    mustNotContain(feedback.body);
    expect(feedback.json<LessonFeedbackResponse>().reviews[0]!.files.map((f) => f.name)).toEqual(['Square.java', 'Rect.java']);

    // The AI tutor sees each of the student's files under its name, and nothing of the reference versions.
    const asked = await inject('POST', `/api/lessons/${lessonId}/tutor/messages`, a.cookie, {
      content: 'Why? [[fake:reply]]Look at Rect.',
      practice: { exerciseId: x.id, code: MAIN, files: [{ name: 'Rect.java', content: '// my Rect, unfinished' }] },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    mustNotContain(asked.body);
    const prompt = fake.lastRequest()!.body.messages![0]!.content;
    expect(prompt).toContain('// ===== Main.java =====');
    expect(prompt).toContain('// ===== Rect.java =====\n// my Rect, unfinished');
    mustNotContain(prompt);

    // The data export holds the files of each submission.
    const exported = await inject('GET', '/api/me/data', a.cookie);
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(unzipArchive(exported.rawPayload).get('data.json')!.toString('utf8'));
    const exportedSubmission = (data.exerciseSubmissions as { id: string; studentFiles: unknown }[]).find((r) => r.id === mine.id)!;
    expect(exportedSubmission.studentFiles).toEqual(mine.files);
    mustNotContain(JSON.stringify(data));
  }, 180_000);
});
