import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { startServerProcess } from '@test-support/server-process';
import { createTestDatabase } from '@test-support/test-db';
import { BULK_UPLOAD_MAX_ROWS } from '../../../common/courses-bulk-upload';
import { seed } from '../../seed/seed';
import { ADMIN, seedCourse, userId } from '@test-support/fixtures/users-and-courses';
import { createSessionService } from '../auth/sessions.service';

/**
 * The server is killed (SIGKILL) while a large bulk upload is being written: after a restart the
 * course has all of the upload or none of it, never a half-written chapter (decision 005: the good
 * rows are written in one transaction).
 */
it('a server killed in the middle of a bulk upload leaves no half-written chapter', async () => {
  const database = await createTestDatabase();
  await seed(database.db, { adminEmail: ADMIN, isProduction: false });
  const { course } = await seedCourse(database.db, { title: 'Crash course' });
  const { token } = await createSessionService(database.db, () => new Date()).create(await userId(database.db, ADMIN), {});
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-crash-'));
  onTestFinished(() => fs.rm(dataDir, { recursive: true, force: true }));

  let server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN });
  await server.ready();
  // Hold inserts into lessons so the upload is caught after it has written its chapters, every run.
  const blocker = await database.pool.connect();
  await blocker.query('begin');
  await blocker.query('lock table lessons in share mode');
  const rows = Array.from(
    { length: BULK_UPLOAD_MAX_ROWS },
    (_, i) => `Chapter ${1 + (i % 4)},Lesson ${i},VIDEO,https://youtu.be/${String(i).padStart(11, 'v')}`,
  );
  const upload = fetch(`${server.url}/api/admin/courses/${course.id}/bulk-upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sid=${token}` },
    body: JSON.stringify({ data: ['chapter,lesson,type,content', ...rows].join('\n') }),
  }).catch((err: unknown) => err);

  // Kill it once the upload's transaction has written and waits for the lessons lock, before it can commit.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows: busy } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and backend_xid is not null and wait_event_type = 'Lock'`,
    );
    if (busy[0]!.n > 0) break;
    if (Date.now() > deadline) {
      const answer = await Promise.race([upload, new Promise((r) => setTimeout(() => r('still pending'), 100))]);
      const said = answer instanceof Response ? `${answer.status} ${(await answer.text()).slice(0, 300)}` : String(answer);
      throw new Error(`the upload's transaction was never seen (upload answered: ${said}):\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await server.stop('SIGKILL');
  expect(await upload).toBeInstanceOf(Error);
  await blocker.query('rollback');
  blocker.release();

  server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN });
  onTestFinished(() => server.stop());
  await server.ready();
  const { rows: counts } = await database.pool.query<{ chapters: number; lessons: number }>(
    `select (select count(*)::int from chapters where course_id = $1) as chapters,
            (select count(*)::int from lessons l join chapters c on c.id = l.chapter_id where c.course_id = $1) as lessons`,
    [course.id],
  );
  expect(counts[0]).toEqual({ chapters: 0, lessons: 0 });
  // The course still opens for the tutor after the restart.
  const editor = await fetch(`${server.url}/api/admin/courses/${course.id}`, { headers: { cookie: `sid=${token}` } });
  expect(editor.status).toBe(200);
}, 90_000);
