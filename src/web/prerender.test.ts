import { describe, expect, it, vi } from 'vitest';

// The service worker's registration module exists only inside Vite's browser build.
vi.mock('virtual:pwa-register', () => ({ registerSW: () => async () => undefined }));
// Under Vitest, 'react-router/dom' loads a second copy of the router (its CommonJS build) whose
// context the pages would not see; the build has one copy. Its RouterProvider differs only in
// flushSync, which the app does not use.
vi.mock('react-router/dom', async () => ({ RouterProvider: (await import('react-router')).RouterProvider }));

const { render, prerenderedPaths, createSignedInPages } = await import('./prerender');

/** The text a reader sees in a piece of markup, without its tags. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('prerendered public pages', () => {
  it('renders the landing page itself: its headline, sections and courses, as static markup', async () => {
    const { html, title } = await render('/');
    expect(text(html)).toContain('Learn to code with a tutor who has your back');
    expect(html).toMatch(/<h1[^>]*id="hero-title"/);
    for (const course of ['C Programming Fundamentals', 'Java Object-Oriented Programming', 'WebGL 3D Graphics'])
      expect(html).toContain(course);
    expect(html).toContain('id="main-content"');
    // Nothing that depends on the visitor: the session is not known at build time.
    expect(text(html)).not.toContain('Dashboard');
    expect(title).toBe('CodeTutor · Learn programming with a personal tutor');
    // The title goes to the page's head; no script of any kind inside the markup (the CSP allows none inline).
    expect(html).not.toContain('<title>');
    expect(html).not.toContain('<script');
  });

  it('renders sign-in and registration with their forms', async () => {
    expect(prerenderedPaths).toEqual(['/', '/login', '/register']);
    const login = await render('/login');
    expect(login.title).toBe('Sign In · CodeTutor');
    expect(login.html).toContain('<form');
    const register = await render('/register');
    expect(register.html).toContain('<form');
  });
});

/** A built index.html, as Vite writes it: the entry, the framework's preloads, the theme script and the style sheet. */
const BUILT_INDEX = [
  '<!doctype html><html lang="en"><head><title>CodeTutor</title>',
  '<script src="/theme-init.js"></script>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const BUILD_FILES: Record<string, string> = {
  'index.html': BUILT_INDEX,
  'theme-init.js': 'document.documentElement.classList.add("light");',
  'app-start.js': '/* starts the app */',
  'assets/index-1.css': '.flex{display:flex}.not-on-the-page{color:red}',
  'route-preloads.json': JSON.stringify([{ pattern: '/student/dashboard', modules: ['/assets/dashboard-1.js'], data: [] }]),
};
const readBuild = (file: string) => {
  const text = BUILD_FILES[file];
  if (text === undefined) throw new Error(`no ${file} in the test build`);
  return text;
};

/** A student's dashboard answers, enrolled in one course at 02:00 UTC on 7 March (6 March in Los Angeles). */
const dashboardAnswers = {
  '/api/session': {
    session: {
      user: {
        id: 'u1',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        fullName: 'Ada Lovelace',
        role: 'student',
        approvalStatus: 'approved',
        createdAt: '2026-03-01T10:00:00.000Z',
        lastLoginAt: '2026-03-07T10:00:00.000Z',
      },
      viewMode: 'admin',
    },
  },
  '/api/student/dashboard': {
    preview: false,
    stats: { totalCourses: 1, completed: 0, inProgress: 1, lessonsDone: 2, totalLessons: 5 },
    overallProgress: 40,
    insights: { streakDays: 1, lessonsThisWeek: 2 },
    courses: [
      {
        id: 'c1',
        title: 'Pointers <Without> Fear',
        description: 'Memory, addresses and arrays.',
        thumbnailUrl: null,
        enrolledAt: '2026-03-07T02:00:00.000Z',
        totalLessons: 5,
        completedLessons: 2,
        percent: 40,
        status: 'in_progress',
        lastActivityAt: '2026-03-07T02:00:00.000Z',
      },
    ],
  },
  '/api/student/due-this-week': { items: [], preview: false },
  '/api/public-config': {
    appName: 'CodeTutor',
    contactEmail: 'tutor@example.com',
    devTools: false,
    media: { thumbnails: false, imageModels: [], speech: false, transcription: false, webSources: false },
    timeZone: 'UTC',
  },
};

describe('signed-in pages rendered by the server', () => {
  const pages = createSignedInPages(readBuild);
  const head = '<script type="application/json" id="first-page-answers">{}</script>';

  it("renders the student's dashboard with her answers, in a whole page whose scripts wait for its first paint", async () => {
    const page = await pages({ pathname: '/student/dashboard', search: '', answers: dashboardAnswers, head, timeZone: 'UTC' });
    expect(page).not.toBeNull();
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script data-entry/.exec(page!)?.[1] ?? '';
    // The page itself, from the answers: the course (its title escaped), her name, her figures.
    expect(root).toContain('Pointers &lt;Without&gt; Fear');
    expect(text(root)).toContain('Ada Lovelace');
    expect(text(root)).toContain('Mar 7, 2026');
    expect(root).not.toContain('<script');
    // The page's title, the answers in the head, the page's chunk named for app-start.js, only the styles it uses.
    expect(page).toContain('<title>My Learning Dashboard · CodeTutor</title>');
    expect(page).toContain(`${head}\n  </head>`);
    expect(page).toMatch(/data-preload="\/assets\/vendor-1.js \/assets\/dashboard-1.js"/);
    // app-start.js, written in after the markup; the page's buttons are marked as not ready until the app runs, unlike a public page's.
    expect(page).toMatch(/<\/div>\s*<script data-entry="\/assets\/index-1.js" [^>]* data-controls-wait>\/\* starts the app \*\/<\/script>/);
    expect(page).toContain('<style>.flex{display:flex}</style>');
    expect(page).not.toContain('<script type="module"');
  });

  it("shows the reader's calendar day: her browser's time zone", async () => {
    const page = await pages({
      pathname: '/student/dashboard',
      search: '',
      answers: dashboardAnswers,
      head,
      timeZone: 'America/Los_Angeles',
    });
    expect(text(page!)).toContain('Mar 6, 2026');
    expect(text(page!)).not.toContain('Mar 7, 2026');
  });

  it('renders only the pages marked for it: any other is left to the browser', async () => {
    expect(await pages({ pathname: '/admin/students', search: '', answers: dashboardAnswers, head, timeZone: 'UTC' })).toBeNull();
    expect(await pages({ pathname: '/', search: '', answers: dashboardAnswers, head, timeZone: 'UTC' })).toBeNull();
  });

  it('leaves no answers behind for the next render', async () => {
    const { takeFirstPageAnswer } = await import('./lib/first-page-answers');
    await pages({ pathname: '/student/dashboard', search: '', answers: dashboardAnswers, head, timeZone: 'UTC' });
    expect(takeFirstPageAnswer('/api/student/dashboard')).toBeUndefined();
    expect(takeFirstPageAnswer('/api/session')).toBeUndefined();
  });
});
