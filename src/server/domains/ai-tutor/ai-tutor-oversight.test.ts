import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AiTutorMessages,
  AiTutorOversightMessages,
  type AiTutorAllowance,
  type TutorConversationResponse,
  type TutorOverseenConversation,
  type TutorStreamEvent,
} from '../../../common/ai-tutor';
import { startFakeOpenAI, type FakeOpenAI } from '@test-support/fake-openai';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { aiTutorAllowances, courses, exercises, exerciseTests, tutorConversations, tutorMessages } from '../../platform/db/schema/index';
import { HINT_LEVEL_RULES, STRICTER_RULE } from './ai-tutor.prompt';
import { readConversationForTutor } from './ai-tutor-oversight.service';

/*
 * The tutor oversees the AI tutor: the leak guard keeps a solution from reaching the student, the
 * help climbs hint levels with 'More Help', daily limits are per course and per student, and the
 * tutor reads every conversation with what the guard did.
 */

const SITE_DAILY = 50;
const REFERENCE = `#include <stdio.h>

long factorial(int n) {
    long result = 1;
    for (int i = 2; i <= n; i++) {
        result *= i;
    }
    return result;
}

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    printf("%ld\\n", factorial(n));
    return 0;
}
`;
const RENAMED = `#include <stdio.h>
long f(int count) { long acc = 1; for (int k = 2; k <= count; k++) { acc *= k; } return acc; }
int main(void) { int x; if (scanf("%d", &x) != 1) return 1; printf("%ld\\n", f(x)); return 0; }`;
const STARTER = '#include <stdio.h>\n\nint main(void) {\n    /* Read n and print n! */\n    return 0;\n}\n';
const HIDDEN_OUTPUT = '6227020800';
const HARMLESS =
  'Think about what `n!` means: multiply the numbers from 1 to n. A loop that adds instead looks like this:\n\n```c\nint total = 0;\nfor (int k = 1; k <= 3; k++) {\n    total += k;\n}\n```\n\nWhat would you change to multiply?';
const fenced = (code: string) => `Here is how you can do it:\n\n\`\`\`c\n${code}\n\`\`\`\n\nGood luck!`;

let fake: FakeOpenAI;
let t: TestContext;
let admin: string;
let course: Awaited<ReturnType<typeof seedCourse>>;
let lessonId: string;
let otherLessonId: string;
let exerciseId: string;
/** A second course the students are enrolled in: its questions count apart. */
let otherCourse: Awaited<ReturnType<typeof seedCourse>>;

type Student = { id: string; cookie: string };
async function newStudent(): Promise<Student> {
  const email = `o-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const user = await createUser(t.db, email);
  await enroll(t.db, user.id, course.course.id);
  await enroll(t.db, user.id, otherCourse.course.id);
  return { id: user.id, cookie: await t.signIn(email) };
}

const ask = (s: Student, payload: object, lesson = lessonId) =>
  t.app.inject({ method: 'POST', url: `/api/lessons/${lesson}/tutor/messages`, headers: { cookie: s.cookie }, payload });
const askAboutExercise = (s: Student, extra: object = {}, content = 'How do I compute it?') =>
  ask(s, { content, practice: { exerciseId, code: STARTER }, ...extra });
const getTutor = (s: Student, lesson = lessonId) =>
  t.app.inject({ method: 'GET', url: `/api/lessons/${lesson}/tutor`, headers: { cookie: s.cookie } });
const asAdmin = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

function events(res: LightMyRequestResponse): TutorStreamEvent[] {
  expect(res.statusCode, res.body).toBe(200);
  return res.body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as TutorStreamEvent);
}

/** What the student's screen shows of a streamed answer: the words, cleared at each 'retry'. */
function shown(evs: TutorStreamEvent[]): string {
  let text = '';
  for (const e of evs) {
    if (e.type === 'delta') text += e.text;
    if (e.type === 'retry') text = '';
  }
  return text;
}
/** Every word that ever reached the student, withdrawn or not. */
const everSent = (evs: TutorStreamEvent[]) => evs.map((e) => (e.type === 'delta' ? e.text : '')).join('');

const conversationsOf = async (studentId: string, cookie = admin) => {
  const res = await asAdmin('GET', `/api/admin/students/${studentId}/ai-conversations`, undefined, cookie);
  return res;
};

beforeAll(async () => {
  fake = await startFakeOpenAI();
  afterAll(() => fake.close());
  t = await createTestApp({
    env: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'k', AI_MODEL: 'tutor-test-model', AI_DAILY_MESSAGES: String(SITE_DAILY) },
  });
  admin = await t.signIn(ADMIN);
  course = await seedCourse(t.db, {
    title: 'C basics',
    chapters: [{ title: 'Loops', lessons: [{ title: 'Factorials' }, { title: 'Reading' }] }],
  });
  [lessonId, otherLessonId] = course.lessonIds[0]! as [string, string];
  otherCourse = await seedCourse(t.db, { title: 'Java basics', chapters: [{ title: 'Classes', lessons: [{ title: 'Objects' }] }] });
  // Straight into the database: the guard reads the exercise as stored, no grading is needed here.
  const [x] = await t.db
    .insert(exercises)
    .values({
      lessonId,
      position: 1,
      title: 'Factorial',
      statement: 'Read n and print n! (the product of 1 to n). For 5 your program prints 120.',
      language: 'c',
      starterCode: STARTER,
      referenceSolution: REFERENCE,
    })
    .returning();
  exerciseId = x!.id;
  await t.db.insert(exerciseTests).values([
    { exerciseId, position: 1, input: '5\n', expectedOutput: '120\n' },
    { exerciseId, position: 2, input: '13\n', expectedOutput: `${HIDDEN_OUTPUT}\n`, hidden: true },
  ]);
});

beforeEach(() => fake.reset());

describe('the leak guard', () => {
  it('(a) the reference solution verbatim never reaches the student: asked again, then withheld; the tutor sees both', async () => {
    const s = await newStudent();
    fake.enqueue({ kind: 'reply', text: fenced(REFERENCE) }, { kind: 'reply', text: fenced(REFERENCE) });
    const evs = events(await askAboutExercise(s));
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages![0]!.content).toContain(STRICTER_RULE);
    expect(fake.requests[0]!.body.messages![0]!.content).not.toContain(STRICTER_RULE);
    // Nothing of the code ever went out: the prose before it did, and was withdrawn.
    expect(everSent(evs)).not.toContain('factorial');
    expect(everSent(evs)).not.toContain('result *=');
    expect(evs.filter((e) => e.type === 'retry')).toHaveLength(2);
    expect(shown(evs)).toBe(AiTutorMessages.guardRefusal);
    const done = evs.find((e) => e.type === 'done')!;
    expect(done.type === 'done' && done.message).toMatchObject({ content: AiTutorMessages.guardRefusal, guardOutcome: 'withheld' });
    expect(done.type === 'done' && 'withheldContent' in done.message).toBe(false);

    // The student reads the refusal again later, never what was withheld.
    const mine = (await getTutor(s)).json<TutorConversationResponse>();
    expect(JSON.stringify(mine)).not.toContain('result *=');

    const [conversation] = (await conversationsOf(s.id)).json<{ conversations: TutorOverseenConversation[] }>().conversations;
    const answer = conversation!.messages[1]!;
    expect(answer).toMatchObject({ role: 'assistant', content: AiTutorMessages.guardRefusal, guardOutcome: 'withheld' });
    expect(answer.withheldContent).toContain('result *= i;');
  });

  it('(b) the reference with renamed variables is caught too: the stricter second answer is what the student reads', async () => {
    const s = await newStudent();
    fake.enqueue({ kind: 'reply', text: fenced(RENAMED) }, { kind: 'reply', text: HARMLESS });
    const evs = events(await askAboutExercise(s));
    expect(everSent(evs)).not.toContain('acc *= k');
    expect(shown(evs)).toBe(HARMLESS);
    const [row] = await t.db
      .select()
      .from(tutorMessages)
      .innerJoin(tutorConversations, eq(tutorConversations.id, tutorMessages.conversationId))
      .where(and(eq(tutorConversations.userId, s.id), eq(tutorMessages.role, 'assistant')));
    expect(row!.tutor_messages).toMatchObject({ content: HARMLESS, guardOutcome: 'regenerated' });
    expect(row!.tutor_messages.withheldContent).toContain('acc *= k;');
  });

  it('(c) a harmless hint with a small unrelated example passes unchanged, streamed as it came', async () => {
    const s = await newStudent();
    fake.enqueue({ kind: 'reply', text: HARMLESS });
    const evs = events(await askAboutExercise(s));
    expect(fake.requests).toHaveLength(1);
    expect(evs.some((e) => e.type === 'retry')).toBe(false);
    expect(shown(evs)).toBe(HARMLESS);
    // The prose before the code block went out before the block was complete: several pieces, not one.
    expect(evs.filter((e) => e.type === 'delta').length).toBeGreaterThan(2);
    const done = evs.find((e) => e.type === 'done');
    expect(done?.type === 'done' && done.message.guardOutcome).toBeUndefined();
  });

  it("a hidden test's expected output written out is caught", async () => {
    const s = await newStudent();
    fake.enqueue({ kind: 'reply', text: `For 13 the hidden test expects ${HIDDEN_OUTPUT}.` }, { kind: 'reply', text: HARMLESS });
    const evs = events(await askAboutExercise(s));
    expect(shown(evs)).toBe(HARMLESS);
  });

  it('does not check answers outside an exercise: the reference is not known there', async () => {
    const s = await newStudent();
    fake.enqueue({ kind: 'reply', text: fenced(REFERENCE) });
    const evs = events(await ask(s, { content: 'Show me a factorial in C' }, otherLessonId));
    expect(shown(evs)).toBe(fenced(REFERENCE));
  });
});

describe('hint levels', () => {
  it("start at 1 in an exercise, climb with 'More Help' to 3 and stay there; stored on the question", async () => {
    const s = await newStudent();
    const first = events(await askAboutExercise(s));
    const conversationId = first[0]!.type === 'start' ? first[0]!.conversationId : '';
    expect(fake.lastRequest()!.body.messages![0]!.content).toContain(HINT_LEVEL_RULES[1]);
    const levels: number[] = [];
    for (let i = 0; i < 3; i++) {
      const evs = events(await askAboutExercise(s, { moreHelp: true, conversationId }, AiTutorMessages.moreHelpQuestion));
      const start = evs[0]!;
      levels.push(start.type === 'start' ? start.userMessage.hintLevel! : 0);
    }
    expect(levels).toEqual([2, 3, 3]);
    expect(fake.lastRequest()!.body.messages![0]!.content).toContain(HINT_LEVEL_RULES[3]);
    // A plain question keeps the level the conversation reached.
    events(await askAboutExercise(s, { conversationId }));
    expect(fake.lastRequest()!.body.messages![0]!.content).toContain(HINT_LEVEL_RULES[3]);
    const stored = await t.db
      .select()
      .from(tutorMessages)
      .where(eq(tutorMessages.conversationId, conversationId))
      .orderBy(tutorMessages.seq);
    expect(stored.filter((m) => m.role === 'user').map((m) => m.hintLevel)).toEqual([1, 2, 3, 3, 3]);
    const [conversation] = (await conversationsOf(s.id)).json<{ conversations: TutorOverseenConversation[] }>().conversations;
    expect(conversation!.messages.filter((m) => m.role === 'user').map((m) => m.hintLevel)).toEqual([1, 2, 3, 3, 3]);
  });

  it("has no level outside an exercise, and 'More Help' without an exercise is refused with nothing stored", async () => {
    const s = await newStudent();
    events(await ask(s, { content: 'What is a loop?' }, otherLessonId));
    expect(fake.lastRequest()!.body.messages![0]!.content).not.toContain('HINT LEVEL');
    const refused = await ask(s, { content: 'More', moreHelp: true });
    expect(refused.statusCode).toBe(400);
    expect(errorMessage(refused)).toBe(AiTutorMessages.moreHelpNeedsExercise);
    const rows = await t.db.select().from(tutorConversations).where(eq(tutorConversations.userId, s.id));
    expect(rows).toHaveLength(1);
  });
});

describe('daily limits per course and per student', () => {
  const allowancesOf = async (studentId: string) =>
    (await asAdmin('GET', `/api/admin/students/${studentId}/ai-tutor-allowances`)).json<{ allowances: AiTutorAllowance[] }>().allowances;

  it("the course's limit, then the student's own over it, then back; only that course's questions count", async () => {
    const s = await newStudent();
    const other = await newStudent();
    expect((await getTutor(s)).json<TutorConversationResponse>().budget).toMatchObject({ limit: SITE_DAILY, source: 'site' });

    const set = await asAdmin('PUT', `/api/admin/courses/${course.course.id}/ai-tutor-limit`, { dailyMessages: 2 });
    expect(set.statusCode, set.body).toBe(200);
    events(await ask(s, { content: 'one' }));
    // A question in another course does not count here.
    events(await ask(s, { content: 'elsewhere' }, otherCourse.lessonIds[0]![0]!));
    expect((await getTutor(s)).json<TutorConversationResponse>().budget).toMatchObject({
      limit: 2,
      used: 1,
      remaining: 1,
      source: 'course',
    });
    events(await ask(s, { content: 'two' }));
    const spent = await ask(s, { content: 'three' });
    expect(spent.statusCode).toBe(429);
    expect(errorMessage(spent)).toBe(AiTutorMessages.budgetSpent(2));

    // The student's own allowance: more for them, and for nobody else.
    const own = await asAdmin('PUT', `/api/admin/students/${s.id}/ai-tutor-allowances/${course.course.id}`, { dailyMessages: 4 });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<AiTutorAllowance>()).toMatchObject({
      courseDailyMessages: 2,
      studentDailyMessages: 4,
      effectiveDailyMessages: 4,
      usedToday: 2,
    });
    expect((await getTutor(s)).json<TutorConversationResponse>().budget).toMatchObject({ limit: 4, remaining: 2, source: 'student' });
    events(await ask(s, { content: 'three' }));
    expect((await getTutor(other)).json<TutorConversationResponse>().budget).toMatchObject({ limit: 2, source: 'course' });

    const listed = await allowancesOf(s.id);
    expect(listed.map((a) => [a.courseTitle, a.effectiveDailyMessages, a.usedToday])).toEqual([
      ['C basics', 4, 3],
      ['Java basics', SITE_DAILY, 1],
    ]);

    // Removed: the course's limit applies again, and today's three questions are over it.
    const removed = await asAdmin('DELETE', `/api/admin/students/${s.id}/ai-tutor-allowances/${course.course.id}`);
    expect(removed.json<AiTutorAllowance>()).toMatchObject({ studentDailyMessages: null, effectiveDailyMessages: 2 });
    expect((await ask(s, { content: 'four' })).statusCode).toBe(429);

    // Zero stops a student for the day; null gives the course back the site's default.
    await asAdmin('PUT', `/api/admin/students/${other.id}/ai-tutor-allowances/${course.course.id}`, { dailyMessages: 0 });
    expect((await ask(other, { content: 'hi' })).statusCode).toBe(429);
    await asAdmin('PUT', `/api/admin/courses/${course.course.id}/ai-tutor-limit`, { dailyMessages: null });
    const [row] = await t.db.select({ daily: courses.aiTutorDailyMessages }).from(courses).where(eq(courses.id, course.course.id));
    expect(row!.daily).toBeNull();
    expect((await getTutor(s)).json<TutorConversationResponse>().budget).toMatchObject({ limit: SITE_DAILY, source: 'site' });
    await asAdmin('DELETE', `/api/admin/students/${other.id}/ai-tutor-allowances/${course.course.id}`);
  });

  it('refuses bad limits and unknown students or courses with a clear message, writing nothing', async () => {
    const s = await newStudent();
    const outsider = await createUser(t.db, `n-${crypto.randomBytes(4).toString('hex')}@example.com`);
    const missing = crypto.randomUUID();
    const put = (studentId: string, courseId: string, body: object) =>
      asAdmin('PUT', `/api/admin/students/${studentId}/ai-tutor-allowances/${courseId}`, body);
    for (const dailyMessages of [-1, 1001, 2.5, 'ten', null]) {
      const res = await put(s.id, course.course.id, { dailyMessages });
      expect(res.statusCode, String(dailyMessages)).toBe(400);
      expect(errorMessage(res)).toBe(AiTutorOversightMessages.dailyMessagesInvalid);
      const courseRes = await asAdmin('PUT', `/api/admin/courses/${course.course.id}/ai-tutor-limit`, {
        dailyMessages: dailyMessages ?? -5,
      });
      expect(courseRes.statusCode).toBe(400);
      expect(errorMessage(courseRes)).toBe(AiTutorOversightMessages.dailyMessagesInvalid);
    }
    const cases: [string, string, string][] = [
      [missing, course.course.id, AiTutorOversightMessages.studentNotFound],
      ['not-a-uuid', course.course.id, AiTutorOversightMessages.studentNotFound],
      [s.id, missing, AiTutorOversightMessages.courseNotFound],
      [outsider.id, course.course.id, AiTutorOversightMessages.notEnrolled],
    ];
    for (const [studentId, courseId, message] of cases) {
      const res = await put(studentId, courseId, { dailyMessages: 5 });
      expect(res.statusCode).toBe(404);
      expect(errorMessage(res)).toBe(message);
    }
    const unknownCourse = await asAdmin('PUT', `/api/admin/courses/${missing}/ai-tutor-limit`, { dailyMessages: 5 });
    expect(unknownCourse.statusCode).toBe(404);
    expect(errorMessage(unknownCourse)).toBe(AiTutorOversightMessages.courseNotFound);
    // The admin is not a student with allowances.
    const adminId = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: admin } })).json<{ user: { id: string } }>()
      .user.id;
    expect((await asAdmin('GET', `/api/admin/students/${adminId}/ai-tutor-allowances`)).statusCode).toBe(404);
    expect(await t.db.select().from(aiTutorAllowances).where(eq(aiTutorAllowances.studentId, s.id))).toEqual([]);
  });
});

describe("the tutor's reading of conversations", () => {
  it('lists every conversation of the student by lesson, with every message; one conversation reads alone too', async () => {
    const s = await newStudent();
    fake.enqueue({ kind: 'reply', text: 'First answer.' }, { kind: 'reply', text: 'Second answer.' });
    events(await ask(s, { content: 'About factorials' }));
    events(await ask(s, { content: 'About reading' }, otherLessonId));
    const res = await conversationsOf(s.id);
    expect(res.statusCode).toBe(200);
    const { conversations, student } = res.json<{ conversations: TutorOverseenConversation[]; student: { id: string } }>();
    expect(student.id).toBe(s.id);
    expect(conversations.map((c) => [c.lessonTitle, c.courseTitle, c.messages.map((m) => m.content)])).toEqual([
      ['Reading', 'C basics', ['About reading', 'Second answer.']],
      ['Factorials', 'C basics', ['About factorials', 'First answer.']],
    ]);
    const one = await asAdmin('GET', `/api/admin/ai-conversations/${conversations[1]!.id}`);
    expect(one.json<TutorOverseenConversation>()).toEqual(conversations[1]);
    expect(await readConversationForTutor(t.db, conversations[1]!.id)).toEqual(conversations[1]);
    expect(await readConversationForTutor(t.db, crypto.randomUUID())).toBeNull();
    expect((await asAdmin('GET', `/api/admin/ai-conversations/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it("a student never reads another's conversations, nor their own through the tutor's routes", async () => {
    const s = await newStudent();
    const nosy = await newStudent();
    const evs = events(await ask(s, { content: 'Private question' }));
    const conversationId = evs[0]!.type === 'start' ? evs[0]!.conversationId : '';
    for (const url of [
      `/api/admin/students/${s.id}/ai-conversations`,
      `/api/admin/students/${nosy.id}/ai-conversations`,
      `/api/admin/ai-conversations/${conversationId}`,
      `/api/admin/students/${s.id}/ai-tutor-allowances`,
    ]) {
      const res = await asAdmin('GET', url, undefined, nosy.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('Private question');
    }
    expect(
      (await asAdmin('PUT', `/api/admin/students/${nosy.id}/ai-tutor-allowances/${course.course.id}`, { dailyMessages: 999 }, nosy.cookie))
        .statusCode,
    ).toBe(403);
    // Their own panel shows their own conversation only; continuing someone else's is refused.
    expect(JSON.stringify((await getTutor(nosy)).json())).not.toContain('Private question');
    const hijack = await ask(nosy, { content: 'mine now', conversationId });
    expect(hijack.statusCode).toBe(404);
  });
});
