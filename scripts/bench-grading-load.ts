/**
 * The grading load of the benchmarks: STUDENTS students of a practice course each submitting as
 * soon as their last submission was graded (12 in C, 5 in JavaScript, 3 in Java of every 20), on
 * a server whose submission rate and grading budget are lifted (the robots send many times what a
 * student may), so that the engine's capacity is measured, not the limits. Used by
 * npm run bench:practice (its part 2) and npm run bench:backup (the load a backup runs under).
 */
import { sql } from 'drizzle-orm';
import type { Submission } from '../src/common/practice';
import type { Db } from '../src/server/platform/db/client';
import { createSessionService } from '../src/server/domains/auth/sessions.service';

export const LIMITS = { time_limit_ms: 2000, memory_limit_mb: 128, output_limit_kb: 64 };
const TESTS = ['2 3', '-7 7', '1000000 2345', '40 2', '-4 -6'].map((input) => {
  const [a, b] = input.split(' ').map(Number) as [number, number];
  return { input: `${input}\n`, output: `${a + b}\n` };
});

export const PROGRAMS = {
  c: '#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf("%d %d", &a, &b) != 2) return 1;\n  printf("%d\\n", a + b);\n  return 0;\n}\n',
  javascript: "const [a, b] = readline().split(' ').map(Number);\nconsole.log(a + b);\n",
  java: 'import java.util.Scanner;\npublic class Main {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    System.out.println(in.nextInt() + in.nextInt());\n  }\n}\n',
} as const;
export type Language = keyof typeof PROGRAMS;

/** The server's settings for the load: two grading workers, and each student's rate and grading budget lifted. */
export const GRADING_LOAD_ENV = {
  GRADING_WORKERS: '2',
  PRACTICE_SUBMISSIONS_PER_MINUTE: '10000',
  PRACTICE_SUBMITS_PER_EXERCISE_PER_HOUR: '100000',
  PRACTICE_GRADING_SECONDS_PER_MINUTE: '3600',
};

/**
 * A published course with one lesson of three exercises (C, JavaScript, Java; 5 tests each, 3
 * hidden) and `students` + 2 enrolled students ('coder<n>@bench.example') with sessions, added to a
 * seeded database. The cookies are in the students' order.
 */
export async function addPracticeCourse(db: Db, students: number) {
  const one = async <T>(q: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(q)).rows[0]!;
  const course = await one<{ id: string }>(sql`insert into courses (title, is_published) values ('Practice bench', true) returning id`);
  const chapter = await one<{ id: string }>(
    sql`insert into chapters (course_id, title, position) values (${course.id}, 'Bench', 1) returning id`,
  );
  const lesson = await one<{ id: string }>(
    sql`insert into lessons (chapter_id, title, lesson_type, video_url, position)
        values (${chapter.id}, 'Sums', 'VIDEO', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 1) returning id`,
  );
  const exercises = {} as Record<Language, string>;
  for (const [i, language] of (['c', 'javascript', 'java'] as const).entries()) {
    const x = await one<{ id: string }>(sql`
      insert into exercises (lesson_id, position, title, language, reference_solution, time_limit_ms, memory_limit_mb, output_limit_kb)
      values (${lesson.id}, ${i + 1}, ${`Sum in ${language}`}, ${language}, ${PROGRAMS[language]},
              ${LIMITS.time_limit_ms}, ${LIMITS.memory_limit_mb}, ${LIMITS.output_limit_kb}) returning id`);
    for (const [j, t] of TESTS.entries())
      await db.execute(
        sql`insert into exercise_tests (exercise_id, position, input, expected_output, hidden) values (${x.id}, ${j + 1}, ${t.input}, ${t.output}, ${j >= 2})`,
      );
    exercises[language] = x.id;
  }
  await db.execute(sql`
    insert into users (email, first_name, last_name, role, approval_status)
    select 'coder' || g || '@bench.example', 'Coder', 'Student ' || g, 'student', 'approved' from generate_series(1, ${students + 2}) g`);
  await db.execute(sql`insert into enrollments (student_id, course_id) select id, ${course.id} from users where email like 'coder%'`);
  const rows = (await db.execute<{ id: string }>(sql`select id from users where email like 'coder%' order by email`)).rows;
  const sessions = createSessionService(db, () => new Date());
  const cookies: string[] = [];
  for (const s of rows) cookies.push(`__Host-sid=${(await sessions.create(s.id, { userAgent: 'bench-grading-load' })).token}`);
  return { courseId: course.id, exercises, cookies };
}

/** Submit and wait for the result, as the page does; the time the student waits. */
export async function submitAndWait(
  base: string,
  cookie: string,
  exerciseId: string,
  code: string,
): Promise<{ ms: number; ok: boolean; why?: string }> {
  const started = performance.now();
  const post = await fetch(`${base}/api/exercises/${exerciseId}/submissions`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'submit', code }),
  });
  if (post.status !== 202) return { ms: performance.now() - started, ok: false, why: `POST ${post.status}: ${await post.text()}` };
  let s = (await post.json()) as Submission;
  while (s.status !== 'done') {
    const res = await fetch(`${base}/api/submissions/${s.id}?waitMs=25000`, { headers: { cookie } });
    if (res.status !== 200) return { ms: performance.now() - started, ok: false, why: `GET ${res.status}` };
    s = (await res.json()) as Submission;
  }
  const elapsed = performance.now() - started;
  return s.result?.verdict === 'passed' ? { ms: elapsed, ok: true } : { ms: elapsed, ok: false, why: s.result?.summary ?? 'no result' };
}

/** The languages of `students` students: of every 20, 12 in C, 5 in JavaScript, 3 in Java. */
export const languageMix = (students: number): Language[] =>
  Array.from({ length: students }, (_, i) => (i % 20 < 12 ? 'c' : i % 20 < 17 ? 'javascript' : 'java'));

/**
 * The load: every student submits the correct program of their language again as soon as the last
 * one was answered, while `going()` says so. Every answer (and every error) is kept as it comes.
 */
export function startGradingLoad(options: {
  base: string;
  cookies: string[];
  exercises: Record<Language, string>;
  students: number;
  going: () => boolean;
  /** Every student in this language; the mix above without it. */
  language?: Language;
}) {
  const answers: { language: Language; ms: number }[] = [];
  const errors: string[] = [];
  const languages = options.language ? Array.from({ length: options.students }, () => options.language!) : languageMix(options.students);
  const done = Promise.all(
    languages.map(async (language, i) => {
      while (options.going()) {
        const r = await submitAndWait(options.base, options.cookies[i]!, options.exercises[language], PROGRAMS[language]);
        if (r.ok) answers.push({ language, ms: r.ms });
        else errors.push(`${language}: ${r.why}`);
      }
    }),
  );
  return { answers, errors, done };
}
