import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/support/test-app';
import { requestCode, scalar } from '../../../../tests/support/http';
import { clientKey } from './rate-limit';

const ADMIN = 'admin@example.com';

describe('sign-in abuse', () => {
  it('a client whose own limit is used up cannot use up anyone else’s: refused requests record nothing', async () => {
    const ctx = await createTestApp();
    const attacker = '203.0.113.7';
    for (let i = 0; i < 20; i++) expect((await requestCode(ctx.app, `junk${i}@example.com`, { ip: attacker })).statusCode).toBe(202);
    const hitsBefore = await scalar(ctx.pool, 'select count(*)::int from rate_limit_hits');
    for (let i = 0; i < 5; i++) {
      const res = await requestCode(ctx.app, ADMIN, { ip: attacker });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toMatch(/from this device/);
    }
    expect(await scalar(ctx.pool, 'select count(*)::int from rate_limit_hits')).toBe(hitsBefore);
    // The tutor, elsewhere, still gets a code.
    expect((await requestCode(ctx.app, ADMIN, { ip: '198.51.100.1' })).statusCode).toBe(202);
  });

  it('a stranger asking codes for the tutor’s address uses up only their own share of it', async () => {
    const ctx = await createTestApp();
    const stranger = '203.0.113.9';
    for (let i = 0; i < 5; i++) expect((await requestCode(ctx.app, ADMIN, { ip: stranger })).statusCode).toBe(202);
    const sixth = await requestCode(ctx.app, ADMIN, { ip: stranger });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toMatch(/for this address/);
    expect((await requestCode(ctx.app, ADMIN, { ip: '198.51.100.2' })).statusCode).toBe(202);
  });

  it('all clients together send at most 30 codes an hour to one address (6 clients’ worth)', async () => {
    const ctx = await createTestApp();
    let accepted = 0;
    for (let c = 0; c < 8; c++) {
      for (let i = 0; i < 5; i++) {
        if ((await requestCode(ctx.app, 'alice.student@example.com', { ip: `192.0.2.${c + 1}` })).statusCode === 202) accepted++;
      }
    }
    expect(accepted).toBe(30);
    expect(ctx.mailer.sent.filter((m) => m.to.includes('alice.student@example.com'))).toHaveLength(30);
  });

  it('the guards answer before the body is read: a signed-out caller with a broken body gets 401, not 400', async () => {
    const ctx = await createTestApp();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/courses',
      headers: { 'content-type': 'application/json' },
      payload: '{ not json',
    });
    expect(res.statusCode).toBe(401);
  });

  it('names with line breaks, control or text-direction characters are refused', async () => {
    const ctx = await createTestApp();
    for (const firstName of ['Eve\nBcc: victim@example.com', 'Eve\u202Egnp.exe', 'Eve\u0007']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { firstName, lastName: 'X', email: 'eve@example.com', code: '123456' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('First name contains characters that are not allowed.');
    }
  });
});

describe('clientKey', () => {
  it('keeps IPv4 addresses (also IPv4-mapped ones) and groups IPv6 by /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:abcd:12:1::1')).toBe('2001:db8:abcd:12::/64');
    expect(clientKey('2001:db8:abcd:12:ffff:ffff:ffff:ffff')).toBe('2001:db8:abcd:12::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
