/**
 * `npm run bench:web`: Lighthouse 12 on the built app, as a phone on a slow connection sees it
 * (Lighthouse's default mobile emulation and simulated throttling), in the system Chromium.
 *
 * Uses the build in DIST_DIR (default `dist`) and builds only when there is none (`--build` always
 * builds). Starts it as `npm start` does (node dist/server/main.js, embedded PostgreSQL in a
 * temporary DATA_DIR, seeded), signs in the seeded student Alice by the development quick login,
 * and measures the landing page, /login, her dashboard and the first of her courses by title.
 * Prints the four category scores, LCP, TBT, CLS and the JavaScript each page downloads before it
 * is interactive, and of it what was requested before the largest contentful paint (gzipped; see
 * jsBeforeInteractive). Figures are printed, not asserted: the exit
 * code is non-zero only when the run itself fails.
 *
 * One Lighthouse run moves by several points on a shared machine, so every page is measured
 * `--runs N` times (default 3; RUNS works too), in rounds over all pages so that a busy moment
 * does not fall on one page only, and the table shows the median run of each page (by its
 * performance score) with every run's score beside it.
 *
 * `--against DIR` measures a second build (another DIST_DIR, say the commit before a change) in the
 * same rounds, each page of one build right after the same page of the other, and prints a table
 * for each: on a busy machine the two see the same moments, so their difference means more than
 * that of two runs minutes apart.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { READER_TIME_ZONE_COOKIE } from '../src/common/web-page';
import { freePort } from '../tests/support/server-process';

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Page = {
  name: string;
  path: string;
  signedIn: boolean;
  targets: { performance: number; seo?: number; lcpMs?: number; jsToLcpKb?: number };
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.DIST_DIR ?? 'dist');
/** `--against DIR`: a second build measured in the same rounds (see above). */
const againstArg = process.argv.indexOf('--against');
const against = againstArg > 0 && process.argv[againstArg + 1] ? path.resolve(process.argv[againstArg + 1]!) : undefined;
const isBuilt = (dir: string) => fs.existsSync(path.join(dir, 'server', 'main.js')) && fs.existsSync(path.join(dir, 'web', 'index.html'));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const STUDENT = 'alice.student@example.com';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

function ensureBuild() {
  if (against && !isBuilt(against)) throw new Error(`--against ${against}: no build there (server/main.js and web/index.html)`);
  const built = isBuilt(dist);
  if (built && !process.argv.includes('--build')) {
    console.log(`Using the build in ${path.relative(root, dist) || '.'} (pass --build to rebuild).`);
    return;
  }
  console.log('Building ...');
  const run = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (run.status !== 0) throw new Error('the build failed');
}

async function startApp(
  build: string,
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; baseUrl: string; log: () => string }> {
  let output = '';
  const child = spawn(process.execPath, [path.join(build, 'server', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      APP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Minutes on a busy machine: the first start creates and seeds the database.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, baseUrl, log: () => output };
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the app did not start within 5 minutes:\n${output}`);
}

async function stopApp(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
}

/** Quick login as the seeded student: the session cookie, and the first of her dashboard's courses by title. */
async function signIn(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/dev/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STUDENT }),
  });
  const sid = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0]
    ?.slice(4);
  if (!res.ok || !sid) throw new Error(`the quick login of ${STUDENT} failed (${res.status}): ${await res.text()}`);
  const dashboard = await fetch(`${baseUrl}/api/student/dashboard`, { headers: { cookie: `sid=${sid}` } });
  const { courses } = (await dashboard.json()) as { courses: { id: string; title: string }[] };
  // By title: the dashboard's own order ties between two fresh seeds (nothing started yet), and two
  // builds measured side by side (--against) must open the same course.
  const [course] = [...courses].sort((a, b) => a.title.localeCompare(b.title));
  if (!course) throw new Error(`${STUDENT} has no course on her dashboard`);
  return { sid, course };
}

/**
 * The JavaScript a page needs before it is interactive: the scripts requested before its load
 * event: the entry, the framework, and the route's own chunks, which the server names in the page
 * as module preloads (src/server/platform/http/page-preloads.ts) and the router needs before it
 * renders anything. What is asked for after the load event comes once the page is usable: the
 * service worker's registration (workbox-window, when the page is idle), the overlays' cards (the
 * install banner, when the browser offers installation), the AI tutor's panel.
 * Sized as gzip at the default level, whatever the server chose to send (it sends the smaller
 * Brotli copies: the "JS sent" column).
 */
async function jsBeforeInteractive(lhr: Result) {
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const loaded = metrics.observedLoad || metrics.observedFirstContentfulPaint || Infinity;
  const lcp = metrics.observedLargestContentfulPaint || loaded;
  const scripts = ((lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).filter(
    (r) => r.resourceType === 'Script' && (r.sessionTargetType ?? 'page') === 'page',
  );
  const sized = await Promise.all(
    scripts.map(async (request) => {
      const body = Buffer.from(await (await fetch(String(request.url))).arrayBuffer());
      return { at: Number(request.networkRequestTime), gzip: zlib.gzipSync(body).length, wire: Number(request.transferSize ?? 0) };
    }),
  );
  const before = (time: number) => sized.filter((s) => s.at < time);
  const beforeLoad = before(loaded);
  return {
    files: beforeLoad.length,
    gzipKb: beforeLoad.reduce((sum, s) => sum + s.gzip, 0) / 1024,
    wireKb: beforeLoad.reduce((sum, s) => sum + s.wire, 0) / 1024,
    // What was asked for before the page's largest paint (as observed, unthrottled, in the trace):
    // the scripts Lighthouse's simulation counts against the LCP.
    lcpFiles: before(lcp).length,
    lcpGzipKb: before(lcp).reduce((sum, s) => sum + s.gzip, 0) / 1024,
  };
}

const score = (lhr: Result, id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** `--out DIR` keeps each page's full Lighthouse report (JSON) there, one per run. */
const outArg = process.argv.indexOf('--out');
const outDir = outArg > 0 ? path.resolve(process.argv[outArg + 1] ?? '.') : undefined;
/** `--runs N` (or RUNS): how many times each page is measured. */
const runsArg = process.argv.indexOf('--runs');
const RUNS = Math.max(1, Number(runsArg > 0 ? process.argv[runsArg + 1] : (process.env.RUNS ?? 3)) || 3);
/** `--only TEXT`: measure only the pages whose name or path contains TEXT (comma-separated). */
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? (process.argv[onlyArg + 1] ?? '').toLowerCase().split(',').filter(Boolean) : [];

/** The run in the middle by performance score (of an even count, the lower middle), ties broken by TBT. */
function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort(
    (a, b) => score(a, 'performance') - score(b, 'performance') || numeric(b, 'total-blocking-time') - numeric(a, 'total-blocking-time'),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One build under test: its app, the student's session there, and its pages (the course's id is its own). */
type Build = { label: string; dir: string; app: Awaited<ReturnType<typeof startApp>>; sid: string; pages: Page[] };

async function startBuild(label: string, dir: string, dataDir: string): Promise<Build> {
  const app = await startApp(dir, path.join(dataDir, label), await freePort());
  try {
    const { sid, course } = await signIn(app.baseUrl);
    const allPages: Page[] = [
      // The landing page is prerendered (docs/decisions/021): it paints before the app's code arrives.
      { name: 'Landing', path: '/', signedIn: false, targets: { performance: 100, seo: 100, lcpMs: 1200, jsToLcpKb: 50 } },
      { name: 'Login', path: '/login', signedIn: false, targets: { performance: 97, seo: 100 } },
      { name: 'Student dashboard', path: '/student/dashboard', signedIn: true, targets: { performance: 97 } },
      { name: `Course (${course.title})`, path: `/course/${course.id}`, signedIn: true, targets: { performance: 97 } },
    ];
    const pages = only.length ? allPages.filter((p) => only.some((o) => p.name.toLowerCase().includes(o) || p.path.includes(o))) : allPages;
    return { label, dir, app, sid, pages };
  } catch (err) {
    await stopApp(app.child);
    throw err;
  }
}

async function measure(chrome: chromeLauncher.LaunchedChrome, build: Build, page: Page): Promise<Result> {
  // The session cookie of the signed-in pages lives in the browser for our origin only, as after a real
  // sign-in; so does the browser's time zone, which the app keeps there on the sign-in page
  // (src/web/lib/reader-time-zone.ts; Chromium's zone is the machine's, as Node's is).
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0]!;
  await context.clearCookies();
  if (page.signedIn)
    await context.addCookies([
      { name: 'sid', value: build.sid, url: build.app.baseUrl, httpOnly: true, sameSite: 'Lax' },
      { name: READER_TIME_ZONE_COOKIE, value: Intl.DateTimeFormat().resolvedOptions().timeZone, url: build.app.baseUrl, sameSite: 'Lax' },
    ]);
  await browser.close();
  const run = () =>
    lighthouse(`${build.app.baseUrl}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
  let result = await run();
  // On a busy machine the trace is now and then lost (NO_NAVSTART): one more try.
  if (result?.lhr.runtimeError) {
    console.log(`  (${result.lhr.runtimeError.code}: once more)`);
    result = await run();
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${page.path}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

async function report(build: Build, runs: Result[][]) {
  const rows: { page: Page; lhr: Result; all: Result[]; js: Awaited<ReturnType<typeof jsBeforeInteractive>> }[] = [];
  for (const [i, page] of build.pages.entries()) {
    const all = runs[i]!;
    const lhr = medianRun(all);
    rows.push({ page, lhr, all, js: await jsBeforeInteractive(lhr) });
  }

  const table = rows.map(({ page, lhr, all, js }) => ({
    page: `${page.name} ${page.path}`,
    perf: score(lhr, 'performance'),
    // Every run's performance score, and the median of each run's TBT (the row's other figures are the median run's).
    runs: all.map((r) => score(r, 'performance')).join(' '),
    'TBT med.': `${Math.round(median(all.map((r) => numeric(r, 'total-blocking-time'))))} ms`,
    a11y: score(lhr, 'accessibility'),
    'best pr.': score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    LCP: `${(numeric(lhr, 'largest-contentful-paint') / 1000).toFixed(2)} s`,
    TBT: `${Math.round(numeric(lhr, 'total-blocking-time'))} ms`,
    CLS: numeric(lhr, 'cumulative-layout-shift').toFixed(3),
    'JS gz': `${js.gzipKb.toFixed(1)} KB (${js.files} files)`,
    // Of it, what was requested before the largest contentful paint.
    'JS to LCP': `${js.lcpGzipKb.toFixed(1)} KB (${js.lcpFiles})`,
    'JS sent': `${js.wireKb.toFixed(1)} KB`,
    // Lighthouse's measure of this machine's speed during the run (higher is faster; a busy machine
    // scores low and its pages look slower).
    'CPU idx': Math.round(lhr.environment.benchmarkIndex),
  }));
  console.log(
    `\n${against ? `${build.label} (${path.relative(root, build.dir) || '.'}): ` : ''}Lighthouse ${rows[0]?.lhr.lighthouseVersion}, ${rows[0]?.lhr.configSettings.formFactor} emulation, ${rows[0]?.lhr.configSettings.throttlingMethod} throttling, ${rows[0]?.lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]}; the median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page`,
  );
  console.table(table);

  // The targets the pages are held to, for reading the figures (not asserted).
  console.log(
    'Targets: landing performance 100, LCP ≤ 1.2 s, ≤ 50 KB gzipped JS requested before its LCP; other pages ≥ 97; accessibility and best practices 100; SEO 100 on public pages; CLS < 0.05.',
  );
  for (const { page, lhr, js } of rows) {
    const misses: string[] = [];
    if (score(lhr, 'performance') < page.targets.performance)
      misses.push(`performance ${score(lhr, 'performance')} < ${page.targets.performance}`);
    for (const id of ['accessibility', 'best-practices'] as const) if (score(lhr, id) < 100) misses.push(`${id} ${score(lhr, id)}`);
    if (page.targets.seo && score(lhr, 'seo') < page.targets.seo) misses.push(`seo ${score(lhr, 'seo')}`);
    if (numeric(lhr, 'cumulative-layout-shift') >= 0.05) misses.push(`CLS ${numeric(lhr, 'cumulative-layout-shift').toFixed(3)}`);
    const lcp = numeric(lhr, 'largest-contentful-paint');
    if (page.targets.lcpMs && lcp > page.targets.lcpMs) misses.push(`LCP ${(lcp / 1000).toFixed(2)} s`);
    if (page.targets.jsToLcpKb && js.lcpGzipKb > page.targets.jsToLcpKb) misses.push(`JS before LCP ${js.lcpGzipKb.toFixed(1)} KB`);
    const failing = CATEGORIES.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9).map((ref) => ref.id),
    );
    console.log(
      `  ${page.name}: ${misses.length ? `misses ${misses.join(', ')}` : 'meets the targets'}${failing.length ? `; audits below 90: ${[...new Set(failing)].join(', ')}` : ''}`,
    );
  }
}

async function main() {
  ensureBuild();
  if (outDir) await fsp.mkdir(outDir, { recursive: true });
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-web-'));
  await fsp.chmod(dataDir, 0o755);
  const builds: Build[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    builds.push(await startBuild(against ? 'this' : 'app', dist, dataDir));
    if (against) builds.push(await startBuild('against', against, dataDir));
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
    });
    // A fresh browser's first page load pays for the browser itself starting up (code caches, the
    // renderer's first tasks: seconds on a busy machine), which would land on whichever page came
    // first. One Lighthouse pass over the landing page first, not counted; each measured run still
    // starts from an empty cache and storage (Lighthouse resets them).
    console.log('Lighthouse: warming up the browser (not counted) ...');
    for (const build of builds)
      await lighthouse(`${build.app.baseUrl}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const runs = builds.map((b) => b.pages.map((): Result[] => []));
    for (let round = 1; round <= RUNS; round++) {
      for (const [i, page] of builds[0]!.pages.entries()) {
        // With two builds, which goes first alternates from round to round.
        const order = round % 2 ? builds : [...builds].reverse();
        for (const build of order) {
          const b = builds.indexOf(build);
          console.log(`Lighthouse ${round}/${RUNS}: ${page.name} (${page.path})${against ? `, ${build.label}` : ''} ...`);
          const lhr = await measure(chrome, build, build.pages[i]!);
          runs[b]![i]!.push(lhr);
          console.log(
            `  performance ${score(lhr, 'performance')}, LCP ${(numeric(lhr, 'largest-contentful-paint') / 1000).toFixed(2)} s, TBT ${Math.round(numeric(lhr, 'total-blocking-time'))} ms, CLS ${numeric(lhr, 'cumulative-layout-shift').toFixed(3)}`,
          );
          if (outDir)
            await fsp.writeFile(
              path.join(outDir, `${against ? `${build.label}-` : ''}${page.name.split(' ')[0]!.toLowerCase()}-${round}.json`),
              JSON.stringify(lhr, null, 1),
            );
        }
      }
    }
    for (const [b, build] of builds.entries()) await report(build, runs[b]!);
  } finally {
    await chrome?.kill();
    for (const build of builds) await stopApp(build.app.child);
    await fsp.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
