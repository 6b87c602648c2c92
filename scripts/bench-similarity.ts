/**
 * npm run bench:similarity — a similarity check of a large class, while students use the app.
 *
 * Into a FRESH database (an embedded PostgreSQL in a temporary folder, or a new database `bench_similarity_<pid>` on
 * the server of DATABASE_URL, dropped afterwards) it writes one C exercise with starter code and SUBMISSIONS students
 * (default 500), each with one submission of a program of about 100 lines: most write their own (functions drawn from
 * a pool, in their own order, with their own names), and every COPY_EVERY-th (default 5) hands in a renamed,
 * reordered copy of another's. It then starts the app as its own process (built, NODE_ENV=production, no grading
 * workers: nothing is graded) and STUDENTS students (default 20) each open their course page
 * (GET /api/courses/:id/learn, "the course call") every 50 ms, as a student's screen would refresh:
 *   1. BASELINE seconds (default 10) without a check: the reference;
 *   2. while the tutor's 'Check Similarity' runs (the app's job, comparing in a worker thread), until it finishes.
 * It prints the check's duration (from the request to the results), the pairs it found, and the course call's p50 and
 * p99 in both phases. Targets: the check under 60 s, the course call's p99 during it under 100 ms. Not part of npm test.
 */
import { openBenchDatabase } from './bench-database';
import { startBenchServer } from './bench-server';
import { seed } from '../src/server/seed/seed';
import { createSessionService } from '../src/server/domains/auth/sessions.service';
import type { SimilarityOverview } from '../src/common/similarity';
import { courseCalls } from './bench-course-calls';
import { percentile } from './bench-stats';

const SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 500);
const STUDENTS = Number(process.env.STUDENTS ?? 20);
const BASELINE = Number(process.env.BASELINE ?? 10);
const COPY_EVERY = Number(process.env.COPY_EVERY ?? 5);
const THRESHOLD = Number(process.env.THRESHOLD ?? 70);
const ADMIN_EMAIL = 'admin@bench.example';
const COOKIE = '__Host-sid';

const ms = (v: number) => `${v.toFixed(1)} ms`;

/** A seeded random source, so that every run compares the same class. */
function random(seed: number) {
  let x = seed >>> 0 || 1;
  const next = () => (x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
    shuffle: <T>(xs: T[]) => {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [xs[i], xs[j]] = [xs[j]!, xs[i]!];
      }
      return xs;
    },
  };
}

const STARTER = `#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  /* read the grades, then print the report */
  return 0;
}
`;

/** Functions a student may write for the grades report, with $1, $2 ... for the names they choose. */
const FUNCTIONS: ((n: string[]) => string)[] = [
  (n) => `static int ${n[0]}(const int *${n[1]}, int ${n[2]}) {
  int ${n[3]} = ${n[1]}[0];
  for (int i = 1; i < ${n[2]}; i++) {
    if (${n[1]}[i] > ${n[3]}) ${n[3]} = ${n[1]}[i];
  }
  return ${n[3]};
}`,
  (n) => `static int ${n[0]}(const int *${n[1]}, int ${n[2]}) {
  int ${n[3]} = ${n[1]}[0];
  int i = 1;
  while (i < ${n[2]}) {
    if (${n[1]}[i] < ${n[3]}) {
      ${n[3]} = ${n[1]}[i];
    }
    i++;
  }
  return ${n[3]};
}`,
  (n) => `static double ${n[0]}(const int *${n[1]}, int ${n[2]}) {
  long ${n[3]} = 0;
  for (int i = 0; i < ${n[2]}; i++) ${n[3]} += ${n[1]}[i];
  return ${n[2]} ? (double)${n[3]} / ${n[2]} : 0.0;
}`,
  (n) => `static void ${n[0]}(int *${n[1]}, int ${n[2]}) {
  for (int i = 0; i < ${n[2]} - 1; i++) {
    for (int j = 0; j < ${n[2]} - 1 - i; j++) {
      if (${n[1]}[j] > ${n[1]}[j + 1]) {
        int ${n[3]} = ${n[1]}[j];
        ${n[1]}[j] = ${n[1]}[j + 1];
        ${n[1]}[j + 1] = ${n[3]};
      }
    }
  }
}`,
  (n) => `static void ${n[0]}(int *${n[1]}, int ${n[2]}) {
  for (int i = 1; i < ${n[2]}; i++) {
    int ${n[3]} = ${n[1]}[i];
    int j = i - 1;
    while (j >= 0 && ${n[1]}[j] > ${n[3]}) {
      ${n[1]}[j + 1] = ${n[1]}[j];
      j--;
    }
    ${n[1]}[j + 1] = ${n[3]};
  }
}`,
  (n) => `static double ${n[0]}(int *${n[1]}, int ${n[2]}) {
  if (${n[2]} == 0) return 0.0;
  if (${n[2]} % 2 == 1) return ${n[1]}[${n[2]} / 2];
  return (${n[1]}[${n[2]} / 2 - 1] + ${n[1]}[${n[2]} / 2]) / 2.0;
}`,
  (n) => `static int ${n[0]}(const int *${n[1]}, int ${n[2]}, int ${n[3]}) {
  int count = 0;
  for (int i = 0; i < ${n[2]}; i++) {
    if (${n[1]}[i] >= ${n[3]}) count++;
  }
  return count;
}`,
  (n) => `static char ${n[0]}(int ${n[1]}) {
  if (${n[1]} >= 90) return 'A';
  if (${n[1]} >= 80) return 'B';
  if (${n[1]} >= 70) return 'C';
  if (${n[1]} >= 60) return 'D';
  return 'F';
}`,
  (n) => `static void ${n[0]}(const int *${n[1]}, int ${n[2]}) {
  int ${n[3]}[5] = {0, 0, 0, 0, 0};
  for (int i = 0; i < ${n[2]}; i++) {
    int bucket = ${n[1]}[i] / 20;
    if (bucket > 4) bucket = 4;
    ${n[3]}[bucket]++;
  }
  for (int b = 0; b < 5; b++) {
    printf("%3d-%3d: ", b * 20, b * 20 + 19);
    for (int k = 0; k < ${n[3]}[b]; k++) putchar('*');
    putchar('\\n');
  }
}`,
  (n) => `static double ${n[0]}(const int *${n[1]}, int ${n[2]}, double ${n[3]}) {
  double sum = 0.0;
  for (int i = 0; i < ${n[2]}; i++) {
    double d = ${n[1]}[i] - ${n[3]};
    sum += d * d;
  }
  return ${n[2]} > 1 ? sum / (${n[2]} - 1) : 0.0;
}`,
  (n) => `static int *${n[0]}(int *${n[2]}) {
  int ${n[3]} = 0;
  if (scanf("%d", &${n[3]}) != 1 || ${n[3]} <= 0) return NULL;
  int *${n[1]} = malloc(sizeof(int) * ${n[3]});
  for (int i = 0; i < ${n[3]}; i++) {
    if (scanf("%d", &${n[1]}[i]) != 1) { free(${n[1]}); return NULL; }
  }
  *${n[2]} = ${n[3]};
  return ${n[1]};
}`,
  (n) => `static void ${n[0]}(const char *${n[1]}, double ${n[2]}) {
  char ${n[3]}[64];
  snprintf(${n[3]}, sizeof ${n[3]}, "%s", ${n[1]});
  for (char *p = ${n[3]}; *p; p++) if (*p == '_') *p = ' ';
  printf("%-12s %8.2f\\n", ${n[3]}, ${n[2]});
}`,
];

const WORDS =
  'data vals grades marks xs arr list nums scores items n len size count total acc best worst tmp t k cur key res out buf label name'.split(
    ' ',
  );

/** Lines students add of their own accord (checks, traces, spare variables): no two own programs interleave them alike. */
const EXTRAS: ((v: string) => string)[] = [
  (v) => `  int ${v} = 0;`,
  (v) => `  if (${v} < 0) return 0;`,
  (v) => `  fprintf(stderr, "trace %d\\n", ${v});`,
  (v) => `  ${v} = ${v} * 2 + 1;`,
  (v) => `  assert(${v} >= 0);`,
  (v) => `  for (int z = 0; z < 3; z++) ${v}++;`,
  (v) => `  double ${v}_f = ${v} / 3.0;`,
  (v) => `  char ${v}_s[8] = "x";`,
  (v) => `  while (${v} > 100) ${v} -= 100;`,
  (v) => `  ${v} += sizeof(long);`,
  (v) => `  unsigned ${v}_u = (unsigned)${v} << 1;`,
  (v) => `  switch (${v}) { case 1: break; default: ${v}--; }`,
];

/** A function with a few lines of the student's own put in after its first line. */
function withExtras(r: ReturnType<typeof random>, fn: string): string {
  const lines = fn.split('\n');
  const out = [lines[0]!];
  for (const line of lines.slice(1, -1)) {
    out.push(line);
    if (r.next() < 0.35) out.push(r.pick(EXTRAS)(`e${r.int(50)}`));
  }
  out.push(lines.at(-1)!);
  return out.join('\n');
}

/** One student's own program: about 100 lines, functions from the pool in their order, names and extra lines of their own. */
function ownProgram(r: ReturnType<typeof random>, student: number): string {
  const name = (base: string) => `${base}_${student.toString(36)}${r.int(100)}`;
  const chosen = r.shuffle([...FUNCTIONS.keys()]).slice(0, 8);
  const fns = chosen.map((i) => ({ i, name: name(r.pick(['calc', 'get', 'find', 'do', 'compute', 'make', 'show'])) }));
  const body = fns.map(({ i, name: fn }) => withExtras(r, FUNCTIONS[i]!([fn, r.pick(WORDS), r.pick(WORDS) + '2', r.pick(WORDS) + '3'])));
  const calls = fns
    .map(({ i, name: fn }) =>
      i === 10 || i === 11 || i === 7
        ? `  /* ${fn} is used below */`
        : `  printf("%d\\n", (int)${fn}(grades, n${i === 6 || i === 9 ? ', 50' : ''}));`,
    )
    .join('\n');
  return `#include <assert.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n${body.join('\n\n')}\n\nint main(void) {\n  int n = 0;\n  int grades[256];\n  while (n < 256 && scanf("%d", &grades[n]) == 1) n++;\n${calls}\n  return 0;\n}\n`;
}

/** A copy of someone's program: every name changed and the functions in another order. */
function copyOf(r: ReturnType<typeof random>, program: string, student: number): string {
  const names = [...new Set(program.match(/\b[a-z]+_[a-z0-9]+\b|\b[a-z]+[23]\b/g) ?? [])];
  let out = program;
  for (const n of names) out = out.replace(new RegExp(`\\b${n}\\b`, 'g'), `v${student.toString(36)}_${r.int(1000)}`);
  const [head, ...rest] = out.split('\n\nstatic ');
  const last = rest.pop()!;
  const [lastFn, main] = last.split('\n\nint main');
  const fns = r.shuffle([...rest, lastFn!]);
  return `${head}\n\nstatic ${fns.join('\n\nstatic ')}\n\nint main${main}`;
}

async function main() {
  const database = await openBenchDatabase('bench-similarity', process.env.DATABASE_URL, 10);
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  let calls: ReturnType<typeof courseCalls> | undefined;
  try {
    await seed(database.db, { adminEmail: ADMIN_EMAIL, isProduction: false, testStudents: false });
    const pool = database.pool;
    const r = random(31);
    const { rows: course } = await pool.query<{ id: string }>(
      `insert into courses (title, is_published) values ('Grades in C', true) returning id`,
    );
    const courseId = course[0]!.id;
    const { rows: chapter } = await pool.query<{ id: string }>(
      `insert into chapters (course_id, title, position) values ($1, 'Arrays', 1) returning id`,
      [courseId],
    );
    const { rows: lesson } = await pool.query<{ id: string }>(
      `insert into lessons (chapter_id, title, lesson_type, video_url, position)
       values ($1, 'A grades report', 'VIDEO', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 1) returning id`,
      [chapter[0]!.id],
    );
    const lessonId = lesson[0]!.id;
    const { rows: exercise } = await pool.query<{ id: string }>(
      `insert into exercises (lesson_id, position, title, language, starter_code, reference_solution)
       values ($1, 1, 'A grades report', 'c', $2, $2) returning id`,
      [lessonId, STARTER],
    );
    const exerciseId = exercise[0]!.id;

    console.log(`Writing ${SUBMISSIONS} students' submissions (every ${COPY_EVERY}th a renamed, reordered copy) ...`);
    const programs: string[] = [];
    let lines = 0;
    for (let i = 0; i < SUBMISSIONS; i++) {
      const code = i > 0 && i % COPY_EVERY === 0 ? copyOf(r, programs[r.int(i)]!, i) : ownProgram(r, i);
      programs.push(code);
      lines += code.split('\n').length;
    }
    const { rows: students } = await pool.query<{ id: string }>(
      `insert into users (email, first_name, last_name, role, approval_status)
       select 'bench-sim-' || g || '@bench.example', 'Student', g::text, 'student', 'approved' from generate_series(1, $1) g
       returning id`,
      [SUBMISSIONS],
    );
    await pool.query(`insert into enrollments (student_id, course_id) select unnest($1::uuid[]), $2`, [
      students.map((s) => s.id),
      courseId,
    ]);
    await pool.query(
      `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, code, status)
       select $1, $2, unnest($3::uuid[]), 'submit', unnest($4::text[]), 'done'`,
      [exerciseId, lessonId, students.map((s) => s.id), programs],
    );
    console.log(`  ${(lines / SUBMISSIONS).toFixed(0)} lines a program on average`);

    const sessions = createSessionService(database.db, () => new Date());
    const screens = [];
    for (const s of students.slice(0, STUDENTS)) screens.push({ cookie: `${COOKIE}=${(await sessions.create(s.id, {})).token}`, courseId });
    const { rows: adminRow } = await pool.query<{ id: string }>(`select id from users where role = 'admin'`);
    const admin = `${COOKIE}=${(await sessions.create(adminRow[0]!.id, {})).token}`;

    server = await startBenchServer({
      databaseUrl: database.url.toString(),
      adminEmail: ADMIN_EMAIL,
      name: 'bench-similarity',
      env: { LOG_LEVEL: 'warn', GRADING_WORKERS: '0' },
    });
    const base = server.url;

    calls = courseCalls(base, screens);
    await new Promise((r) => setTimeout(r, 1000));
    calls.reset();
    console.log(`Course calls without a check, ${BASELINE} s ...`);
    await new Promise((r) => setTimeout(r, BASELINE * 1000));
    const baseline = [...calls.times];
    const baselineErrors = calls.errors();
    calls.reset();

    console.log(`'Check Similarity' at ${THRESHOLD}% ...`);
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/exercises/${exerciseId}/similarity`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ threshold: THRESHOLD }),
    });
    if (res.status !== 202) throw new Error(`the check was refused: ${res.status} ${await res.text()}`);
    let overview: SimilarityOverview;
    for (;;) {
      overview = (await (
        await fetch(`${base}/api/admin/exercises/${exerciseId}/similarity`, { headers: { cookie: admin } })
      ).json()) as SimilarityOverview;
      if (overview.check?.status === 'done' || overview.check?.status === 'failed') break;
      if (performance.now() - started > 600_000) throw new Error('the check did not finish in 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const took = performance.now() - started;
    const during = [...calls.times];
    const duringErrors = calls.errors();
    await calls.stop();
    calls = undefined;
    if (overview.check.status === 'failed') throw new Error(`the check failed: ${overview.check.error}`);
    const results = overview.check.results!;

    console.log('');
    console.log(`Similarity check of ${results.compared} submissions (about ${(lines / SUBMISSIONS).toFixed(0)} lines each):`);
    console.log(`  ${(took / 1000).toFixed(1)} s from the request to the results (target: under 60 s)`);
    console.log(
      `  ${results.pairsAbove} pairs at or above ${results.threshold}% (${overview.pairs.length} kept); copies planted: ${Math.floor((SUBMISSIONS - 1) / COPY_EVERY)}`,
    );
    console.log(`The course call (${STUDENTS} students, every 50 ms):`);
    console.log(
      `  without a check: p50 ${ms(percentile(baseline, 50))}, p99 ${ms(percentile(baseline, 99))} (${baseline.length} calls, ${baselineErrors} errors)`,
    );
    console.log(
      `  during the check: p50 ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))} (${during.length} calls, ${duringErrors} errors; target p99 under 100 ms)`,
    );
  } finally {
    await calls?.stop();
    await server?.stop();
    await database.dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
