import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_QUESTIONS, type TutorStreamEvent } from '../../../common/ai-tutor';
import { startFakeMedia, type FakeMedia } from '@test-support/fake-media';
import { startFakeOpenAI, type FakeOpenAI } from '@test-support/fake-openai';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { tutorMessages } from '../../platform/db/schema/index';
import { createUser, enroll, seedCourse, tempDataDir } from '@test-support/fixtures/users-and-courses';
import { citedSources } from './web-sources';

const SEARCH_LIMIT = 3;
const SEARCH_TIMEOUT_MS = 300;

let chat: FakeOpenAI;
let web: FakeMedia;
let t: TestContext;
let courseId: string;
let lesson: string;

beforeAll(async () => {
  chat = await startFakeOpenAI();
  web = await startFakeMedia();
  afterAll(() => Promise.all([chat.close(), web.close()]));
  t = await createTestApp({
    env: {
      DATA_DIR: await tempDataDir(),
      OPENAI_BASE_URL: chat.baseUrl,
      AI_MODEL: 'tutor-model',
      SEARCH_URL: web.searchUrl,
      SEARCH_API_KEY: 'search-key',
      READER_URL: web.readerUrl,
      SEARCH_DAILY_LIMIT: String(SEARCH_LIMIT),
      SEARCH_TIMEOUT_MS: String(SEARCH_TIMEOUT_MS),
      CODE_SENDS_PER_CLIENT_PER_HOUR: '1000',
    },
  });
  const course = await seedCourse(t.db, { chapters: [{ title: 'Memory', lessons: [{ title: 'Pointers' }] }] });
  courseId = course.course.id;
  lesson = course.lessonIds[0]![0]!;
});

async function student() {
  const email = `w-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const user = await createUser(t.db, email);
  await enroll(t.db, user.id, courseId);
  return t.signIn(email);
}

function events(res: LightMyRequestResponse): TutorStreamEvent[] {
  return res.body
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)) as TutorStreamEvent);
}

async function ask(cookie: string, content: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/lessons/${lesson}/tutor/messages`,
    headers: { cookie },
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(200);
  const all = events(res);
  const last = all[all.length - 1]!;
  return { events: all, last, done: last.type === 'done' ? last : undefined };
}

const systemPrompt = () => chat.lastRequest()!.body.messages![0]!.content;

describe('web sources for the tutor (SEARCH_URL)', () => {
  it('are in the public configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json().media).toMatchObject({ webSources: true, thumbnails: false, speech: false, transcription: false });
    expect(res.body).not.toContain('search-key');
  });

  it('searches the question, gives the model up to 3 results as data, and keeps the cited ones under the answer', async () => {
    const cookie = await student();
    web.reset();
    const { done } = await ask(
      cookie,
      'How does malloc find free memory? [[fake:reply]]The allocator keeps free lists [2], and asks the OS for more [1].',
    );
    expect(done, 'the answer finished').toBeDefined();

    const [search] = web.of('search');
    expect(search!.query.q).toContain('How does malloc find free memory?');
    expect(search!.authorization).toBe('Bearer search-key');
    const prompt = systemPrompt();
    expect(prompt).toContain('<web_results>');
    expect(prompt).toContain('[1] Result 1 about How does malloc');
    expect(prompt).toContain('URL: https://example.org/page-3');
    expect(prompt).not.toContain('javascript:');
    expect(prompt).not.toContain('page-4');
    // Results that came with text are not read again.
    expect(web.of('reader')).toEqual([]);

    const sources = [
      { n: 1, title: expect.stringContaining('Result 1'), url: 'https://example.org/page-1' },
      { n: 2, title: expect.stringContaining('Result 2'), url: 'https://example.org/page-2' },
    ];
    expect(done!.message.sources).toEqual(sources);
    const [stored] = await t.db.select().from(tutorMessages).where(eq(tutorMessages.id, done!.message.id));
    expect(stored!.sources).toEqual(sources);
    const conversation = await t.app.inject({ method: 'GET', url: `/api/lessons/${lesson}/tutor`, headers: { cookie } });
    expect(conversation.json().messages.at(-1).sources).toEqual(sources);
  });

  it('shows no sources when the answer cites none (the lesson covered it), or only numbers in code', async () => {
    const cookie = await student();
    const plain = await ask(cookie, 'What is a pointer? [[fake:reply]]A pointer holds an address, as the lesson says.');
    expect(plain.done!.message).not.toHaveProperty('sources');
    const code = await ask(cookie, 'Arrays? [[fake:reply]]Use `a[1]` or\n\n```c\nint x = arr[2];\n```\n\nand never [7].');
    expect(code.done!.message).not.toHaveProperty('sources');
  });

  it('reads the pages a search gave no text for, through the reader (READER_URL)', async () => {
    const cookie = await student();
    web.reset();
    await ask(cookie, 'What is a dangling pointer? [[search:notext]]');
    expect(web.of('reader').map((r) => r.body.url)).toEqual([
      'https://example.org/page-1',
      'https://example.org/page-2',
      'https://example.org/page-3',
    ]);
    expect(systemPrompt()).toContain('The text of https://example.org/page-2.');
  });

  it.each([
    ['an HTTP failure', '[[media:fail:500]]'],
    ['an HTTP failure without error field', '[[media:bare:503]]'],
    ['a 401', '[[media:fail:401]]'],
    ['a body code other than 200', '[[search:code:402]]'],
    ['a body status other than 20000', '[[search:status:40001]]'],
    ['an answer that is not JSON', '[[media:bad]]'],
    ['no answer within SEARCH_TIMEOUT_MS', '[[media:hang]]'],
  ])('never block the answer: after %s the tutor answers without web results', async (_label, directive) => {
    const cookie = await student();
    const started = Date.now();
    const { done } = await ask(cookie, `Why does my program crash? ${directive}`);
    expect(done, 'the answer finished').toBeDefined();
    expect(done!.message.sources).toBeUndefined();
    expect(systemPrompt()).not.toContain('<web_results>');
    expect(Date.now() - started).toBeLessThan(SEARCH_TIMEOUT_MS + 3000);
  });

  it('skip the quick questions, which are about the lesson itself', async () => {
    const cookie = await student();
    web.reset();
    const { done } = await ask(cookie, QUICK_QUESTIONS[0]);
    expect(done).toBeDefined();
    expect(web.of('search')).toEqual([]);
  });

  it('have a daily budget per student (SEARCH_DAILY_LIMIT): past it, answers come without searching', async () => {
    const cookie = await student();
    web.reset();
    for (let i = 0; i < SEARCH_LIMIT + 2; i++) expect((await ask(cookie, `Question number ${i}?`)).done).toBeDefined();
    expect(web.of('search')).toHaveLength(SEARCH_LIMIT);
  });
});

describe('citedSources', () => {
  const results = [1, 2, 3].map((i) => ({ title: `T${i}`, url: `https://e.org/${i}`, snippet: '' }));
  it('keeps cited numbers in order, once each, within the results', () => {
    expect(citedSources('See [3], then [1] and [3] again; not [4] or [0].', results).map((s) => s.n)).toEqual([1, 3]);
  });
  it('ignores indexes in code, indexes glued to a word, and Markdown links', () => {
    expect(citedSources('`x[1]` arr[2] [3](https://e.org) ```\n[1]\n```', results)).toEqual([]);
  });
});
