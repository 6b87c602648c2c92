import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, completeLesson, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { scalar } from '@test-support/http';
import { ErrorCode } from '../../../common/errors';
import type { LearnResponse } from '../../../common/learning';
import {
  QuizMessages,
  type AdminQuiz,
  type QuizAttemptResult,
  type QuizInput,
  type QuizQuestionInput,
  type StudentQuizResponse,
} from '../../../common/quizzes';

/*
 * Quizzes through the API: the tutor's authoring, grading of every kind of question, attempts,
 * completion by passing, and that nothing a student receives before grading says what is right.
 */

let t: TestContext;
let admin: string;
let course: Awaited<ReturnType<typeof seedCourse>>;
let quizLesson: string, otherLesson: string, emptyLesson: string;

// Marks that must never reach a student: in accepted answers and a correct number.
const ACCEPTED_MARK = 'AcceptedOnly7f3a';
const CORRECT_NUMBER = 31337.5;

const questions = (): QuizQuestionInput[] => [
  {
    kind: 'single',
    prompt: 'Which operator takes an address?',
    explanation: 'The ampersand gives the address of its operand.',
    choices: [
      { text: '*', correct: false },
      { text: '&', correct: true },
      { text: '->', correct: false },
    ],
  },
  {
    kind: 'multiple',
    prompt: 'Which are integer types?',
    choices: [
      { text: 'int', correct: true },
      { text: 'float', correct: false },
      { text: 'long', correct: true },
    ],
  },
  { kind: 'short', prompt: 'The secret word?', acceptedAnswers: [ACCEPTED_MARK, 'second'], explanation: 'Told in the lesson.' },
  { kind: 'number', prompt: 'The number?', correctNumber: CORRECT_NUMBER, tolerance: 0.5 },
];
const quizBody = (extra: Partial<QuizInput> = {}): QuizInput => ({ passMark: 75, questions: questions(), ...extra });

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function student(tag: string, courseId: string | null = course.course.id) {
  const u = await createUser(t.db, `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`, { firstName: 'Sam', lastName: tag });
  if (courseId) await enroll(t.db, u.id, courseId);
  return { id: u.id, cookie: await t.signIn(u.email) };
}

async function saveQuiz(lessonId: string, body: QuizInput): Promise<AdminQuiz> {
  const res = await inject('PUT', `/api/admin/lessons/${lessonId}/quiz`, admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function studentQuiz(cookie: string, lessonId = quizLesson) {
  const res = await inject('GET', `/api/lessons/${lessonId}/quiz`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, quiz: res.json<StudentQuizResponse>().quiz! };
}

/** Answers by the tutor's question order: each as right (true) or wrong (false). */
function answersFor(quiz: AdminQuiz, right: boolean[]) {
  return quiz.questions.map((q, i) => {
    const ok = right[i] ?? false;
    switch (q.kind) {
      case 'single':
      case 'multiple':
        return { questionId: q.id, choiceIds: q.choices.filter((c) => c.correct === ok).map((c) => c.id) };
      case 'short':
        return { questionId: q.id, text: ok ? `  ${ACCEPTED_MARK.toUpperCase()} ` : 'wrong' };
      case 'number':
        return { questionId: q.id, number: ok ? CORRECT_NUMBER + 0.4 : CORRECT_NUMBER + 0.6 };
    }
  });
}

async function attempt(cookie: string, answers: unknown[], lessonId = quizLesson) {
  return inject('POST', `/api/lessons/${lessonId}/quiz/attempts`, cookie, { answers });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
  course = await seedCourse(t.db, {
    chapters: [{ title: 'Basics', lessons: [{ title: 'Quiz lesson' }, { title: 'Another' }, { title: 'Empty' }] }],
  });
  [quizLesson, otherLesson, emptyLesson] = course.lessonIds[0]! as [string, string, string];
});

describe('authoring', () => {
  it('refuses a bad quiz with a clear message and writes nothing', async () => {
    const choice = (n: number): QuizQuestionInput => ({
      kind: 'single',
      prompt: `Q${n}`,
      choices: [
        { text: 'a', correct: true },
        { text: 'b', correct: false },
      ],
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ questions: [] }, QuizMessages.noQuestions],
      [{ questions: [{ ...choice(1), choices: [{ text: 'a' }, { text: 'b' }] }] }, QuizMessages.noCorrectChoice(1)],
      [
        { questions: [choice(1), { kind: 'multiple', prompt: 'x', choices: [{ text: 'a' }, { text: 'b' }] }] },
        QuizMessages.noCorrectChoice(2),
      ],
      [{ passMark: 101 }, QuizMessages.passMarkRange],
      [{ passMark: -1 }, QuizMessages.passMarkRange],
      [{ questions: [{ kind: 'number', prompt: 'n', correctNumber: 1, tolerance: -0.1 }] }, QuizMessages.toleranceNegative],
      [{ questions: Array.from({ length: 201 }, (_, i) => choice(i + 1)) }, QuizMessages.tooManyQuestions],
      [{ questions: [{ kind: 'short', prompt: 's', acceptedAnswers: ['  '] }] }, QuizMessages.acceptedRequired(1)],
      [{ questions: [{ kind: 'number', prompt: 'n' }] }, QuizMessages.numberRequired(1)],
      [{ questions: [{ ...choice(1), prompt: '  ' }] }, QuizMessages.promptRequired(1)],
      [
        {
          questions: [
            {
              ...choice(1),
              choices: [
                { text: 'a', correct: true },
                { text: 'b', correct: true },
              ],
            },
          ],
        },
        QuizMessages.singleOneCorrect(1),
      ],
      [{ attemptsAllowed: 0 }, QuizMessages.attemptsRange],
    ];
    for (const [change, message] of cases) {
      const res = await inject('PUT', `/api/admin/lessons/${quizLesson}/quiz`, admin, { ...quizBody(), ...change });
      expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(errorMessage(res)).toBe(message);
    }
    expect((await inject('PUT', `/api/admin/lessons/${crypto.randomUUID()}/quiz`, admin, quizBody())).statusCode).toBe(404);
    expect(await scalar(t.pool, 'select count(*) from quizzes')).toBe(0);
    expect(await scalar(t.pool, 'select count(*) from quiz_questions')).toBe(0);
  });

  it('saves a quiz whole with defaults, replaces it, and reads it back with everything', async () => {
    const first = await saveQuiz(quizLesson, { questions: questions().slice(0, 1) });
    expect(first).toMatchObject({ passMark: 70, attemptsAllowed: null, shuffle: false, explanationsShown: 'at_end' });
    const bad = await inject('PUT', `/api/admin/lessons/${quizLesson}/quiz`, admin, { ...quizBody(), explanationsShown: 'never' });
    expect(bad.statusCode).toBe(400);
    const saved = await saveQuiz(quizLesson, quizBody());
    expect(saved.id).toBe(first.id);
    expect(saved.questions.map((q) => q.kind)).toEqual(['single', 'multiple', 'short', 'number']);
    expect(saved.questions[0]!.choices.map((c) => c.correct)).toEqual([false, true, false]);
    expect(saved.questions[2]!.acceptedAnswers).toEqual([ACCEPTED_MARK, 'second']);
    expect(saved.questions[3]).toMatchObject({ correctNumber: CORRECT_NUMBER, tolerance: 0.5, choices: [] });
    expect(saved.stats).toEqual({ attempts: 0, students: 0, passRate: null, averageScore: null, hardestQuestion: null });
    const read = await inject('GET', `/api/admin/lessons/${quizLesson}/quiz`, admin);
    expect(read.json().quiz.questions).toHaveLength(4);
    expect((await inject('GET', `/api/admin/lessons/${emptyLesson}/quiz`, admin)).json()).toEqual({ quiz: null });
    // The course editor marks the lesson.
    const editor = await inject('GET', `/api/admin/courses/${course.course.id}`, admin);
    expect(editor.json().chapters[0].lessons.map((l: { hasQuiz: boolean }) => l.hasQuiz)).toEqual([true, false, false]);
  });
});

describe('the student', () => {
  it('cannot read or submit a quiz of a course they are not enrolled in', async () => {
    const outsider = await student('outsider', null);
    expect((await inject('GET', `/api/lessons/${quizLesson}/quiz`, outsider.cookie)).statusCode).toBe(403);
    expect((await attempt(outsider.cookie, [])).statusCode).toBe(403);
    expect(await scalar(t.pool, 'select count(*) from quiz_attempts where student_id = $1', [outsider.id])).toBe(0);
  });

  it('never receives what is right before grading, nor after', async () => {
    const s = await student('peek');
    const { body, quiz } = await studentQuiz(s.cookie);
    expect(body).not.toContain(ACCEPTED_MARK);
    expect(body).not.toContain('second');
    expect(body).not.toContain(String(CORRECT_NUMBER));
    expect(body).not.toContain('"correct"');
    expect(body).not.toContain('acceptedAnswers');
    expect(body).not.toContain('explanation');
    expect(quiz.questions[0]!.choices).toEqual([
      { id: expect.any(String), text: '*' },
      { id: expect.any(String), text: '&' },
      { id: expect.any(String), text: '->' },
    ]);
    const graded = await attempt(s.cookie, []);
    expect(graded.body).not.toContain(ACCEPTED_MARK);
    expect(graded.body).not.toContain(String(CORRECT_NUMBER));
    // The quiz shows explanations once passed (by default): a failed attempt carries none, only that they wait.
    expect(graded.body).not.toContain('The ampersand gives');
    expect(graded.json<QuizAttemptResult>().explanationsWithheld).toBe(true);
    const again = await studentQuiz(s.cookie);
    expect(again.body).not.toContain(ACCEPTED_MARK);
    expect(again.quiz.lastAttempt).toMatchObject({ correctCount: 0, questionCount: 4, passed: false });
  });

  it('grades every kind of question, fails then passes, and passing completes the lesson', async () => {
    const s = await student('grades');
    const tutorView: AdminQuiz = (await inject('GET', `/api/admin/lessons/${quizLesson}/quiz`, admin)).json().quiz;
    // With a quiz, Mark Complete is refused until it is passed.
    const early = await inject('PUT', `/api/lessons/${quizLesson}/progress`, s.cookie, { status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe(ErrorCode.checksNotPassed);
    expect(early.json().error.message).toBe('Pass the quiz of this lesson to complete it.');

    for (let i = 0; i < 4; i++) {
      const right = [false, false, false, false];
      right[i] = true;
      const res = await attempt(s.cookie, answersFor(tutorView, right));
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json<QuizAttemptResult>();
      expect(r.questions.map((q) => q.correct)).toEqual(right);
      expect(r).toMatchObject({ correctCount: 1, questionCount: 4, score: 25, passed: false, lessonCompleted: false, attemptsLeft: null });
    }
    // Wrong kinds of answers are simply wrong.
    const odd = await attempt(s.cookie, [
      { questionId: tutorView.questions[0]!.id, text: '&' },
      { questionId: tutorView.questions[3]!.id, choiceIds: [] },
    ]);
    expect(odd.json<QuizAttemptResult>().correctCount).toBe(0);
    // An answer to a question not in the quiz is refused, and nothing is saved.
    const before = await scalar(t.pool, 'select count(*) from quiz_attempts where student_id = $1', [s.id]);
    const unknown = await attempt(s.cookie, [{ questionId: crypto.randomUUID(), text: 'x' }]);
    expect(unknown.statusCode).toBe(400);
    expect(errorMessage(unknown)).toBe(QuizMessages.unknownQuestion);
    expect(await scalar(t.pool, 'select count(*) from quiz_attempts where student_id = $1', [s.id])).toBe(before);

    // 3 of 4 is 75%: the pass mark.
    const pass = (await attempt(s.cookie, answersFor(tutorView, [true, true, true, false]))).json<QuizAttemptResult>();
    expect(pass).toMatchObject({ correctCount: 3, score: 75, passed: true, lessonCompleted: true, courseJustCompleted: false });
    expect(pass.questions[0]).toEqual({
      questionId: tutorView.questions[0]!.id,
      prompt: 'Which operator takes an address?',
      correct: true,
      yourAnswer: { kind: 'choices', choices: ['&'] },
      explanation: 'The ampersand gives the address of its operand.',
    });
    expect(pass.explanationsWithheld).toBe(false);
    expect(pass.questions.map((q) => q.yourAnswer)).toEqual([
      { kind: 'choices', choices: ['&'] },
      { kind: 'choices', choices: ['int', 'long'] },
      { kind: 'text', text: `  ${ACCEPTED_MARK.toUpperCase()} ` },
      { kind: 'number', number: CORRECT_NUMBER + 0.6 },
    ]);
    const outline = (await inject('GET', `/api/courses/${course.course.id}/learn`, s.cookie)).json<LearnResponse>();
    expect(outline.chapters[0]!.lessons[0]).toMatchObject({ status: 'completed', hasQuiz: true, lockedBy: null });
    expect((await studentQuiz(s.cookie)).quiz).toMatchObject({ passed: true, attemptsUsed: 6 });
  });

  it('refuses an attempt once the attempts allowed are used up, and writes nothing', async () => {
    await saveQuiz(otherLesson, { attemptsAllowed: 2, questions: questions().slice(0, 1) });
    const s = await student('limited');
    expect((await studentQuiz(s.cookie, otherLesson)).quiz).toMatchObject({ attemptsAllowed: 2, attemptsLeft: 2, attemptsUsed: 0 });
    expect((await attempt(s.cookie, [], otherLesson)).json<QuizAttemptResult>().attemptsLeft).toBe(1);
    expect((await attempt(s.cookie, [], otherLesson)).json<QuizAttemptResult>().attemptsLeft).toBe(0);
    const third = await attempt(s.cookie, [], otherLesson);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatchObject({ code: ErrorCode.attemptsUsedUp, message: QuizMessages.attemptsUsedUp(2) });
    expect(await scalar(t.pool, 'select count(*) from quiz_attempts where student_id = $1', [s.id])).toBe(2);
    // Two at once when one is left: one is graded, the other refused.
    const racer = await student('racer');
    await attempt(racer.cookie, [], otherLesson);
    const both = await Promise.all([attempt(racer.cookie, [], otherLesson), attempt(racer.cookie, [], otherLesson)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await scalar(t.pool, 'select count(*) from quiz_attempts where student_id = $1', [racer.id])).toBe(2);
  });

  it("grades the tutor's preview without saving it, and shuffles per student and attempt when asked", async () => {
    const res = await attempt(admin, []);
    expect(res.json()).toMatchObject({ preview: true, passed: false });
    expect(await scalar(t.pool, "select count(*) from quiz_attempts a join users u on u.id = a.student_id where u.role = 'admin'")).toBe(0);

    const many = Array.from({ length: 12 }, (_, i): QuizQuestionInput => ({ kind: 'short', prompt: `Q${i + 1}`, acceptedAnswers: ['x'] }));
    await saveQuiz(emptyLesson, { shuffle: true, questions: many });
    const s = await student('shuffle');
    const order = async () => (await studentQuiz(s.cookie, emptyLesson)).quiz.questions.map((q) => q.prompt);
    const first = await order();
    expect(await order()).toEqual(first);
    expect([...first].sort()).toEqual(many.map((q) => q.prompt).sort());
    await attempt(s.cookie, [], emptyLesson);
    expect(await order()).not.toEqual(first);
  });

  it('completes the course and certifies it when the quiz passes the last lesson', async () => {
    const { course: c, lessonIds } = await seedCourse(t.db, { chapters: [{ title: 'One', lessons: [{ title: 'Only' }] }] });
    const quiz = await saveQuiz(lessonIds[0]![0]!, { questions: questions().slice(0, 1) });
    const s = await student('certified', c.id);
    const r = (await attempt(s.cookie, answersFor(quiz, [true]), lessonIds[0]![0]!)).json<QuizAttemptResult>();
    expect(r).toMatchObject({ passed: true, lessonCompleted: true, courseJustCompleted: true });
    expect(await scalar(t.pool, 'select count(*) from certificates where student_id = $1', [s.id])).toBe(1);
  });
});

describe('results that teach', () => {
  it('number and order the questions and choices as the student saw them, with their own answers', async () => {
    const { course: c, lessonIds } = await seedCourse(t.db, { chapters: [{ title: 'Shuffled', lessons: [{ title: 'Order' }] }] });
    const lessonId = lessonIds[0]![0]!;
    const many = Array.from({ length: 8 }, (_, i): QuizQuestionInput => ({
      kind: 'multiple',
      prompt: `Q${i + 1}`,
      choices: ['a', 'b', 'c', 'd', 'e'].map((x, j) => ({ text: `${x}${i + 1}`, correct: j === 0 })),
    }));
    await saveQuiz(lessonId, { shuffle: true, passMark: 100, questions: many });
    const s = await student('order', c.id);
    for (let round = 0; round < 2; round++) {
      const { quiz } = await studentQuiz(s.cookie, lessonId);
      // Every question answered with its last two choices as shown, so "Your answer" shows that order.
      const answers = quiz.questions.map((q) => ({ questionId: q.id, choiceIds: q.choices.slice(-2).map((x) => x.id) }));
      const graded = (await attempt(s.cookie, answers, lessonId)).json<QuizAttemptResult>();
      expect(graded.questions.map((q) => q.prompt)).toEqual(quiz.questions.map((q) => q.prompt));
      expect(graded.questions.map((q) => q.yourAnswer)).toEqual(
        quiz.questions.map((q) => ({ kind: 'choices', choices: q.choices.slice(-2).map((x) => x.text) })),
      );
      // Read again, the last attempt keeps the order it was answered in (the form has the next attempt's).
      const again = (await studentQuiz(s.cookie, lessonId)).quiz;
      expect(again.lastAttempt!.questions.map((q) => q.prompt)).toEqual(quiz.questions.map((q) => q.prompt));
      expect(again.questions.map((q) => q.prompt)).not.toEqual(quiz.questions.map((q) => q.prompt));
      // The stored results keep that order too, for whoever reads them later.
      const stored = await t.pool.query<{ results: { questionId: string }[] }>(
        'select results from quiz_attempts where student_id = $1 and number = $2',
        [s.id, round + 1],
      );
      expect(stored.rows[0]!.results.map((r) => r.questionId)).toEqual(quiz.questions.map((q) => q.id));
    }
  });

  it('keep the explanations back until the rule the tutor chose allows them', async () => {
    const { course: c, lessonIds } = await seedCourse(t.db, {
      chapters: [{ title: 'Explained', lessons: [{ title: 'At the end' }, { title: 'Each attempt' }, { title: 'Unlimited' }] }],
    });
    const [atEnd, each, unlimited] = lessonIds[0]! as [string, string, string];
    const one = questions().slice(0, 1);
    const explanation = 'The ampersand gives the address of its operand.';
    const limited = await saveQuiz(atEnd, { attemptsAllowed: 2, questions: one });
    const eachQuiz = await saveQuiz(each, { attemptsAllowed: 2, explanationsShown: 'each_attempt', questions: one });
    const openEnded = await saveQuiz(unlimited, { questions: one });
    const s = await student('explained', c.id);

    // Once passed or out of attempts: the first wrong attempt carries no explanation, in the answer or read again.
    const first = await attempt(s.cookie, answersFor(limited, [false]), atEnd);
    expect(first.body).not.toContain(explanation);
    expect(first.json<QuizAttemptResult>()).toMatchObject({ explanationsWithheld: true, attemptsLeft: 1 });
    expect((await studentQuiz(s.cookie, atEnd)).body).not.toContain(explanation);
    // The last attempt used: now they show, and stay.
    const last = (await attempt(s.cookie, answersFor(limited, [false]), atEnd)).json<QuizAttemptResult>();
    expect(last).toMatchObject({ explanationsWithheld: false, attemptsLeft: 0, questions: [{ explanation }] });
    expect((await studentQuiz(s.cookie, atEnd)).quiz.lastAttempt).toMatchObject({ questions: [{ explanation }] });
    // A grant gives an attempt back, and the explanations wait again.
    expect((await inject('POST', `/api/admin/quizzes/${limited.id}/students/${s.id}/extra-attempts`, admin)).statusCode).toBe(200);
    expect((await studentQuiz(s.cookie, atEnd)).body).not.toContain(explanation);

    // After each attempt: a wrong first attempt explains at once.
    const eachFirst = (await attempt(s.cookie, answersFor(eachQuiz, [false]), each)).json<QuizAttemptResult>();
    expect(eachFirst).toMatchObject({ explanationsWithheld: false, attemptsLeft: 1, questions: [{ explanation }] });

    // Unlimited attempts: only passing opens them.
    expect((await attempt(s.cookie, answersFor(openEnded, [false]), unlimited)).body).not.toContain(explanation);
    const passed = (await attempt(s.cookie, answersFor(openEnded, [true]), unlimited)).json<QuizAttemptResult>();
    expect(passed).toMatchObject({ passed: true, explanationsWithheld: false, questions: [{ explanation }] });

    // The tutor's preview follows the quiz's rule too.
    const preview = (await attempt(admin, answersFor(limited, [false]), atEnd)).json<QuizAttemptResult>();
    expect(preview).toMatchObject({ preview: true, explanationsWithheld: true, questions: [{ explanation: '' }] });
  });
});

describe('figures', () => {
  it("shows the tutor attempts, pass rate, average score and the hardest question from students' attempts", async () => {
    const quiz: AdminQuiz = (await inject('GET', `/api/admin/lessons/${quizLesson}/quiz`, admin)).json().quiz;
    expect(quiz.stats.attempts).toBeGreaterThan(0);
    const rows = await t.pool.query<{ n: number; passed: number; students: number; avg: number }>(
      `select count(*)::int as n, count(distinct student_id) filter (where passed)::int as passed,
              count(distinct student_id)::int as students, round(avg(score))::int as avg
         from quiz_attempts where quiz_id = $1`,
      [quiz.id],
    );
    const r = rows.rows[0]!;
    expect(quiz.stats).toMatchObject({
      attempts: r.n,
      students: r.students,
      passRate: Math.round((r.passed / r.students) * 100),
      averageScore: r.avg,
    });
    expect(quiz.stats.hardestQuestion).toMatchObject({ position: expect.any(Number), answered: r.n });
    // The hardest is the one with the lowest share right.
    const shares = quiz.questions.map(async (q) =>
      scalar(
        t.pool,
        `select round(100.0 * count(*) filter (where (x->>'correct')::boolean) / count(*))::int
           from quiz_attempts a cross join lateral jsonb_array_elements(a.results) x
          where a.quiz_id = $1 and x->>'questionId' = $2`,
        [quiz.id, q.id],
      ),
    );
    const lowest = Math.min(...(await Promise.all(shares)).map(Number));
    expect(quiz.stats.hardestQuestion!.rightPercent).toBe(lowest);

    // The analytics screen shows the same figures, from the same attempts.
    const analytics = (await inject('GET', '/api/admin/analytics', admin)).json();
    const row = analytics.quizzes.quizzes.find((x: { quizId: string }) => x.quizId === quiz.id);
    expect(row).toMatchObject({
      attempts: quiz.stats.attempts,
      passRate: quiz.stats.passRate,
      averageScore: quiz.stats.averageScore,
      hardestQuestion: { position: quiz.stats.hardestQuestion!.position, rightPercent: lowest, answered: r.n },
      lesson: { id: quizLesson, title: 'Quiz lesson' },
    });
    expect(analytics.quizzes.attempts).toBe(await scalar(t.pool, 'select count(*)::int from quiz_attempts'));
  });

  it('deletes a quiz: the lesson is back to Mark Complete', async () => {
    const del = await inject('DELETE', `/api/admin/lessons/${otherLesson}/quiz`, admin);
    expect(del.statusCode).toBe(204);
    expect((await inject('DELETE', `/api/admin/lessons/${otherLesson}/quiz`, admin)).statusCode).toBe(404);
    const s = await student('after-delete');
    await completeLesson(t.db, s.id, quizLesson);
    expect((await inject('PUT', `/api/lessons/${otherLesson}/progress`, s.cookie, { status: 'completed' })).statusCode).toBe(200);
  });
});
