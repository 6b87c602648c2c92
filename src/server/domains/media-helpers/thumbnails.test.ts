import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { IMAGE_ALT_MODELS, MediaMessages } from '../../../common/media-helpers';
import { pngBytes, startFakeMedia, type FakeMedia } from '@test-support/fake-media';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { courses, files, mediaUsage, thumbnailCandidates } from '../../platform/db/schema/index';
import { SEED_THUMBNAILS } from './demo-thumbnails';
import {
  ADMIN,
  ALICE,
  errorMessage,
  filesIn,
  pdfBytes,
  seedCourse,
  tempDataDir,
  uploadPdf,
} from '@test-support/fixtures/users-and-courses';

const DAILY_IMAGES = 1000;
// Long enough for the fake to send an oversized image on a busy machine; the hang test waits it out.
const TIMEOUT_MS = 4000;

let fake: FakeMedia;
let t: TestContext;
let admin: string;
let dataDir: string;
/** The tests' clock: moved forward to let offers expire and days pass. */
let clock = Date.now();

beforeAll(async () => {
  fake = await startFakeMedia();
  afterAll(() => fake.close());
  dataDir = await tempDataDir();
  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      IMAGE_MODEL: 'thumb-model',
      IMAGE_BASE_URL: fake.baseUrl,
      IMAGE_API_KEY: 'image-key',
      IMAGE_ALT_MODELS: 'flux-schnell=black-forest-labs/flux-schnell, ideogram-v3-turbo',
      IMAGE_DAILY_LIMIT: String(DAILY_IMAGES),
      IMAGE_TIMEOUT_MS: String(TIMEOUT_MS),
    },
    now: () => new Date(clock),
  });
  admin = await t.signIn(ADMIN);
});

const newCourse = async () => (await seedCourse(t.db, { chapters: [{ title: 'Intro', lessons: [{ title: 'Hello' }] }] })).course;
const generate = (courseId: string, payload: unknown, cookie = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/courses/${courseId}/thumbnail-candidates`,
    headers: { cookie },
    payload: payload as object,
  });
const choose = (courseId: string, candidateId: string) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/courses/${courseId}/thumbnail`, headers: { cookie: admin }, payload: { candidateId } });
const getCandidate = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/thumbnail-candidates/${id}`, headers: { cookie: admin } });
const imagesUsed = async () => {
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(sum(used), 0)::int` })
    .from(mediaUsage)
    .where(eq(mediaUsage.helper, 'image'));
  return row!.n;
};

type Candidates = {
  candidates: { id: string; url: string; contentType: string; sizeBytes: number }[];
  failed: number;
  budget: { limit: number; used: number; remaining: number };
};

describe('generating thumbnail candidates', () => {
  it('the public configuration tells the browser thumbnails are available, with the offered alternative models, and no secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json().media).toEqual({
      thumbnails: true,
      imageModels: ['flux-schnell', 'ideogram-v3-turbo'],
      speech: false,
      transcription: false,
      webSources: false,
    });
    expect(res.body).not.toContain('image-key');
    expect(res.body).not.toContain(fake.baseUrl);
  });

  it('offers one image by default: one request to IMAGE_MODEL with the key, stored for the tutor to look at', async () => {
    const course = await newCourse();
    fake.reset();
    const res = await generate(course.id, { prompt: '  A friendly robot teaching C pointers, flat colours  ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Candidates;
    expect(body.candidates).toHaveLength(1);
    expect(body.failed).toBe(0);
    expect(body.budget).toEqual({ limit: DAILY_IMAGES, used: expect.any(Number), remaining: DAILY_IMAGES - body.budget.used });
    const [request] = fake.of('image');
    expect(request).toMatchObject({
      authorization: 'Bearer image-key',
      body: { model: 'thumb-model', prompt: 'A friendly robot teaching C pointers, flat colours', n: 1 },
    });
    expect(request!.body).not.toHaveProperty('response_format');

    const candidate = body.candidates[0]!;
    expect(candidate).toMatchObject({ url: `/api/admin/thumbnail-candidates/${candidate.id}`, contentType: 'image/png' });
    const image = await getCandidate(candidate.id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.subarray(0, 8)).toEqual(pngBytes().subarray(0, 8));
    expect(image.rawPayload.length).toBe(candidate.sizeBytes);
  });

  it('offers up to four images (num_outputs), one request each, and counts each image against the budget', async () => {
    const course = await newCourse();
    fake.reset();
    const before = await imagesUsed();
    const res = await generate(course.id, { prompt: 'Binary trees in a forest', numOutputs: 4 });
    expect(res.statusCode, res.body).toBe(201);
    const { candidates } = res.json() as Candidates;
    expect(candidates).toHaveLength(4);
    expect(new Set(candidates.map((c) => c.id)).size).toBe(4);
    expect(fake.of('image')).toHaveLength(4);
    expect(await imagesUsed()).toBe(before + 4);
  });

  it.each([
    [{}, MediaMessages.promptRequired],
    [{ prompt: '   ' }, MediaMessages.promptRequired],
    [{ prompt: 'x'.repeat(1001) }, MediaMessages.promptTooLong],
    [{ prompt: 'ok', numOutputs: 0 }, MediaMessages.numOutputsRange],
    [{ prompt: 'ok', numOutputs: 5 }, MediaMessages.numOutputsRange],
    [{ prompt: 'ok', numOutputs: 2.5 }, MediaMessages.numOutputsRange],
    [{ prompt: 'ok', numOutputs: '2' }, MediaMessages.numOutputsRange],
    [{ prompt: 'ok', model: 'dall-e-3' }, MediaMessages.modelNotAllowed],
    [{ prompt: 'ok', model: 'photon-flash' }, MediaMessages.modelNotOffered('photon-flash')],
    [{ prompt: 'ok', image_url: 'http://169.254.169.254/latest/meta-data' }, undefined],
  ])('refuses %j with 400 and its rule, without calling the provider or spending the budget', async (payload, message) => {
    const course = await newCourse();
    fake.reset();
    const before = await imagesUsed();
    const res = await generate(course.id, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(errorMessage(res)).toBe(message);
    else expect(errorMessage(res)).toBeTruthy();
    expect(fake.requests).toEqual([]);
    expect(await imagesUsed()).toBe(before);
    expect(await t.db.$count(thumbnailCandidates, eq(thumbnailCandidates.courseId, course.id))).toBe(0);
  });

  it("accepts the alternative models (of the fixed six) the provider offers, sending the provider's own id", async () => {
    expect(IMAGE_ALT_MODELS).toHaveLength(6);
    const course = await newCourse();
    fake.reset();
    expect((await generate(course.id, { prompt: 'A stack of plates', model: 'flux-schnell' })).statusCode).toBe(201);
    expect((await generate(course.id, { prompt: 'A queue of people', model: 'ideogram-v3-turbo' })).statusCode).toBe(201);
    expect(fake.of('image').map((r) => r.body.model)).toEqual(['black-forest-labs/flux-schnell', 'ideogram-v3-turbo']);
  });

  it('takes an image the provider gives as a URL, and JPEG and WebP images, by their bytes', async () => {
    const course = await newCourse();
    fake.reset();
    const byUrl = await generate(course.id, { prompt: 'Recursion [[image:url]]' });
    expect(byUrl.statusCode, byUrl.body).toBe(201);
    expect(fake.of('file')).toHaveLength(1);
    expect((byUrl.json() as Candidates).candidates[0]!.contentType).toBe('image/png');
    const jpeg = await generate(course.id, { prompt: 'Loops [[image:jpeg]]' });
    expect((jpeg.json() as Candidates).candidates[0]!.contentType).toBe('image/jpeg');
    const webp = await generate(course.id, { prompt: 'Graphs [[image:webp]]' });
    expect((webp.json() as Candidates).candidates[0]!.contentType).toBe('image/webp');
  });

  it.each([
    ['[[image:svg]]', MediaMessages.badAnswer('image')],
    ['[[image:huge]]', MediaMessages.badAnswer('image')],
    ['[[media:fail:500]]', 'fake image failure 500'],
    ['[[media:fail:400]]', 'fake image failure 400'],
    ['[[media:bare:503]]', 'Failed to generate image (Status: 503)'],
    ['[[media:fail:401]]', MediaMessages.authFailed('image')],
    ['[[media:fail:403]]', MediaMessages.authFailed('image')],
  ])('a provider answer %s is a 502 with the message that says what failed, and nothing is offered', async (directive, message) => {
    const course = await newCourse();
    const res = await generate(course.id, { prompt: `A cat ${directive}`, numOutputs: 2 });
    expect(res.statusCode).toBe(502);
    expect(errorMessage(res)).toBe(message);
    expect(res.json().error.title).toBe(
      message === MediaMessages.authFailed('image') ? 'Authentication Failed' : 'Image Generation Failed',
    );
    expect(await t.db.$count(thumbnailCandidates, eq(thumbnailCandidates.courseId, course.id))).toBe(0);
  });

  it('gives up after IMAGE_TIMEOUT_MS with 504', async () => {
    const course = await newCourse();
    const started = Date.now();
    const res = await generate(course.id, { prompt: 'A slow painter [[media:hang]]' });
    expect(res.statusCode).toBe(504);
    expect(errorMessage(res)).toBe('Failed to generate image: no answer within 4 seconds.');
    // Bounded, not hung: generous, as the machine may be busy (the provider would never answer).
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 5);
  }, 30_000);

  it('offers the images that came when some of them failed, and says how many did not', async () => {
    const course = await newCourse();
    fake.reset();
    fake.enqueue('image', { kind: 'fail', status: 500 });
    const res = await generate(course.id, { prompt: 'Sorting algorithms as dancers', numOutputs: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Candidates;
    expect(body.candidates).toHaveLength(2);
    expect(body.failed).toBe(1);
  });

  it('is for the tutor only, and for a course that exists', async () => {
    const course = await newCourse();
    const student = await t.signIn(ALICE);
    expect((await generate(course.id, { prompt: 'x' }, student)).statusCode).toBe(403);
    expect((await generate('00000000-0000-4000-8000-000000000000', { prompt: 'x' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/thumbnail-candidates/not-an-id', headers: { cookie: admin } })).statusCode,
    ).toBe(404);
  });
});

describe('choosing a thumbnail', () => {
  async function offer(courseId: string, n = 2) {
    const res = await generate(courseId, { prompt: 'Pointers as arrows between boxes', numOutputs: n });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Candidates).candidates;
  }

  it("stores the chosen image like an uploaded file, makes it the course's thumbnail, served publicly, and drops the other offers", async () => {
    const course = await newCourse();
    const [first, second] = await offer(course.id);
    const candidateBytes = (await getCandidate(first!.id)).rawPayload;
    const res = await choose(course.id, first!.id);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().course.thumbnailUrl as string;
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.thumbnailUrl).toBe(url);

    const fileId = url.split('/').pop()!;
    const [file] = await t.db.select().from(files).where(eq(files.id, fileId));
    expect(file).toMatchObject({ contentType: 'image/png', sizeBytes: candidateBytes.length, originalName: 'thumbnail.png' });
    expect(file!.storageKey).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await fs.readFile(path.join(dataDir, 'files', file!.storageKey))).toEqual(candidateBytes);

    // Anyone's browser may show it (no session), as any picture on a page.
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload).toEqual(candidateBytes);

    // The other offers are gone; the chosen one cannot be chosen twice.
    expect((await getCandidate(second!.id)).statusCode).toBe(404);
    const again = await choose(course.id, second!.id);
    expect(again.statusCode).toBe(404);
    expect(errorMessage(again)).toBe(MediaMessages.candidateGone);

    // The course editor may save its details with this address.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/courses/${course.id}`,
      headers: { cookie: admin },
      payload: { title: 'Renamed', thumbnailUrl: url },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('chooses only by the id of an offer for this course: never a URL, never another course’s offer', async () => {
    const course = await newCourse();
    const other = await newCourse();
    const [mine] = await offer(course.id, 1);
    const theirs = await choose(other.id, mine!.id);
    expect(theirs.statusCode).toBe(404);
    const byUrl = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/courses/${course.id}/thumbnail`,
      headers: { cookie: admin },
      payload: { url: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(byUrl.statusCode).toBe(400);
    const notUuid = await choose(course.id, 'http://127.0.0.1/evil.png');
    expect(notUuid.statusCode).toBe(400);
    expect(errorMessage(notUuid)).toBe(MediaMessages.candidateRequired);
    expect((await t.db.select().from(courses).where(eq(courses.id, course.id)))[0]!.thumbnailUrl).toBeNull();
  });

  it('removes the generated thumbnail the course showed before, when replaced, when changed to a link, and with the course', async () => {
    const filesOf = async () =>
      (
        await t.db
          .select({ id: files.id, key: files.storageKey })
          .from(files)
          .where(sql`${files.contentType} like 'image/%'`)
      ).map((f) => f.id);
    const course = await newCourse();
    const [a] = await offer(course.id, 1);
    const first = (await choose(course.id, a!.id)).json().course.thumbnailUrl as string;
    const [b] = await offer(course.id, 1);
    const second = (await choose(course.id, b!.id)).json().course.thumbnailUrl as string;
    expect(second).not.toBe(first);
    expect(await filesOf()).not.toContain(first.split('/').pop());
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

    const secondKey = (
      await t.db
        .select()
        .from(files)
        .where(eq(files.id, second.split('/').pop()!))
    )[0]!.storageKey;
    const link = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/courses/${course.id}`,
      headers: { cookie: admin },
      payload: { thumbnailUrl: 'https://example.com/picture.jpg' },
    });
    expect(link.statusCode).toBe(200);
    expect(await filesOf()).not.toContain(second.split('/').pop());
    expect(await filesIn(dataDir)).not.toContain(secondKey);

    const [c] = await offer(course.id, 1);
    const third = (await choose(course.id, c!.id)).json().course.thumbnailUrl as string;
    const thirdKey = (
      await t.db
        .select()
        .from(files)
        .where(eq(files.id, third.split('/').pop()!))
    )[0]!.storageKey;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/courses/${course.id}`, headers: { cookie: admin } })).statusCode).toBe(
      204,
    );
    expect(await filesOf()).not.toContain(third.split('/').pop());
    expect(await filesIn(dataDir)).not.toContain(thirdKey);
  });

  it('offers expire after an hour: no longer shown, no longer chosen', async () => {
    const course = await newCourse();
    const [old] = await offer(course.id, 1);
    clock += 61 * 60 * 1000;
    expect((await getCandidate(old!.id)).statusCode).toBe(404);
    const res = await choose(course.id, old!.id);
    expect(res.statusCode).toBe(404);
    expect(errorMessage(res)).toBe(MediaMessages.candidateGone);
    // The next generation clears them out.
    await offer(course.id, 1);
    expect(await t.db.$count(thumbnailCandidates, eq(thumbnailCandidates.id, old!.id))).toBe(0);
  });

  it('never serves a PDF (or any non-image file) at /api/images', async () => {
    const pdf = (await uploadPdf(t.app, admin, pdfBytes())).json().file.id as string;
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${pdf}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/images/not-an-id' })).statusCode).toBe(404);
  });

  it("serves the demo courses' artwork as an SVG that can run nothing", async () => {
    for (const art of SEED_THUMBNAILS) {
      const res = await t.app.inject({ method: 'GET', url: `/api/images/${art.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
      expect(res.body).toBe(art.svg);
      expect(res.body).not.toMatch(/<script|on\w+=/i);
    }
  });
});

describe("the tutor's daily image budget", () => {
  it('counts images per UTC day in the database, refuses past IMAGE_DAILY_LIMIT with 429, and starts again the next day', async () => {
    const fake2 = await startFakeMedia();
    onTestFinished(() => fake2.close());
    let now = Date.parse('2026-11-24T10:00:00Z');
    const app = await createTestApp({
      env: { DATA_DIR: await tempDataDir(), IMAGE_MODEL: 'm', IMAGE_BASE_URL: fake2.baseUrl, IMAGE_DAILY_LIMIT: '3' },
      now: () => new Date(now),
    });
    const cookie = await app.signIn(ADMIN);
    const course = (await seedCourse(app.db)).course;
    const gen = (numOutputs: number) =>
      app.app.inject({
        method: 'POST',
        url: `/api/admin/courses/${course.id}/thumbnail-candidates`,
        headers: { cookie },
        payload: { prompt: 'A map', numOutputs },
      });

    const two = await gen(2);
    expect(two.statusCode).toBe(201);
    expect(two.json().budget).toEqual({ limit: 3, used: 2, remaining: 1 });
    const tooMany = await gen(2);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toMatchObject({ message: MediaMessages.imagesLeft(1), title: 'Daily Limit Reached' });
    expect((await gen(1)).statusCode).toBe(201);
    const spent = await gen(1);
    expect(spent.statusCode).toBe(429);
    expect(errorMessage(spent)).toBe(MediaMessages.budgetSpent('image', 3));
    expect(fake2.of('image')).toHaveLength(3);

    now += 24 * 60 * 60 * 1000;
    expect((await gen(3)).statusCode).toBe(201);
    expect(fake2.of('image')).toHaveLength(6);
  });

  it('holds when requests race: the day never goes past the limit', async () => {
    const fake3 = await startFakeMedia();
    onTestFinished(() => fake3.close());
    const app = await createTestApp({
      env: { DATA_DIR: await tempDataDir(), IMAGE_MODEL: 'm', IMAGE_BASE_URL: fake3.baseUrl, IMAGE_DAILY_LIMIT: '5' },
    });
    const cookie = await app.signIn(ADMIN);
    const course = (await seedCourse(app.db)).course;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.app.inject({
          method: 'POST',
          url: `/api/admin/courses/${course.id}/thumbnail-candidates`,
          headers: { cookie },
          payload: { prompt: 'Race' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
    expect(fake3.of('image')).toHaveLength(5);
  });
});
