import { describe, expect, it } from 'vitest';
import { SESSION_USER_HEADER } from '../../../common/offline';
import { createTestApp } from '@test-support/test-app';
import { shortNameOf } from './web-manifest';

describe('GET /manifest.webmanifest', () => {
  it('names the app by APP_NAME and lists the 192, 512 and maskable icons', async () => {
    const { app } = await createTestApp({ env: { APP_NAME: 'Learn C With Ada' }, seed: false });
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Learn C With Ada',
      short_name: 'Learn C With',
      display: 'standalone',
      start_url: '/dashboard',
      scope: '/',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons).toEqual([
      expect.objectContaining({ src: '/icons/icon-192.png', sizes: '192x192', purpose: 'any' }),
      expect.objectContaining({ src: '/icons/icon-512.png', sizes: '512x512', purpose: 'any' }),
      expect.objectContaining({ src: '/icons/maskable-512.png', sizes: '512x512', purpose: 'maskable' }),
    ]);
  });

  it('uses the default name CodeTutor', async () => {
    const { app } = await createTestApp({ seed: false });
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.json()).toMatchObject({ name: 'CodeTutor', short_name: 'CodeTutor' });
  });
});

describe('shortNameOf', () => {
  it('keeps names of up to 12 characters and cuts longer ones at a word when it can', () => {
    expect(shortNameOf('CodeTutor')).toBe('CodeTutor');
    expect(shortNameOf('Programming Academy')).toBe('Programming');
    expect(shortNameOf('Supercalifragilistic')).toBe('Supercalifra');
  });
});

describe('the session user header', () => {
  it('names the user on their authenticated GET answers, and on nothing of a visitor', async () => {
    const { app, signIn } = await createTestApp();
    const cookie = await signIn('alice.student@example.com');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    const signedIn = await app.inject({ method: 'GET', url: '/api/student/dashboard', headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers[SESSION_USER_HEADER]).toBe(me.json().user.id);
    const visitor = await app.inject({ method: 'GET', url: '/api/student/dashboard' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers[SESSION_USER_HEADER]).toBeUndefined();
  });
});
