/**
 * npm run bench:tables — pages of the admin's table API (GET /api/admin/tables/:table/items) at
 * 1,000 and at 1,000,000 rows.
 *
 * Fills lesson_progress of a FRESH database — an embedded PostgreSQL in a temporary folder by
 * default, or a new database `bench_tables_<pid>` on the server of DATABASE_URL (or
 * TEST_DATABASE_URL), dropped afterwards — to 1,000 rows, then to 1,000,000 (set-based SQL, the
 * analytics triggers off during the load, then VACUUM ANALYZE). At each size it reads, through the
 * same service the route calls, for the default sort (createdAt desc) and every sortable field of
 * the table in both orders: the first page and a deep page (a `_cursor` 80% of the way through),
 * 100 rows each, and prints the median ms of 7 runs after a warm-up, then the ratio 1M ÷ 1k.
 * Keyset pages from an index should cost about the same at both sizes. Not part of npm test.
 */
import type { Database } from '../src/server/platform/db/client';
import { openBenchDatabase } from './bench-database';
import { createDatabaseHelperService } from '../src/server/domains/database-helper/database-helper.service';
import { encodeCursor } from '../src/server/domains/database-helper/database-helper.queries';
import { findTable } from '../src/server/domains/database-helper/tables';

const SIZES = [1_000, 1_000_000];
const RUNS = 7;
const PAGE = 100;
const STUDENTS = 2_000;
const LESSONS = 500; // 2,000 × 500 = 1,000,000 (student, lesson) pairs, each at most one progress row

type Case = { label: string; sort: string; order: 'asc' | 'desc' };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Adds progress rows until the table holds `target`: pairs in a fixed order, timestamps spread over a year. */
async function fillTo(database: Database, target: number) {
  const client = await database.pool.connect();
  try {
    const { rows: su } = await client.query<{ s: boolean }>(`select rolsuper as s from pg_roles where rolname = current_user`);
    if (su[0]?.s) await client.query(`set session_replication_role = replica`);
    else await client.query(`alter table lesson_progress disable trigger user`);
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from lesson_progress`);
    const have = rows[0]!.n;
    await client.query(
      `insert into lesson_progress (student_id, lesson_id, status, completed_at, created_at, updated_at)
       select s.id, l.id, case when g % 3 = 0 then 'completed'::progress_status else 'in_progress' end,
         case when g % 3 = 0 then t + interval '2 days' end, t, t + (g % 7) * interval '1 hour'
       from generate_series($1::int, $2::int - 1) g
       join (select id, row_number() over (order by email) - 1 as i from users where role = 'student') s on s.i = g / ${LESSONS}
       join (select id, row_number() over (order by title) - 1 as i from lessons) l on l.i = g % ${LESSONS}
       cross join lateral (select now() - interval '365 days' + (hashint4(g)::bigint & 31535999) * interval '1 second' as t) x`,
      [have, target],
    );
    if (!su[0]?.s) await client.query(`alter table lesson_progress enable trigger user`);
    await client.query(`truncate analytics_progress_queue`);
    await client.query(`vacuum analyze lesson_progress`);
  } finally {
    client.release();
  }
}

async function main() {
  const started = performance.now();
  const database = await openBenchDatabase('bench-tables', process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL, 4);
  try {
    await database.pool.query(
      `insert into users (email, first_name, last_name, role, approval_status)
       select 'student' || lpad(g::text, 5, '0') || '@bench.example', 'First', 'Last', 'student', 'approved' from generate_series(1, ${STUDENTS}) g`,
    );
    const { rows: course } = await database.pool.query<{ id: string }>(
      `insert into courses (title, is_published) values ('Bench', true) returning id`,
    );
    await database.pool.query(
      `insert into chapters (course_id, title, position) select $1, 'Chapter ' || p, p from generate_series(1, 10) p`,
      [course[0]!.id],
    );
    await database.pool.query(
      `insert into lessons (chapter_id, title, lesson_type, position)
       select ch.id, 'Lesson ' || lpad(ch.position::text, 2, '0') || '.' || lpad(p::text, 2, '0'), 'VIDEO', p
       from chapters ch cross join generate_series(1, ${LESSONS / 10}) p`,
    );

    const helper = createDatabaseHelperService({ db: database.db });
    const table = findTable('lesson_progress')!;
    const cases: Case[] = [{ label: 'default (createdAt desc)', sort: 'createdAt', order: 'desc' }];
    for (const f of table.fields.filter((x) => x.sortable)) {
      for (const order of ['asc', 'desc'] as const)
        if (!(f.name === 'createdAt' && order === 'desc')) cases.push({ label: `${f.name} ${order}`, sort: f.name, order });
    }

    const results = new Map<string, number>();
    for (const size of SIZES) {
      const fill = performance.now();
      await fillTo(database, size);
      console.log(`\nlesson_progress: ${size.toLocaleString('en')} rows (filled in ${((performance.now() - fill) / 1000).toFixed(1)} s)`);
      for (const c of cases) {
        const field = table.fields.find((f) => f.name === c.sort)!;
        // The row 80% of the way through this order, found once (not timed): the deep page starts after it.
        const { rows: at } = await database.pool.query<{ v: string; id: string }>(
          `select (${field.column.name})::text as v, id from lesson_progress order by ${field.column.name} ${c.order}, id ${c.order} offset $1 limit 1`,
          [Math.floor(size * 0.8)],
        );
        const deepCursor = encodeCursor({ s: c.sort, o: c.order, v: at[0]!.v, id: at[0]!.id });
        for (const [page, extra] of [
          ['first', {}],
          ['deep', { _cursor: deepCursor }],
        ] as const) {
          const query = { _sort: c.sort, _order: c.order, _limit: String(PAGE), ...extra };
          const times: number[] = [];
          for (let i = 0; i <= RUNS; i++) {
            const t = performance.now();
            const res = await helper.items('lesson_progress', query);
            const elapsed = performance.now() - t;
            if (res.items.length !== PAGE) throw new Error(`expected ${PAGE} rows, got ${res.items.length}`);
            if (i > 0) times.push(elapsed);
          }
          const m = median(times);
          results.set(`${size}|${c.label}|${page}`, m);
          console.log(
            `  ${c.label.padEnd(26)} ${page.padEnd(5)} page: ${m.toFixed(2).padStart(7)} ms   [runs: ${times.map((x) => x.toFixed(1)).join(', ')}]`,
          );
        }
      }
    }

    const [small, large] = SIZES as [number, number];
    console.log(
      `\nms per page of ${PAGE} rows, median of ${RUNS} after a warm-up; ratio = ${large.toLocaleString('en')} rows ÷ ${small.toLocaleString('en')} rows`,
    );
    console.log(`${'sort'.padEnd(26)} ${'page'.padEnd(5)} ${'1k'.padStart(8)} ${'1M'.padStart(8)} ${'ratio'.padStart(6)}`);
    let worst = 0;
    for (const c of cases) {
      for (const page of ['first', 'deep']) {
        const a = results.get(`${small}|${c.label}|${page}`)!;
        const b = results.get(`${large}|${c.label}|${page}`)!;
        worst = Math.max(worst, b / a);
        console.log(
          `${c.label.padEnd(26)} ${page.padEnd(5)} ${a.toFixed(2).padStart(8)} ${b.toFixed(2).padStart(8)} ${(b / a).toFixed(2).padStart(6)}`,
        );
      }
    }
    console.log(`worst ratio: ${worst.toFixed(2)}`);

    const deep = await database.pool.query<{ 'QUERY PLAN': string }>(
      `explain select id from lesson_progress where (created_at, id) < (now() - interval '300 days', '00000000-0000-4000-8000-000000000000'::uuid)
       order by created_at desc, id desc limit ${PAGE + 1}`,
    );
    console.log(
      `\nplan of a deep page, default sort, at ${large.toLocaleString('en')} rows:\n  ${deep.rows.map((r) => r['QUERY PLAN']).join('\n  ')}`,
    );
    console.log(`total bench time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
