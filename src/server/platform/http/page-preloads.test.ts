import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageRenderer, matchPattern } from './page-preloads';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-preloads-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.writeFileSync(path.join(dir, 'index.html'), '<html>\n  <head>\n    <title>App</title>\n  </head>\n  <body></body>\n</html>\n');
fs.writeFileSync(
  path.join(dir, 'route-preloads.json'),
  JSON.stringify([
    { pattern: '/', modules: ['/assets/landing-1.js'], data: [] },
    {
      pattern: '/course/:courseId',
      modules: ['/assets/shell-1.js', '/assets/course-1.js'],
      data: ['/api/session', '/api/courses/:courseId/learn'],
    },
  ]),
);

describe('matchPattern', () => {
  it('matches named segments and nothing else', () => {
    expect(matchPattern('/course/:courseId', '/course/abc')).toEqual({ courseId: 'abc' });
    expect(matchPattern('/course/:courseId', '/course/abc/more')).toBeNull();
    expect(matchPattern('/', '/')).toEqual({});
    expect(matchPattern('/', '/login')).toBeNull();
  });
});

describe('createPageRenderer', () => {
  const render = createPageRenderer(dir);

  it('names the route’s chunks as module preloads', () => {
    const html = render('/', false);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-1.js" />');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('preloads the API answers the page waits for only for a signed-in request, with the route’s id', () => {
    const signedIn = render('/course/0b6f7a51-7d0b-4a53-9a3c-bb6a1a000001', true);
    expect(signedIn).toContain('<link rel="preload" href="/api/session" as="fetch" crossorigin="anonymous" />');
    expect(signedIn).toContain('href="/api/courses/0b6f7a51-7d0b-4a53-9a3c-bb6a1a000001/learn"');
    const visitor = render('/course/0b6f7a51-7d0b-4a53-9a3c-bb6a1a000001', false);
    expect(visitor).toContain('/assets/course-1.js');
    expect(visitor).not.toContain('as="fetch"');
  });

  it('writes the answers it is given into the page as data that nothing in them can end, instead of preloading them', () => {
    const course = '/course/0b6f7a51-7d0b-4a53-9a3c-bb6a1a000001';
    expect(render.dataPaths(course)).toEqual(['/api/session', '/api/courses/0b6f7a51-7d0b-4a53-9a3c-bb6a1a000001/learn']);
    const title = '</script><script>alert(1)</script> & $& $1 \u2028';
    const html = render(course, true, { '/api/session': { session: null }, '/api/courses/x/learn': { title } });
    const block = html.match(/<script type="application\/json" id="first-page-answers">([^<]*)<\/script>/);
    expect(block, html).not.toBeNull();
    // The title comes back whole (a `$` is text, not a replacement pattern), and only one script element ends in the page.
    expect(JSON.parse(block![1]!)).toEqual({ '/api/session': { session: null }, '/api/courses/x/learn': { title } });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('as="fetch"');
    expect(html).toContain('/assets/course-1.js');
    expect(html.indexOf('first-page-answers')).toBeLessThan(html.indexOf('</head>'));
    // Never for a visitor, whatever is passed.
    expect(render(course, false, { '/api/session': { session: null } })).not.toContain('first-page-answers');
  });

  it('puts nothing odd from the address into the page', () => {
    expect(render.dataPaths('/course/%22%3E%3Cscript%3E')).toEqual(['/api/session']);
    const html = render('/course/%22%3E%3Cscript%3E', true);
    expect(html).not.toContain('/learn');
    expect(html).not.toContain('<script>');
  });

  it('leaves other pages, and a build without the list, as index.html', () => {
    expect(render('/no-such-page', true)).toBe(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'));
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'page-preloads-bare-'));
    fs.copyFileSync(path.join(dir, 'index.html'), path.join(bare, 'index.html'));
    expect(createPageRenderer(bare)('/', true)).not.toContain('preload');
    fs.rmSync(bare, { recursive: true, force: true });
  });

  it('sends a page the build rendered to HTML as that HTML, to visitors and signed-in users alike', () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'page-preloads-prerendered-'));
    fs.copyFileSync(path.join(dir, 'index.html'), path.join(built, 'index.html'));
    fs.copyFileSync(path.join(dir, 'route-preloads.json'), path.join(built, 'route-preloads.json'));
    fs.mkdirSync(path.join(built, 'prerendered'));
    const landing = '<html><head></head><body><div id="root"><h1>Learn to code</h1></div></body></html>';
    fs.writeFileSync(path.join(built, 'prerendered', 'index.html'), landing);
    fs.writeFileSync(path.join(built, 'prerendered', 'login.html'), '<html><body><form></form></body></html>');
    const renderBuilt = createPageRenderer(built);
    expect(renderBuilt('/', false)).toBe(landing);
    expect(renderBuilt('/', true)).toBe(landing);
    expect(renderBuilt('/login', false)).toContain('<form>');
    // Other pages stay the app's page with their preloads.
    expect(renderBuilt('/course/abc', false)).toContain('/assets/course-1.js');
    fs.rmSync(built, { recursive: true, force: true });
  });
});
