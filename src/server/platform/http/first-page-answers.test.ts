import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_PAGE_ANSWERS_ID } from '../../../common/web-page';
import { createTestApp } from '../../../../tests/support/test-app';

// A build's web root as the server reads it: the page and the routes' preload list.
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'first-page-answers-'));
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<html>\n  <head>\n    <title>App</title>\n  </head>\n  <body></body>\n</html>\n');
fs.writeFileSync(
  path.join(webRoot, 'route-preloads.json'),
  JSON.stringify([
    { pattern: '/student/dashboard', modules: ['/assets/dashboard-1.js'], data: ['/api/session', '/api/student/dashboard'] },
    { pattern: '/course/:courseId', modules: ['/assets/course-1.js'], data: ['/api/session', '/api/courses/:courseId/learn'] },
  ]),
);

const t = await createTestApp({ webRoot });

/** The answers a page carries, by API path; null when it carries none. */
function answersOf(html: string): Record<string, unknown> | null {
  const block = html.match(new RegExp(`<script type="application/json" id="${FIRST_PAGE_ANSWERS_ID}">([^<]*)</script>`));
  return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : null;
}

describe('the first page of a signed-in visit', () => {
  it('carries the answers the page waits for, the same as the API gives the visitor, and is kept by nobody', async () => {
    const cookie = await t.signIn('alice.student@example.com');
    const page = await t.app.inject({ method: 'GET', url: '/student/dashboard', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const answers = answersOf(page.body);
    expect(Object.keys(answers ?? {})).toEqual(['/api/session', '/api/student/dashboard']);
    for (const [url, answer] of Object.entries(answers!)) {
      const own = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(answer, url).toEqual(own.json());
    }
    expect((answers!['/api/session'] as { session: { user: { email: string } } }).session.user.email).toBe('alice.student@example.com');
    // Written instead of asked for: no preload of the same answers.
    expect(page.body).not.toContain('as="fetch"');
    expect(page.body).toContain('href="/assets/dashboard-1.js"');
  });

  it('carries nothing when one answer is a refusal: the page asks, and shows the refusal its usual way', async () => {
    const cookie = await t.signIn('alice.student@example.com');
    const course = await t.pool.query<{ id: string }>(
      `select c.id from courses c
        where not exists (select 1 from enrollments e join users u on u.id = e.student_id
                          where e.course_id = c.id and u.email = 'alice.student@example.com')
        limit 1`,
    );
    const notHers = course.rows[0]?.id;
    expect(notHers, 'the seed has a course Alice is not enrolled in').toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${notHers}/learn`, headers: { cookie } })).statusCode).not.toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/course/${notHers}`, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(answersOf(page.body)).toBeNull();
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain(`<link rel="preload" href="/api/courses/${notHers}/learn" as="fetch" crossorigin="anonymous" />`);
  });

  it('carries nothing for a visitor, or a cookie whose session is gone', async () => {
    for (const headers of [{}, { cookie: 'sid=no-such-session' }]) {
      const page = await t.app.inject({ method: 'GET', url: '/student/dashboard', headers });
      expect(page.statusCode).toBe(200);
      expect(answersOf(page.body)).toBeNull();
      expect(page.body).not.toContain('as="fetch"');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });
});
