/**
 * npm run bench:practice — grading students' code, measured from the outside.
 *
 * Into a fresh database (bench-database.ts: an embedded PostgreSQL in a temporary folder, or a new
 * database on DATABASE_URL) it writes a published course with three exercises of 5 tests each (C,
 * JavaScript, Java) and 22 enrolled students with sessions, builds the server and starts it as
 * production does, with its two grading worker processes. Then, over HTTP on loopback:
 *
 * 1. Without load: RUNS submissions per language one after the other, each timed from the POST of
 *    Submit to the answer of the long-poll that brings its result (what a student waits). Median
 *    and p95, beside the median of GET /api/health measured in the same run as the reference.
 * 0. After a cold start: the first two C verdicts, submitted as soon as the app reports healthy.
 * 1b. A bystander's correct C submissions while two students each keep two compile bombs in flight: right as the
 *     bombs start (each bomber's first seconds are within its grading budget), and after 30 s more of them.
 * 2. Under load, on the server started again with each student's grading budget lifted (like the submission rate:
 *    the robots send many times what a student may): 20 students submitting at once for DURATION seconds, each sending the next as soon
 *    as the last was graded (12 in C, 5 in JavaScript, 3 in Java), while another student loads the
 *    course screen every 50 ms. Submissions per minute, the slowest answer, errors (a refused
 *    submission or a result other than all tests passed), the workers' peak memory, and the course
 *    call's p50/p99 (with health's, measured in the same way, as the reference).
 *
 * 3. The same load in one language at a time (ONE_LANGUAGE_DURATION seconds each, default 30): verdicts a minute,
 *    median and p95 of the answers, and the course call's p99 (target: C at least 1,000 verdicts a minute).
 *
 * Targets: C median ≤ 1.5 s and JavaScript ≤ 0.3 s without load; under load every submission
 * answered within 30 s, no error, the course call's p99 under 100 ms. Warm workers: each language
 * is graded a few times first, not counted. Options: RUNS (default 9), DURATION (60), STUDENTS (20), ONE_LANGUAGE_DURATION (30),
 * PARTS (the parts to run, default 0,1,1b,2,3) and LANGUAGES (parts 1 and 3's, default c,javascript,java): for instance
 * PARTS=0,1,3 LANGUAGES=c measures C alone in a few minutes.
 * Not part of npm test.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import { seed } from '../src/server/seed/seed';
import { openBenchDatabase } from './bench-database';
import { addPracticeCourse, GRADING_LOAD_ENV, PROGRAMS, startGradingLoad, submitAndWait, type Language } from './bench-grading-load';
import { startBenchServer } from './bench-server';
import { median, percentile } from './bench-stats';

const RUNS = Number(process.env.RUNS ?? 9);
const DURATION = Number(process.env.DURATION ?? 60);
const STUDENTS = Number(process.env.STUDENTS ?? 20);
const ONE_LANGUAGE_DURATION = Number(process.env.ONE_LANGUAGE_DURATION ?? 30);
const PARTS = new Set((process.env.PARTS ?? '0,1,1b,2,3').split(','));
const LANGUAGES = (process.env.LANGUAGES ?? 'c,javascript,java').split(',') as Language[];
const ADMIN_EMAIL = 'admin@bench.example';
// The workers and the lifted submission rates of the load; the grading budget is lifted only for part 2.
const { PRACTICE_GRADING_SECONDS_PER_MINUTE: liftedBudget, ...rates } = GRADING_LOAD_ENV;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

async function prepare(url: string) {
  const database = (await import('../src/server/platform/db/client')).openDatabase(url, { max: 4 });
  await seed(database.db, { adminEmail: ADMIN_EMAIL, isProduction: true, testStudents: false });
  const course = await addPracticeCourse(database.db, STUDENTS);
  await database.close();
  return course;
}

async function startServer(databaseUrl: string, env: Record<string, string> = {}) {
  const { url, child, output, stop } = await startBenchServer({
    databaseUrl,
    adminEmail: ADMIN_EMAIL,
    name: 'bench-practice',
    env: {
      ...rates,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  /** The resident memory of the server's child processes (the grading workers), in MB. */
  async function workersRssMb(): Promise<number> {
    const tasks = await fs.readdir(`/proc/${child.pid}/task`).catch(() => []);
    const pids = new Set<string>();
    for (const t of tasks)
      for (const p of (await fs.readFile(`/proc/${child.pid}/task/${t}/children`, 'utf8').catch(() => '')).split(/\s+/)) if (p) pids.add(p);
    let kb = 0;
    for (const p of pids) kb += Number(/VmRSS:\s+(\d+)/.exec(await fs.readFile(`/proc/${p}/status`, 'utf8').catch(() => ''))?.[1] ?? 0);
    return kb / 1024;
  }
  return {
    url,
    workersRssMb,
    output,
    stop,
  };
}

/** A three-line C program whose compile never ends (each file includes itself twice, sixty levels deep). */
const COMPILE_BOMB = `#if __INCLUDE_LEVEL__ < 60
#include __FILE__
#include __FILE__
#endif
#if __INCLUDE_LEVEL__ == 0
int main(void) { return 0; }
#endif
`;

async function timed(url: string, cookie?: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/** Part 1b: a bystander's C submissions while two students keep compile bombs in flight. */
async function bystanderWithBombs(base: string, exercises: Record<Language, string>, cookies: string[]) {
  console.log(`\n1b. A bystander's C submission while two students each keep two compile bombs in flight (${RUNS} runs)`);
  let bombing = true;
  const bombs = [2, 3].flatMap((student) =>
    [0, 1].map(async () => {
      while (bombing) {
        const r = await submitAndWait(base, cookies[student]!, exercises.c, COMPILE_BOMB);
        // A refused submission (at the student's limit) waits a moment rather than knocking again at once.
        if (r.why?.startsWith('POST')) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }),
  );
  const bystanderRuns = async () => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await submitAndWait(base, cookies[4]!, exercises.c, PROGRAMS.c);
      if (!r.ok) throw new Error(`bystander, C: ${r.why}`);
      times.push(r.ms);
    }
    return times;
  };
  // Right as the bombs reach the workers: each bomber's first seconds of the minute are within its grading budget.
  await new Promise((r) => setTimeout(r, 1500));
  const first = await bystanderRuns();
  // Once the bombers have kept at it for a while: their budget holds each of their next bombs back.
  await new Promise((r) => setTimeout(r, 30_000));
  const kept = await bystanderRuns();
  bombing = false;
  await Promise.all(bombs);
  console.log("| bystander's C | median / p95 | target |");
  console.log('|---|---|---|');
  console.log(`| in the bombs' first seconds | ${ms(median(first))} / ${ms(percentile(first, 95))} | — |`);
  console.log(
    `| after 30 s more of bombs | ${ms(median(kept))} / ${ms(percentile(kept, 95))} | median ≤ 2 s: ${median(kept) <= 2000 ? 'met' : 'NOT met'} |`,
  );
}

async function main() {
  const bench = await openBenchDatabase('bench-practice', process.env.DATABASE_URL, 4);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const { courseId, exercises, cookies } = await prepare(bench.url.toString());
    const started = await startServer(bench.url.toString());
    server = started;
    const base = started.url;
    console.log(`\nCPU: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}; server and 2 grading workers on this machine.`);
    // The first submissions after a start, made as soon as the app reports healthy (it does once the workers are warm).
    const cold: number[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await submitAndWait(base, cookies[i]!, exercises.c, PROGRAMS.c);
      if (!r.ok) throw new Error(`cold start, C: ${r.why}`);
      cold.push(r.ms);
    }
    console.log(
      `\n0. After a cold start: the first C verdict ${ms(cold[0]!)}, the second ${ms(cold[1]!)} (target: as fast as a warm one, ≤ 1.5 s: ${cold[0]! <= 1500 ? 'met' : 'NOT met'})`,
    );
    // The rest of the warm-up: the JVM's files come into the cache.
    for (const language of ['javascript', 'java', 'c'] as const)
      if (LANGUAGES.includes(language)) await submitAndWait(base, cookies[0]!, exercises[language], PROGRAMS[language]);

    const health: number[] = [];
    for (let i = 0; i < 30; i++) health.push(await timed(`${base}/api/health`));
    if (PARTS.has('1')) {
      console.log(
        `\n1. Submit → result, no other load (${RUNS} runs each, 5 tests; reference GET /api/health median ${ms(median(health))})`,
      );
      console.log('| language | median | p95 | median ÷ health | target |\n|---|---|---|---|---|');
    }
    const targets: Record<Language, number | null> = { c: 1500, javascript: 300, java: null };
    const unloaded = {} as Record<Language, number>;
    for (const language of PARTS.has('1') ? LANGUAGES : []) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await submitAndWait(base, cookies[i % 2]!, exercises[language], PROGRAMS[language]);
        if (!r.ok) throw new Error(`${language}: ${r.why}`);
        times.push(r.ms);
      }
      unloaded[language] = median(times);
      const target = targets[language];
      console.log(
        `| ${language} | ${ms(median(times))} | ${ms(percentile(times, 95))} | ${(median(times) / median(health)).toFixed(0)}× | ${target === null ? '—' : `≤ ${target} ms: ${median(times) <= target ? 'met' : 'NOT met'}`} |`,
      );
    }

    if (PARTS.has('1b')) await bystanderWithBombs(base, exercises, cookies);

    // The load's robots send many times what a student may (20 a minute): like the submission rate, each student's
    // budget of grading seconds is lifted, so that the engine's capacity is measured, not the rate limits.
    await started.stop();
    const loaded = await startServer(bench.url.toString(), { PRACTICE_GRADING_SECONDS_PER_MINUTE: liftedBudget });
    server = loaded;
    const loadBase = loaded.url;
    const watcher = cookies[STUDENTS]!;
    if (PARTS.has('2')) await mixedLoad();
    async function mixedLoad() {
      console.log(`\n2. ${STUDENTS} students submitting at once for ${DURATION} s (each submits again as soon as graded)`);
      let peakMb = await loaded.workersRssMb();
      let running = true;
      const sampler = setInterval(() => void loaded.workersRssMb().then((mb) => (peakMb = Math.max(peakMb, mb))), 250);
      const course: number[] = [];
      const healthUnderLoad: number[] = [];
      const watching = (async () => {
        while (running) {
          course.push(await timed(`${loadBase}/api/courses/${courseId}/learn`, watcher));
          healthUnderLoad.push(await timed(`${loadBase}/api/health`));
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const end = Date.now() + DURATION * 1000;
      const loadStarted = performance.now();
      const { answers, errors, done } = startGradingLoad({
        base: loadBase,
        cookies,
        exercises,
        students: STUDENTS,
        going: () => Date.now() < end,
      });
      await done;
      const seconds = (performance.now() - loadStarted) / 1000;
      running = false;
      await watching;
      clearInterval(sampler);
      const all = answers.map((a) => a.ms);
      const slowest = Math.max(...all);
      const per = (language: Language) => answers.filter((a) => a.language === language).map((a) => a.ms);
      console.log('| figure | value | target |');
      console.log('|---|---|---|');
      console.log(
        `| submissions graded | ${answers.length} in ${seconds.toFixed(0)} s = ${((answers.length / seconds) * 60).toFixed(0)} a minute | — |`,
      );
      const perMinute = (language: Language) => ((per(language).length / seconds) * 60).toFixed(0);
      console.log(
        `| verdicts a minute (C / JavaScript / Java) | ${perMinute('c')} / ${perMinute('javascript')} / ${perMinute('java')} | — |`,
      );
      console.log(
        `| answer time, median (C / JavaScript / Java) | ${ms(median(per('c')))} / ${ms(median(per('javascript')))} / ${ms(median(per('java')))} | — |`,
      );
      console.log(
        `| answer time, p95 (C / JavaScript / Java) | ${ms(percentile(per('c'), 95))} / ${ms(percentile(per('javascript'), 95))} / ${ms(percentile(per('java'), 95))} | JavaScript ≤ 1 s: ${percentile(per('javascript'), 95) <= 1000 ? 'met' : 'NOT met'} |`,
      );
      console.log(`| slowest answer | ${ms(slowest)} | ≤ 30 s: ${slowest <= 30_000 ? 'met' : 'NOT met'} |`);
      console.log(`| errors | ${errors.length} | 0: ${errors.length === 0 ? 'met' : 'NOT met'} |`);
      console.log(`| workers' peak memory (both) | ${peakMb.toFixed(0)} MB | — |`);
      console.log(
        `| course call p50 / p99 (${course.length} calls) | ${ms(median(course))} / ${ms(percentile(course, 99))} | p99 < 100 ms: ${percentile(course, 99) < 100 ? 'met' : 'NOT met'} |`,
      );
      console.log(
        `| health p50 / p99, same loop (reference) | ${ms(median(healthUnderLoad))} / ${ms(percentile(healthUnderLoad, 99))} | — |`,
      );
      console.log(`| course p99 ÷ health p99 | ${(percentile(course, 99) / percentile(healthUnderLoad, 99)).toFixed(1)}× | — |`);
      if (errors.length) console.log(`\nFirst errors:\n${errors.slice(0, 5).join('\n')}`);
    }

    // The same load in one language at a time: what the engine gives a class that practises one language, without
    // the JVM's gradings sharing the workers (the mix above).
    console.log(`\n3. ${STUDENTS} students submitting at once in one language, ${ONE_LANGUAGE_DURATION} s each`);
    console.log('| language | verdicts a minute | median / p95 | errors | course call p99 | target |');
    console.log('|---|---|---|---|---|---|');
    for (const language of PARTS.has('3') ? LANGUAGES : []) {
      const calls: number[] = [];
      let watchingOne = true;
      const watcherLoop = (async () => {
        while (watchingOne) {
          calls.push(await timed(`${loadBase}/api/courses/${courseId}/learn`, watcher));
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const until = Date.now() + ONE_LANGUAGE_DURATION * 1000;
      const from = performance.now();
      const one = startGradingLoad({ base: loadBase, cookies, exercises, students: STUDENTS, language, going: () => Date.now() < until });
      await one.done;
      const took = (performance.now() - from) / 1000;
      watchingOne = false;
      await watcherLoop;
      const times = one.answers.map((a) => a.ms);
      const perMinuteOne = (times.length / took) * 60;
      const target = language === 'c' ? `≥ 1,000 a minute: ${perMinuteOne >= 1000 ? 'met' : 'NOT met'}` : '—';
      console.log(
        `| ${language} | ${perMinuteOne.toFixed(0)} | ${ms(median(times))} / ${ms(percentile(times, 95))} | ${one.errors.length} | ${ms(percentile(calls, 99))} | ${target} |`,
      );
      if (one.errors.length) console.log(`  first errors: ${one.errors.slice(0, 3).join(' · ')}`);
    }
  } catch (err) {
    console.error(err);
    if (server) console.error(`\nThe server's last output:\n${server.output().slice(-3000)}`);
    process.exitCode = 1;
  } finally {
    await server?.stop();
    await bench.dispose();
  }
}

await main();
