import { beforeAll, describe, expect, it } from 'vitest';
import { MediaMessages } from '../../../common/media-helpers';
import { webmBytes } from '@test-support/fake-media';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { mediaUsage, thumbnailCandidates } from '../../platform/db/schema/index';
import { ADMIN, createUser, enroll, multipartBody, seedCourse } from '@test-support/fixtures/users-and-courses';

let t: TestContext;
let admin: string;
let student: string;
let courseId: string;
let lessonId: string;

beforeAll(async () => {
  // No IMAGE_MODEL, TTS_MODEL, STT_MODEL or SEARCH_URL: every helper is off, and the app runs.
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
  const course = await seedCourse(t.db, { chapters: [{ title: 'c', lessons: [{ title: 'l' }] }] });
  courseId = course.course.id;
  lessonId = course.lessonIds[0]![0]!;
  const user = await createUser(t.db, 'unconfigured-student@example.com');
  await enroll(t.db, user.id, courseId);
  student = await t.signIn(user.email);
});

describe('helpers without a provider', () => {
  it('are reported off to the browser, so their buttons are hidden', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json().media).toEqual({ thumbnails: false, imageModels: [], speech: false, transcription: false, webSources: false });
  });

  it('answer 503 with a clear message, and record nothing', async () => {
    const thumbnails = await t.app.inject({
      method: 'POST',
      url: `/api/admin/courses/${courseId}/thumbnail-candidates`,
      headers: { cookie: admin },
      payload: { prompt: 'A robot' },
    });
    expect(thumbnails.statusCode).toBe(503);
    expect(thumbnails.json().error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: MediaMessages.notConfigured('image'),
      title: 'Service Unavailable',
    });

    const speech = await t.app.inject({
      method: 'POST',
      url: `/api/lessons/${lessonId}/speech`,
      headers: { cookie: student },
      payload: { text: 'Hello' },
    });
    expect(speech.statusCode).toBe(503);
    expect(speech.json().error.message).toBe(MediaMessages.notConfigured('speech'));

    const body = multipartBody({ field: 'audio', filename: 'q.webm', contentType: 'audio/webm', data: webmBytes() });
    const stt = await t.app.inject({
      method: 'POST',
      url: `/api/lessons/${lessonId}/transcriptions`,
      headers: { ...body.headers, cookie: student },
      payload: body.payload,
    });
    expect(stt.statusCode).toBe(503);
    expect(stt.json().error.message).toBe(MediaMessages.notConfigured('transcription'));

    expect(await t.db.$count(mediaUsage)).toBe(0);
    expect(await t.db.$count(thumbnailCandidates)).toBe(0);
  });

  it('still check access first: a course that does not exist is 404, a lesson of another course 403', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/courses/00000000-0000-4000-8000-000000000000/thumbnail-candidates',
      headers: { cookie: admin },
      payload: { prompt: 'A robot' },
    });
    expect(missing.statusCode).toBe(404);
    const other = (await seedCourse(t.db, { chapters: [{ title: 'c', lessons: [{ title: 'l' }] }] })).lessonIds[0]![0]!;
    const speech = await t.app.inject({
      method: 'POST',
      url: `/api/lessons/${other}/speech`,
      headers: { cookie: student },
      payload: { text: 'Hello' },
    });
    expect(speech.statusCode).toBe(403);
  });
});
