import { describe, expect, it } from 'vitest';
import { createTestApp } from '@test-support/test-app';
import { pruneAuthTables } from './maintenance';

const DAY = 24 * 60 * 60 * 1000;

describe('pruneAuthTables', () => {
  it('deletes ended sessions, used or long-expired codes and old rate-limit hits, and keeps what is live', async () => {
    const ctx = await createTestApp();
    const cookie = await ctx.signIn('alice.student@example.com');
    await ctx.app.inject({ method: 'POST', url: '/api/auth/code', payload: { email: 'bob.student@example.com' } });
    const count = async (table: string) => (await ctx.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;
    expect(await count('sessions')).toBe(1);
    expect(await count('rate_limit_hits')).toBe(4);

    // Now: Alice's used code goes; Bob's live code, the live session and this hour's hits stay.
    await pruneAuthTables(ctx.db, new Date());
    expect(await count('verification_codes')).toBe(1);
    expect(await count('sessions')).toBe(1);
    expect(await count('rate_limit_hits')).toBe(4);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

    // 31 days on: the session has passed its absolute lifetime, the code and the hits are old.
    await pruneAuthTables(ctx.db, new Date(Date.now() + 31 * DAY));
    expect(await count('sessions')).toBe(0);
    expect(await count('verification_codes')).toBe(0);
    expect(await count('rate_limit_hits')).toBe(0);
  });
});
