import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';


describe('the embedded PostgreSQL', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('recovers after the app was killed: the orphaned server is stopped, the data is intact; a second live instance is refused', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-crash-'));
    await fs.chmod(dir, 0o755);
    dirs.push(dir);

    // node itself (not the tsx launcher, which would run the app in a child of its own), so SIGKILL ends the app.
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/embedded-child.ts', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('READY') && resolve());
      child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;

    const db = await startEmbeddedPostgres(dir);
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query('select note from survived');
      await client.end();
      expect(rows).toEqual([{ note: 'written before the crash' }]);

      await expect(startEmbeddedPostgres(dir)).rejects.toThrow(/is in use by another running instance/);
    } finally {
      await db.stop();
    }
  }, 60_000);
});
