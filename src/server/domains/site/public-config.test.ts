import { describe, expect, it } from 'vitest';
import { createTestApp } from '@test-support/test-app';

/** No media helper is configured here (media-helpers tests cover them configured). */
const NO_MEDIA = { thumbnails: false, imageModels: [], speech: false, transcription: false, webSources: false };

describe('GET /api/public-config', () => {
  it('tells any visitor the app name, the contact address (ADMIN_EMAIL by default) and that dev tools are on', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      appName: 'CodeTutor',
      contactEmail: 'admin@example.com',
      devTools: true,
      media: NO_MEDIA,
      timeZone: 'UTC',
    });
  });

  it('uses CONTACT_EMAIL when set, and says dev tools are off in production', async () => {
    const { app } = await createTestApp({
      env: { NODE_ENV: 'production', ADMIN_EMAIL: 'tutor@school.test', CONTACT_EMAIL: 'hello@school.test', APP_NAME: 'Learn C' },
    });
    const res = await app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json()).toEqual({
      appName: 'Learn C',
      contactEmail: 'hello@school.test',
      devTools: false,
      media: NO_MEDIA,
      timeZone: 'UTC',
    });
  });
});
