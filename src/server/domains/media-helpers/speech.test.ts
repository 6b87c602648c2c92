import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaMessages, RECORDING_MAX_BYTES, SPEECH_TEXT_MAX } from '../../../common/media-helpers';
import { startFakeMedia, TRANSCRIPT, wavBytes, webmBytes, type FakeMedia } from '@test-support/fake-media';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { mediaUsage } from '../../platform/db/schema/index';
import {
  ADMIN,
  CAROL,
  createUser,
  enroll,
  errorMessage,
  multipartBody,
  pdfBytes,
  seedCourse,
  tempDataDir,
} from '@test-support/fixtures/users-and-courses';

const TIMEOUT_MS = 400;
const TTS_LIMIT = 3;
const STT_LIMIT = 2;

let fake: FakeMedia;
let t: TestContext;
let admin: string;
let lesson: string;
let courseId: string;
let foreignLesson: string;

beforeAll(async () => {
  fake = await startFakeMedia();
  afterAll(() => fake.close());
  // Speech and transcription through OPENAI_BASE_URL / OPENAI_API_KEY, the tutor's provider (no AI_MODEL: the tutor itself is off).
  t = await createTestApp({
    env: {
      DATA_DIR: await tempDataDir(),
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'shared-key',
      TTS_MODEL: 'voice-model',
      TTS_VOICE: 'nova',
      TTS_DAILY_LIMIT: String(TTS_LIMIT),
      TTS_TIMEOUT_MS: String(TIMEOUT_MS),
      STT_MODEL: 'ears-model',
      STT_DAILY_LIMIT: String(STT_LIMIT),
      STT_TIMEOUT_MS: String(TIMEOUT_MS),
      // Every student here signs in from the one test client.
      CODE_SENDS_PER_CLIENT_PER_HOUR: '1000',
    },
  });
  admin = await t.signIn(ADMIN);
  const course = await seedCourse(t.db, { chapters: [{ title: 'Pointers', lessons: [{ title: 'Addresses' }] }] });
  courseId = course.course.id;
  lesson = course.lessonIds[0]![0]!;
  foreignLesson = (await seedCourse(t.db, { chapters: [{ title: 'Other', lessons: [{ title: 'Elsewhere' }] }] })).lessonIds[0]![0]!;
});

/** A fresh approved student enrolled in the course: each test has its own day's budget. */
async function student() {
  const email = `s-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const user = await createUser(t.db, email);
  await enroll(t.db, user.id, courseId);
  return t.signIn(email);
}

const speak = (cookie: string, payload: unknown, lessonId = lesson) =>
  t.app.inject({ method: 'POST', url: `/api/lessons/${lessonId}/speech`, headers: { cookie }, payload: payload as object });
const transcribe = (cookie: string, data: Buffer | null, opts: { lessonId?: string; field?: string; filename?: string } = {}) => {
  const body = multipartBody(
    data && { field: opts.field ?? 'audio', filename: opts.filename ?? 'question.webm', contentType: 'audio/webm', data },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/lessons/${opts.lessonId ?? lesson}/transcriptions`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
};
const usageRows = () => t.db.select().from(mediaUsage);

describe('reading aloud (text-to-speech)', () => {
  it('answers the audio for an enrolled student: TTS_MODEL and TTS_VOICE, through the tutor provider with its key', async () => {
    const cookie = await student();
    fake.reset();
    const res = await speak(cookie, { text: '  Pointers hold addresses.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload).toEqual(wavBytes());
    expect(fake.of('speech')).toEqual([
      expect.objectContaining({
        authorization: 'Bearer shared-key',
        body: { model: 'voice-model', voice: 'nova', input: 'Pointers hold addresses.', response_format: 'mp3' },
      }),
    ]);
  });

  it.each([
    [{}, MediaMessages.textRequired],
    [{ text: '   ' }, MediaMessages.textRequired],
    [{ text: 42 }, MediaMessages.textRequired],
    [{ text: 'x'.repeat(SPEECH_TEXT_MAX + 1) }, MediaMessages.textTooLong],
  ])('refuses %j with 400 and the rule, without calling the provider or spending the budget', async (payload, message) => {
    const cookie = await student();
    fake.reset();
    const before = (await usageRows()).length;
    const res = await speak(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe(message);
    expect(fake.requests).toEqual([]);
    expect((await usageRows()).length).toBe(before);
  });

  it('is only for lessons the caller may study', async () => {
    const cookie = await student();
    fake.reset();
    expect((await speak(cookie, { text: 'Hi' }, foreignLesson)).statusCode).toBe(403);
    expect((await speak(cookie, { text: 'Hi' }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await speak(await t.signIn(CAROL), { text: 'Hi' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/lessons/${lesson}/speech`, payload: { text: 'Hi' } })).statusCode).toBe(401);
    expect(fake.requests).toEqual([]);
  });

  it.each([
    ['[[media:fail:500]]', 502, 'fake speech failure 500', 'Read Aloud Failed'],
    ['[[media:bare:429]]', 502, 'Failed to generate speech (Status: 429)', 'Read Aloud Failed'],
    ['[[media:fail:401]]', 502, MediaMessages.authFailed('speech'), 'Authentication Failed'],
    ['[[media:fail:403]]', 502, MediaMessages.authFailed('speech'), 'Authentication Failed'],
    ['[[media:bad]]', 502, MediaMessages.badAnswer('speech'), 'Read Aloud Failed'],
    ['[[media:hang]]', 504, 'Failed to generate speech: no answer within 0.4 seconds.', 'Read Aloud Failed'],
  ])('a provider answer %s becomes %i with the message and title that say what failed', async (directive, status, message, title) => {
    const cookie = await student();
    const res = await speak(cookie, { text: `Read this ${directive}` });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toEqual({ code: expect.any(String), message, title });
  });

  it('keeps a daily budget per student (TTS_DAILY_LIMIT), and none for the tutor', async () => {
    const cookie = await student();
    for (let i = 0; i < TTS_LIMIT; i++) expect((await speak(cookie, { text: `Part ${i}` })).statusCode).toBe(200);
    const refused = await speak(cookie, { text: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ message: MediaMessages.budgetSpent('speech', TTS_LIMIT), title: 'Daily Limit Reached' });
    // Another student has their own budget.
    expect((await speak(await student(), { text: 'Mine' })).statusCode).toBe(200);
    for (let i = 0; i < TTS_LIMIT + 2; i++) expect((await speak(admin, { text: `Tutor ${i}` })).statusCode).toBe(200);
  });
});

describe('spoken questions (speech-to-text)', () => {
  it('transcribes a recording for an enrolled student; the words come back, nothing is sent to the tutor', async () => {
    const cookie = await student();
    fake.reset();
    const res = await transcribe(cookie, webmBytes());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: TRANSCRIPT });
    const [request] = fake.of('transcription');
    expect(request!.authorization).toBe('Bearer shared-key');
    // The provider tells the format by the file name.
    expect(request!.body).toMatchObject({ model: 'ears-model', file: { filename: 'question.webm', type: 'audio/webm' } });
    expect(fake.requests.map((r) => r.kind)).toEqual(['transcription']);
  });

  it('judges the audio by its bytes (a WAV named .webm is a WAV)', async () => {
    const cookie = await student();
    fake.reset();
    expect((await transcribe(cookie, wavBytes(), { filename: 'x.webm' })).statusCode).toBe(200);
    expect(fake.of('transcription')[0]!.body).toMatchObject({ file: { filename: 'question.wav', type: 'audio/wav' } });
  });

  it('requires audio, of a known format, within the size limit; refusals reach no provider and spend nothing', async () => {
    const cookie = await student();
    fake.reset();
    const before = (await usageRows()).length;
    const noFile = await transcribe(cookie, null);
    expect([noFile.statusCode, errorMessage(noFile)]).toEqual([400, MediaMessages.audioRequired]);
    const empty = await transcribe(cookie, Buffer.alloc(0));
    expect([empty.statusCode, errorMessage(empty)]).toEqual([400, MediaMessages.audioRequired]);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/lessons/${lesson}/transcriptions`,
      headers: { cookie },
      payload: { audio_url: 'http://127.0.0.1/x.webm' },
    });
    expect([json.statusCode, errorMessage(json)]).toEqual([400, MediaMessages.audioRequired]);
    const pdf = await transcribe(cookie, pdfBytes());
    expect([pdf.statusCode, errorMessage(pdf)]).toEqual([400, MediaMessages.audioNotAudio]);
    const big = await transcribe(cookie, Buffer.concat([webmBytes(), Buffer.alloc(RECORDING_MAX_BYTES)]));
    expect([big.statusCode, errorMessage(big)]).toEqual([413, MediaMessages.audioTooLarge]);
    expect(fake.requests).toEqual([]);
    expect((await usageRows()).length).toBe(before);
  });

  it('is only for lessons the caller may study', async () => {
    const cookie = await student();
    fake.reset();
    expect((await transcribe(cookie, webmBytes(), { lessonId: foreignLesson })).statusCode).toBe(403);
    expect((await transcribe(await t.signIn(CAROL), webmBytes())).statusCode).toBe(403);
    expect(fake.requests).toEqual([]);
  });

  it.each([
    ['[[media:fail:401]]', 502, MediaMessages.authFailed('transcription')],
    ['[[media:fail:403]]', 502, MediaMessages.authFailed('transcription')],
    ['[[media:fail:500]]', 502, 'fake transcription failure 500'],
    ['[[media:bare:502]]', 502, 'Failed to transcribe audio (Status: 502)'],
    ['[[media:hang]]', 504, 'Failed to transcribe audio: no answer within 0.4 seconds.'],
    ['[[stt:silence]]', 422, MediaMessages.nothingHeard],
  ])('a provider answer %s becomes %i with the message that says what failed', async (directive, status, message) => {
    const cookie = await student();
    const res = await transcribe(cookie, webmBytes(directive));
    expect(res.statusCode).toBe(status);
    expect(errorMessage(res)).toBe(message);
  });

  it('keeps a daily budget per student (STT_DAILY_LIMIT)', async () => {
    const cookie = await student();
    for (let i = 0; i < STT_LIMIT; i++) expect((await transcribe(cookie, webmBytes())).statusCode).toBe(200);
    const refused = await transcribe(cookie, webmBytes());
    expect(refused.statusCode).toBe(429);
    expect(errorMessage(refused)).toBe(MediaMessages.budgetSpent('transcription', STT_LIMIT));
    expect((await transcribe(admin, webmBytes())).statusCode).toBe(200);
  });
});
