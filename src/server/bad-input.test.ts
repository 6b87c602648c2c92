import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMedia, webmBytes, type FakeMedia } from '@test-support/fake-media';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { RECORDING_MAX_BYTES } from '../common/media-helpers';
import { BULK_UPLOAD_MAX_ROWS } from '../common/courses-bulk-upload';
import { ADMIN, createUser, enroll, filesIn, multipartBody, seedCourse, tempDataDir } from '@test-support/fixtures/users-and-courses';

/**
 * Bad input at every write route: each answer is a 4xx with a message the UI can show, and the
 * database is exactly as it was (every table's rows, compared by checksum). The route list is the
 * app's own, so a new write route is thrown at too.
 */
const MISSING = '00000000-0000-4000-8000-000000000000';
const SCRIPT = `<script>alert(1)</script>'; DROP TABLE users; --`;

let t: TestContext;
let dataDir: string;
/** The media helpers' provider: configured, so their routes check their input; bad input must never reach it. */
let media: FakeMedia;
let admin: string;
let enrolled: string;
let ids: { courseId: string; chapterId: string; lessonId: string };

beforeAll(async () => {
  dataDir = await tempDataDir();
  media = await startFakeMedia();
  afterAll(() => media.close());
  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      IMAGE_MODEL: 'm',
      IMAGE_BASE_URL: media.baseUrl,
      TTS_MODEL: 'm',
      TTS_BASE_URL: media.baseUrl,
      STT_MODEL: 'm',
      STT_BASE_URL: media.baseUrl,
    },
  });
  admin = await t.signIn(ADMIN);
  const { course, chapterIds, lessonIds } = await seedCourse(t.db, { chapters: [{ title: 'c', lessons: [{ title: 'l' }] }] });
  const student = await createUser(t.db, 'bad-input-student@example.com');
  await enroll(t.db, student.id, course.id);
  enrolled = await t.signIn(student.email);
  ids = { courseId: course.id, chapterId: chapterIds[0]!, lessonId: lessonIds[0]![0]! };
});

/** Every table's row count and a checksum of its rows. Sessions are left out: each request refreshes its own. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await t.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by table_name`);
  const out: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    const [row] = (
      await t.db.execute<{ n: string; sum: string }>(
        sql`select count(*)::text as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${sql.identifier(name)} t`,
      )
    ).rows;
    out[name] = `${row!.n}:${row!.sum}`;
  }
  return out;
}

/** The session a route is meant for: the tutor's routes and the view switch need the tutor, learning routes an enrolled student. */
function callerFor(url: string): string | undefined {
  if (url.startsWith('/api/admin/') || url === '/api/me/view-mode') return admin;
  if (url.startsWith('/api/auth/') || url.startsWith('/api/dev/')) return undefined;
  return enrolled;
}

const concrete = (url: string) =>
  url.replace(':courseId', ids.courseId).replace(':lessonId', ids.lessonId).replace(':table', 'users').replace(/:\w+/g, MISSING);

type Attempt = { label: string; payload: string; contentType?: string };
const attempts: Attempt[] = [
  { label: 'an array', payload: '[]' },
  { label: 'a bare string', payload: '"hello"' },
  { label: 'broken JSON', payload: '{"title": "unterminated' },
  {
    label: 'wrong types',
    payload: JSON.stringify({
      title: 42,
      status: 42,
      email: 42,
      code: 42,
      message: 42,
      viewMode: 42,
      courseId: 42,
      order: 'first',
      events: 'x',
      lessonType: 42,
      data: 42,
    }),
  },
  {
    label: 'unknown fields with script and SQL',
    payload: JSON.stringify({ [SCRIPT]: SCRIPT, __proto__: { admin: true }, constructor: SCRIPT }),
  },
  { label: 'an oversized body', payload: JSON.stringify({ title: 'x'.repeat(2.5 * 1024 * 1024) }) },
  { label: 'form data instead of JSON', payload: 'title=x&status=completed', contentType: 'application/x-www-form-urlencoded' },
];

describe('bad input at every write route', () => {
  it('gets a 4xx with a message, and changes nothing', async () => {
    await t.app.ready();
    const writes = t.app.apiRoutes.filter((r) => r.body && r.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(20);
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const route of writes) {
      const cookie = callerFor(route.url);
      for (const attempt of attempts) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers: { 'content-type': attempt.contentType ?? 'application/json', ...(cookie ? { cookie } : {}) },
          payload: attempt.payload,
        });
        const message = (res.json() as { error?: { message?: unknown } }).error?.message;
        if (res.statusCode < 400 || res.statusCode >= 500 || typeof message !== 'string' || !message) {
          wrong.push(`${route.method} ${route.url} with ${attempt.label} → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
    expect(media.requests, 'bad input reached a media provider').toEqual([]);
  });

  it('a recording that is not audio, empty, or too large is refused, and nothing is recorded or sent on', async () => {
    const before = await fingerprint();
    for (const data of [
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.alloc(0),
      Buffer.concat([webmBytes(), Buffer.alloc(RECORDING_MAX_BYTES)]),
    ]) {
      const body = multipartBody({ field: 'audio', filename: 'question.webm', contentType: 'audio/webm', data });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/lessons/${ids.lessonId}/transcriptions`,
        headers: { ...body.headers, cookie: enrolled },
        payload: body.payload,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.message).toBeTruthy();
    }
    expect(await fingerprint()).toEqual(before);
    expect(media.requests).toEqual([]);
  });

  it('a file that is not a PDF, though named .pdf, is refused and nothing is stored', async () => {
    const before = await fingerprint();
    const filesBefore = await filesIn(dataDir);
    for (const data of [Buffer.from('<html><script>alert(1)</script></html>'), Buffer.from('MZ\x90\x00 not a pdf'), Buffer.alloc(0)]) {
      const body = multipartBody({ filename: 'notes.pdf', data });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/uploads',
        headers: { ...body.headers, cookie: admin },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect(await fingerprint()).toEqual(before);
    expect(await filesIn(dataDir)).toEqual(filesBefore);
  });

  it('a CSV with broken quoting, or with 10,000 rows, is refused whole', async () => {
    const before = await fingerprint();
    const broken = 'chapter,lesson,type,content\nIntro,"Unclosed lesson,VIDEO,https://youtu.be/abc\nIntro,Next,VIDEO,https://youtu.be/def';
    const tenThousand = [
      'chapter,lesson,type,content',
      ...Array.from({ length: 10_000 }, (_, i) => `Big,Lesson ${i},VIDEO,https://youtu.be/v${i}`),
    ].join('\n');
    for (const data of [broken, tenThousand, `chapter,lesson,type,content\n${SCRIPT},x,SCRIPT,y`.replace('SCRIPT,y', 'NOPE,y')]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/courses/${ids.courseId}/bulk-upload`,
        headers: { cookie: admin },
        payload: { data },
      });
      // A row with a bad type fails alone (decision 005): 200 with that row's error, nothing written.
      if (res.statusCode === 200) expect(res.json()).toMatchObject({ successCount: 0, errorCount: 1 });
      else expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/quote|Too many rows|Invalid lesson type/i);
    }
    expect(BULK_UPLOAD_MAX_ROWS).toBeLessThan(10_000);
    expect(await fingerprint()).toEqual(before);
  });

  it('SQL in a search or a filter is only ever a value', async () => {
    const before = await fingerprint();
    for (const url of [
      `/api/admin/database-helper?search=${encodeURIComponent("' OR 1=1 --")}`,
      `/api/admin/tables/users/items?email=${encodeURIComponent("x' OR '1'='1")}`,
      `/api/admin/tables/users/items?_sort=${encodeURIComponent('email; DROP TABLE users')}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect([200, 400], url).toContain(res.statusCode);
      if (res.statusCode === 200) expect(JSON.stringify(res.json())).not.toContain('alice.student@example.com');
      else expect(res.json().error.message).toBeTruthy();
    }
    expect(await fingerprint()).toEqual(before);
  });
});
