import { describe, expect, it } from 'vitest';
import { createTestApp } from '@test-support/test-app';
import { ADMIN, ALICE, pdfBytes, uploadPdf } from '@test-support/fixtures/users-and-courses';

const policy = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

describe('security headers', () => {
  it('a strict Content-Security-Policy: no inline or foreign script, frames only for the video players', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = policy(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(expect.arrayContaining(["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']));
    expect(csp['frame-src']!.every((s) => s === "'self'" || /youtube|vimeo/.test(s))).toBe(true);
    // Read-aloud audio plays from a blob: URL made from the server's answer; it never reaches out elsewhere.
    expect(csp['media-src']).toEqual(["'self'", 'blob:', 'https:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the WebGL runner page alone may run inline script and eval, with nothing from the network', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/webgl-runner.html?v=1' });
    const csp = policy(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'unsafe-inline'", "'unsafe-eval'"]);
    expect(csp['connect-src']).toBeUndefined();
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    // The page is sandboxed by its own policy too, not only by the frame that loads it: scripts, but no origin.
    expect(csp['sandbox']).toEqual(['allow-scripts']);
    // Any other page keeps the app's policy.
    const other = policy((await t.app.inject({ method: 'GET', url: '/webgl-runner.html.js' })).headers['content-security-policy']);
    expect(other['script-src']).toEqual(["'self'"]);
  });

  it('HSTS and the https upgrade in production', async () => {
    const t = await createTestApp({
      env: { NODE_ENV: 'production', ADMIN_EMAIL: 'admin@example.com', APP_URL: 'https://tutor.example' },
      seed: false,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(policy(res.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
  });
});

describe('Permissions-Policy', () => {
  it('on every answer: the microphone for our own pages only, camera, location and devices off', async () => {
    const t = await createTestApp({ seed: false });
    for (const url of ['/api/health', '/api/me', '/course/abc', '/no-such-file.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      const features = Object.fromEntries(
        String(res.headers['permissions-policy'])
          .split(',')
          .map((f) => f.trim().split('=') as [string, string]),
      );
      expect(features, url).toMatchObject({
        microphone: '(self)',
        camera: '()',
        geolocation: '()',
        'display-capture': '()',
        payment: '()',
        usb: '()',
      });
      // The video players ask for these; the browser's default (ours and frames we allow) stays.
      for (const kept of ['accelerometer', 'gyroscope', 'autoplay', 'fullscreen', 'encrypted-media'])
        expect(features[kept], url).toBeUndefined();
    }
  });
});

describe('Cache-Control on API answers', () => {
  it('no-store on every authenticated answer, its errors and the public ones that set nothing', async () => {
    const t = await createTestApp();
    const admin = await t.signIn(ADMIN);
    const student = await t.signIn(ALICE);
    const answers = [
      ['/api/me', admin],
      ['/api/session', admin],
      ['/api/admin/stats', admin],
      ['/api/admin/students', admin],
      ['/api/admin/courses', admin],
      ['/api/admin/analytics', admin],
      ['/api/admin/analytics/students.csv', admin],
      ['/api/admin/tables', admin],
      ['/api/student/dashboard', student],
      ['/api/me', student],
      // Errors too: a forbidden, a signed-out and an unknown route.
      ['/api/admin/students', student],
      ['/api/me', undefined],
      ['/api/no-such-route', admin],
      ['/api/session', undefined],
    ] as const;
    for (const [url, cookie] of answers) {
      const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store');
    }
    // A write's answer as well.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/courses',
      headers: { cookie: admin },
      payload: { title: 'Cache', description: 'x' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
  });

  it('keeps the routes that choose their own: the public configuration, and a PDF kept only by the browser', async () => {
    const t = await createTestApp();
    const admin = await t.signIn(ADMIN);
    // Asked again at each page load (the school's time zone in it may change), but a browser may keep it to revalidate.
    expect((await t.app.inject({ method: 'GET', url: '/api/public-config' })).headers['cache-control']).toBe('no-cache');
    const fileId = (await uploadPdf(t.app, admin, pdfBytes())).json().file.id as string;
    const file = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: { cookie: admin } });
    expect(file.statusCode).toBe(200);
    // private: no shared cache may keep it.
    expect(file.headers['cache-control']).toBe('private, no-cache');
  });
});
