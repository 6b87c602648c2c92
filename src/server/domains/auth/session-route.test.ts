import { describe, expect, it } from 'vitest';
import { createTestApp } from '@test-support/test-app';

describe('GET /api/session', () => {
  it('answers 200 with null for a visitor, and the session user once signed in, null again after sign-out', async () => {
    const { app, signIn } = await createTestApp();
    const anonymous = await app.inject({ method: 'GET', url: '/api/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ session: null });

    const cookie = await signIn('alice.student@example.com');
    const signedIn = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().session).toMatchObject({
      user: { email: 'alice.student@example.com', fullName: 'Alice Johnson', role: 'student', approvalStatus: 'approved' },
      viewMode: 'admin',
    });
    // the same view as /api/me
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(signedIn.json().session).toEqual(me.json());

    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    const after = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(after.json()).toEqual({ session: null });
  });

  it("reports the admin's view mode", async () => {
    const { app, signIn } = await createTestApp();
    const cookie = await signIn('admin@example.com');
    await app.inject({ method: 'PUT', url: '/api/me/view-mode', headers: { cookie }, payload: { viewMode: 'student' } });
    const res = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(res.json().session).toMatchObject({ user: { role: 'admin' }, viewMode: 'student' });
  });
});
