/**
 * Screenshots of the running app at 1280 and 390 pixels wide, light and dark, for looking at what
 * users see (and for the README). Usage: BASE_URL=http://127.0.0.1:3000 tsx scripts/screenshots.ts [outDir] [page ...]
 * Signs in as the tutor through the dev outbox is not possible from here, so admin pages use the
 * development quick login of a test student where a student page is wanted, and ADMIN_COOKIE
 * (a `sid=...` value) when set for admin pages.
 *
 * `--readme`: the README's screens instead (README below), each at the one width and theme the README
 * shows, the size of the window (not the whole page), written to docs/screenshots unless an outDir is
 * given. Those of screens that need a prepared state (a submission, a certificate, a quiz under way)
 * are not among them: their pictures are taken by hand.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const readme = process.argv.includes('--readme');
const args = process.argv.slice(2).filter((a) => a !== '--readme');
const outDir = args[0] ?? (readme ? 'docs/screenshots' : 'screenshots/tmp');
const only = args.slice(1);

type Shot = { name: string; path: string | (() => Promise<string>); as?: 'anonymous' | 'student' | 'pending' | 'admin' };
type Look = { width: 1280 | 390; theme: 'light' | 'dark' };
const shots: Shot[] = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'contact', path: '/contact' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'contact-signed-in', path: '/contact', as: 'student' },
  { name: 'pending', path: '/dashboard', as: 'pending' },
  { name: 'student-dashboard', path: '/student/dashboard', as: 'student' },
  { name: 'admin-dashboard', path: '/admin/dashboard', as: 'admin' },
];

/** The first of the seeded student's courses by title (the README shows C Programming Fundamentals). */
async function studentCourse(): Promise<string> {
  const context = await browser.newContext();
  await signIn(context, 'student');
  const res = await context.request.get(`${base}/api/student/dashboard`);
  const { courses } = (await res.json()) as { courses: { id: string; title: string }[] };
  await context.close();
  const [course] = [...courses].sort((a, b) => a.title.localeCompare(b.title));
  if (!course) throw new Error('the seeded student has no course');
  return `/course/${course.id}`;
}

/** My Grades of the seeded student's first course. */
const studentGrades = async () => `${await studentCourse()}/grades`;

/** The course editor of the first course of the tutor's list. */
async function editedCourse(): Promise<string> {
  const context = await browser.newContext();
  await signIn(context, 'admin');
  const res = await context.request.get(`${base}/api/admin/courses`);
  const { courses } = (await res.json()) as { courses: { id: string; title: string }[] };
  await context.close();
  const [course] = [...courses].sort((a, b) => a.title.localeCompare(b.title));
  if (!course) throw new Error('there is no course to edit');
  return `/admin/courses/${course.id}/edit`;
}

/** The README's screens (README.md, 'Screens'), each at the look it is shown in. */
const README: (Shot & Look)[] = [
  { name: 'student-dashboard', path: '/student/dashboard', as: 'student', width: 1280, theme: 'light' },
  { name: 'course', path: studentCourse, as: 'student', width: 1280, theme: 'light' },
  { name: 'course', path: studentCourse, as: 'student', width: 390, theme: 'dark' },
  { name: 'analytics', path: '/admin/analytics', as: 'admin', width: 1280, theme: 'dark' },
  { name: 'landing', path: '/', width: 1280, theme: 'light' },
  { name: 'admin-dashboard', path: '/admin/dashboard', as: 'admin', width: 1280, theme: 'light' },
  { name: 'login', path: '/login', width: 390, theme: 'dark' },
  { name: 'pending', path: '/dashboard', as: 'pending', width: 390, theme: 'light' },
  { name: 'contact-student', path: '/contact', as: 'student', width: 1280, theme: 'dark' },
  { name: 'admin-students', path: '/admin/students', as: 'admin', width: 1280, theme: 'light' },
  { name: 'course-editor', path: editedCourse, as: 'admin', width: 1280, theme: 'dark' },
  { name: 'admin-courses', path: '/admin/courses', as: 'admin', width: 390, theme: 'light' },
  { name: 'invitations', path: '/admin/invitations', as: 'admin', width: 1280, theme: 'light' },
  { name: 'notifications', path: '/admin/notifications', as: 'admin', width: 390, theme: 'dark' },
  { name: 'gradebook', path: '/admin/gradebook', as: 'admin', width: 1280, theme: 'light' },
  { name: 'my-grades', path: studentGrades, as: 'student', width: 390, theme: 'dark' },
];

async function signIn(context: BrowserContext, as: Shot['as']) {
  if (!as || as === 'anonymous') return;
  if (as === 'admin') {
    const cookie = process.env.ADMIN_COOKIE;
    if (!cookie) throw new Error('ADMIN_COOKIE (sid=...) is needed for admin pages');
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
    return;
  }
  const email = as === 'pending' ? 'carol.pending@example.com' : 'alice.student@example.com';
  const res = await context.request.post(`${base}/api/dev/login`, { data: { email } });
  if (!res.ok()) throw new Error(`dev login failed: ${res.status()} ${await res.text()}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
await fs.mkdir(outDir, { recursive: true });
const looks: (Shot & Look)[] = readme
  ? README
  : shots.flatMap((shot) =>
      (['light', 'dark'] as const).flatMap((theme) => ([1280, 390] as const).map((width) => ({ ...shot, width, theme }))),
    );
for (const shot of looks.filter((s) => only.length === 0 || only.includes(s.name))) {
  const { width, theme } = shot;
  const context = await browser.newContext({
    viewport: { width, height: width > 600 ? 800 : 844 },
    deviceScaleFactor: 1,
    colorScheme: theme,
  });
  await signIn(context, shot.as);
  const page = await context.newPage();
  await page.goto(base + (typeof shot.path === 'string' ? shot.path : await shot.path()), { waitUntil: 'networkidle' });
  // What the page shows once it has settled (the bell's count, the tutor's button: after-load.ts).
  await page.waitForTimeout(readme ? 5000 : 300);
  const file = path.join(outDir, `${shot.name}-${width}-${theme}.png`);
  await page.screenshot({ path: file, fullPage: !readme });
  console.log(file);
  await context.close();
}
await browser.close();
