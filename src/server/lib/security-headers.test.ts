import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';

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
    // Read-aloud audio plays from a blob: URL made from the server's answer (issue 9); it never reaches out elsewhere.
    expect(csp['media-src']).toEqual(["'self'", 'blob:', 'https:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    // No Permissions-Policy denies the microphone (spoken questions): the browser's default lets our own pages ask for it.
    expect(String(res.headers['permissions-policy'] ?? '')).not.toMatch(/microphone=\(\)/);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS and the https upgrade in production', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', ADMIN_EMAIL: 'admin@example.com', APP_URL: 'https://tutor.example' }, seed: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(policy(res.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
  });
});
