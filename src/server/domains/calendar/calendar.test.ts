import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, ALICE, errorMessage } from '@test-support/fixtures/users-and-courses';
import { CalendarMessages } from '../../../common/calendar';

let t: TestContext;
let admin: string, alice: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, alice] = await Promise.all([t.signIn(ADMIN), t.signIn(ALICE)]);
});

const put = (timeZone: unknown, cookie = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/school-settings', headers: { cookie }, payload: { timeZone } });
const stored = async () => (await t.pool.query<{ time_zone: string }>('select time_zone from school_settings')).rows;
const publicZone = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
  expect(res.statusCode).toBe(200);
  return { zone: (res.json() as { timeZone: string }).timeZone, cacheControl: res.headers['cache-control'] };
};

describe("the school's time zone", () => {
  it('is UTC until the tutor chooses, and the tutor reads it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/school-settings', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ timeZone: 'UTC' });
    expect((await publicZone()).zone).toBe('UTC');
  });

  it('is set by the tutor, kept in its own spelling, and every visitor reads it from the database at once', async () => {
    const res = await put('europe/berlin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ timeZone: 'Europe/Berlin' });
    expect(await stored()).toEqual([{ time_zone: 'Europe/Berlin' }]);
    const config = await publicZone();
    expect(config.zone).toBe('Europe/Berlin');
    // Never kept by a browser or a proxy without asking again: a new zone shows on the next page load.
    expect(config.cacheControl).toBe('no-cache');

    // Written straight into the database (a restore, another server): the next call reads it.
    await t.pool.query(`update school_settings set time_zone = 'Asia/Tokyo'`);
    expect((await publicZone()).zone).toBe('Asia/Tokyo');
    expect((await put('America/New_York')).statusCode).toBe(200);
    expect((await publicZone()).zone).toBe('America/New_York');
  });

  it('refuses what is no zone with 400 and the message, writing nothing', async () => {
    expect((await put('Asia/Kolkata')).statusCode).toBe(200);
    for (const bad of ['Mars/Olympus_Mons', '', 'Europe/Berlin; drop table users', 42, null]) {
      const res = await put(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      if (typeof bad === 'string' && bad) expect(errorMessage(res)).toContain(CalendarMessages.timeZoneInvalid);
    }
    const extra = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/school-settings',
      headers: { cookie: admin },
      payload: { timeZone: 'UTC', other: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect(await stored()).toEqual([{ time_zone: 'Asia/Kolkata' }]);
  });

  it('is the tutor’s alone to read or change', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/school-settings', headers: { cookie: alice } })).statusCode).toBe(403);
    expect((await put('UTC', alice)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/school-settings', payload: { timeZone: 'UTC' } })).statusCode).toBe(401);
    expect(await stored()).toEqual([{ time_zone: 'Asia/Kolkata' }]);
  });
});
