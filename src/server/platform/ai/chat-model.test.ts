import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@test-support/fake-openai';
import { EnvError, loadEnv } from '../env';
import { ANSWER_DEADLINE_FACTOR, ChatModelError, createChatModel, isAiConfigured } from './chat-model';

const base = { NODE_ENV: 'test' };

describe('AI settings', () => {
  it('default to temperature 0.7, 300 tokens, 50 questions a day, a 30 s timeout, and no model', () => {
    const { ai } = loadEnv(base);
    expect(ai).toEqual({
      baseUrl: undefined,
      apiKey: undefined,
      model: undefined,
      temperature: 0.7,
      maxTokens: 300,
      dailyMessages: 50,
      timeoutMs: 30_000,
    });
    expect(isAiConfigured(ai)).toBe(false);
    expect(createChatModel(ai)).toBeNull();
  });

  it('are read from the environment; a model needs OPENAI_BASE_URL and AI_MODEL, the key is optional', () => {
    const { ai } = loadEnv({
      ...base,
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'llama3.2',
      AI_TEMPERATURE: '0.2',
      AI_MAX_TOKENS: '500',
      AI_DAILY_MESSAGES: '10',
      AI_TIMEOUT_MS: '5000',
    });
    expect(ai).toMatchObject({ temperature: 0.2, maxTokens: 500, dailyMessages: 10, timeoutMs: 5000, apiKey: undefined });
    expect(isAiConfigured(ai)).toBe(true);
    expect(isAiConfigured({ ...ai, model: undefined })).toBe(false);
    expect(isAiConfigured({ ...ai, baseUrl: undefined })).toBe(false);
  });

  it.each([
    ['AI_TEMPERATURE', '3'],
    ['AI_TEMPERATURE', 'warm'],
    ['AI_MAX_TOKENS', '0'],
    ['AI_DAILY_MESSAGES', '-1'],
    ['AI_TIMEOUT_MS', '1.5'],
    ['OPENAI_BASE_URL', 'ftp://example.com/v1'],
  ])('refuse %s=%s, naming the variable', (name, value) => {
    expect(() => loadEnv({ ...base, [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ ...base, [name]: value })).toThrow(new RegExp(name));
  });
});

describe('the chat model', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  const model = () => createChatModel({ ...loadEnv(base).ai, baseUrl: fake.baseUrl, model: 'm', timeoutMs: 300 })!;

  it('streams the pieces to onDelta and resolves with the whole text', async () => {
    const pieces: string[] = [];
    const text = await model().streamChat([{ role: 'user', content: '[[fake:reply]]one two three four five' }], {
      onDelta: (p) => pieces.push(p),
    });
    expect(text).toBe('one two three four five');
    expect(pieces).toEqual(['one two three ', 'four five']);
    expect(fake.lastRequest()!.authorization).toBe('Bearer not-needed');
  });

  it.each([
    ['[[fake:fail:503]]', 'provider'],
    ['[[fake:fail:401]]', 'provider'],
    ['[[fake:hang]]', 'timeout'],
    ['[[fake:stall]]', 'timeout'],
    ['[[fake:trickle]]', 'timeout'],
  ])('%s fails as %s', async (content, kind) => {
    const err = await model()
      .streamChat([{ role: 'user', content }], { onDelta: () => {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChatModelError);
    expect((err as ChatModelError).kind).toBe(kind);
  });

  it('a provider that keeps sending text but never finishes is stopped at the answer deadline', async () => {
    const started = Date.now();
    const pieces: string[] = [];
    fake.enqueue({ kind: 'reply', text: 'word '.repeat(200), chunkDelayMs: 100 });
    const err = await model()
      .streamChat([{ role: 'user', content: 'a long answer, please' }], { onDelta: (p) => pieces.push(p) })
      .catch((e: unknown) => e);
    expect((err as ChatModelError).kind).toBe('timeout');
    expect(pieces.length).toBeGreaterThan(3);
    expect(Date.now() - started).toBeLessThan(300 * ANSWER_DEADLINE_FACTOR + 3000);
  });

  it('an unreachable provider fails as provider', async () => {
    const m = createChatModel({ ...loadEnv(base).ai, baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000 })!;
    const err = await m.streamChat([{ role: 'user', content: 'hi' }], { onDelta: () => {} }).catch((e: unknown) => e);
    expect((err as ChatModelError).kind).toBe('provider');
  });

  it('stops, as aborted, when the caller aborts', async () => {
    const leave = new AbortController();
    const pending = model().streamChat([{ role: 'user', content: '[[fake:slow:100]]' }], {
      signal: leave.signal,
      onDelta: () => leave.abort(),
    });
    const err = await pending.catch((e: unknown) => e);
    expect((err as ChatModelError).kind).toBe('aborted');
    await expect.poll(() => fake.lastRequest()!.closedByClient).toBe(true);
  });
});
