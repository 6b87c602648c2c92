import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { createUser, seedCourse } from '@test-support/fixtures/users-and-courses';
import { pruneOldRuns, RUN_RETENTION_DAYS } from './practice.queries';

const DAY = 24 * 60 * 60 * 1000;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

describe('exercise run retention', () => {
  it('deletes old finished runs, previews and reference checks, and keeps submissions and anything recent or unfinished', async () => {
    const student = await createUser(t.db, 'runner@example.com');
    const { lessonIds } = await seedCourse(t.db, { chapters: [{ title: 'C', lessons: [{ title: 'L' }] }] });
    const lesson = lessonIds[0]![0]!;
    const now = new Date();
    const old = new Date(now.getTime() - (RUN_RETENTION_DAYS + 1) * DAY);
    const recent = new Date(now.getTime() - (RUN_RETENTION_DAYS - 1) * DAY);
    const rows = [
      ['old run', 'run', false, 'done', old],
      ['old reference', 'reference', false, 'done', old],
      ['old preview submit', 'submit', true, 'done', old],
      ['old submit', 'submit', false, 'done', old],
      ['recent run', 'run', false, 'done', recent],
      ['old queued run', 'run', false, 'queued', old],
    ] as const;
    for (const [code, purpose, preview, status, at] of rows) {
      await t.db.execute(sql`insert into exercise_submissions (lesson_id, user_id, purpose, preview, code, status, created_at)
        values (${lesson}, ${student.id}, ${purpose}, ${preview}, ${code}, ${status}, ${at.toISOString()}::timestamptz)`);
    }
    expect(await pruneOldRuns(t.db.$client, now)).toBe(3);
    const { rows: left } = await t.db.execute<{ code: string }>(sql`select code from exercise_submissions order by code`);
    expect(left.map((r) => r.code)).toEqual(['old queued run', 'old submit', 'recent run']);
  });
});
