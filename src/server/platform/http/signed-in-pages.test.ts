import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_PAGE_ANSWERS_ID, READER_TIME_ZONE_COOKIE } from '../../../common/web-page';
import { createTestApp } from '../../../../tests/support/test-app';

// A build as the server finds it: dist/web (the page, the routes' preloads) and, beside it,
// dist/prerender/prerender.js, the web build's renderer. This one writes down what it was given;
// a course page makes it fail, and any page but the dashboard is not its to render.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'signed-in-pages-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const webRoot = path.join(dist, 'web');
fs.mkdirSync(webRoot);
fs.mkdirSync(path.join(dist, 'prerender'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<html>\n  <head>\n    <title>App</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);
fs.writeFileSync(
  path.join(webRoot, 'route-preloads.json'),
  JSON.stringify([
    { pattern: '/student/dashboard', modules: ['/assets/dashboard-1.js'], data: ['/api/session', '/api/student/dashboard'] },
    { pattern: '/course/:courseId', modules: ['/assets/course-1.js'], data: ['/api/session', '/api/courses/:courseId/learn'] },
    { pattern: '/admin/students', modules: ['/assets/students-1.js'], data: ['/api/session'] },
  ]),
);
fs.writeFileSync(
  path.join(dist, 'prerender', 'prerender.js'),
  `export const createSignedInPages = (read) => {
     const index = read('index.html');
     return async ({ pathname, search, answers, head, timeZone }) => {
       if (pathname.startsWith('/course/')) throw new Error('the page could not be rendered');
       if (pathname !== '/student/dashboard') return null;
       const seen = JSON.stringify({ pathname, search, timeZone, answers });
       return index.replace('<div id="root"></div>', () => '<div id="root" data-rendered>' + 'rendered '.repeat(500) + '</div>')
         .replace('</head>', () => head + '<meta name="seen" content="' + encodeURIComponent(seen) + '"></head>');
     };
   };`,
);

const t = await createTestApp({ webRoot });
const zone = `${READER_TIME_ZONE_COOKIE}=America%2FLos_Angeles`;

/** What the renderer was given for a page it rendered. */
function seen(html: string): { pathname: string; search: string; timeZone: string; answers: Record<string, unknown> } {
  const meta = /<meta name="seen" content="([^"]*)">/.exec(html);
  if (!meta) throw new Error('the page was not rendered by the renderer');
  return JSON.parse(decodeURIComponent(meta[1]!)) as ReturnType<typeof seen>;
}

describe('signed-in pages rendered by the server', () => {
  it("renders the student's page with her answers and her time zone, written into the page, compressed, kept by nobody", async () => {
    const cookie = await t.signIn('alice.student@example.com');
    const page = await t.app.inject({
      method: 'GET',
      url: '/student/dashboard?from=mail',
      headers: { cookie: `${cookie}; ${zone}`, 'accept-encoding': 'gzip' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const html = zlib.gunzipSync(page.rawPayload).toString('utf8');
    expect(html).toContain('<div id="root" data-rendered>');
    const given = seen(html);
    expect(given.pathname).toBe('/student/dashboard');
    expect(given.search).toBe('?from=mail');
    expect(given.timeZone).toBe('America/Los_Angeles');
    const own = await t.app.inject({ method: 'GET', url: '/api/student/dashboard', headers: { cookie } });
    expect(given.answers['/api/student/dashboard']).toEqual(own.json());
    // The same answers go into the page for the app, which takes the page over with them.
    expect(html).toContain(`<script type="application/json" id="${FIRST_PAGE_ANSWERS_ID}">`);
  });

  it("is left to the browser without the reader's zone, or with one that is not a time zone", async () => {
    const cookie = await t.signIn('alice.student@example.com');
    for (const extra of ['', `; ${READER_TIME_ZONE_COOKIE}=Not%2FA_Zone`, `; ${READER_TIME_ZONE_COOKIE}=${'x'.repeat(80)}`]) {
      const page = await t.app.inject({ method: 'GET', url: '/student/dashboard', headers: { cookie: `${cookie}${extra}` } });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('data-rendered');
      expect(page.body).toContain('<div id="root"></div>');
      // The app still gets its answers with the page.
      expect(page.body).toContain(`id="${FIRST_PAGE_ANSWERS_ID}"`);
    }
  });

  it('is left to the browser for a visitor, a page the renderer does not render, and a page it fails on', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/student/dashboard', headers: { cookie: zone } });
    expect(visitor.body).toContain('<div id="root"></div>');

    const tutor = await t.signIn(t.env.adminEmail!);
    const students = await t.app.inject({ method: 'GET', url: '/admin/students', headers: { cookie: `${tutor}; ${zone}` } });
    expect(students.statusCode).toBe(200);
    expect(students.body).toContain('<div id="root"></div>');

    const cookie = await t.signIn('alice.student@example.com');
    const course = (await t.app.inject({ method: 'GET', url: '/api/student/dashboard', headers: { cookie } })).json<{
      courses: { id: string }[];
    }>().courses[0]!.id;
    const failed = await t.app.inject({ method: 'GET', url: `/course/${course}`, headers: { cookie: `${cookie}; ${zone}` } });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(failed.body).toContain(`id="${FIRST_PAGE_ANSWERS_ID}"`);
  });

  it("answers a file-like path under a page's pattern with a 404, never the page", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/course/old-chunk.js' });
    expect(res.statusCode).toBe(404);
  });
});
