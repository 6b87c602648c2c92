import fsSync from 'node:fs';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

/**
 * Whether every folder down to `dir` lets other accounts through: the postgres account then reaches the PostgreSQL
 * programs under node_modules. A checkout in a private folder (mode 0700) does not, and the test below that makes the
 * postgres account start PostgreSQL cannot run there; the one after it checks the sentence such a folder gets.
 */
function everyoneCanEnter(dir: string): boolean {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if ((fsSync.statSync(d).mode & 0o001) === 0) return false;
    if (path.dirname(d) === d) return true;
  }
}

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

  const asRoot = process.getuid?.() === 0;
  const writeAndRead = async (url: string, write?: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    if (write) await client.query(`create table kept as select '${write}'::text as note`);
    const { rows } = await client.query('select note from kept');
    await client.end();
    return rows;
  };

  it.runIf(asRoot && everyoneCanEnter(process.cwd()))(
    'as root, a data folder made by the postgres account (the earlier way) is taken over with its data',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-owner-'));
      await fs.chmod(dir, 0o755); // the account must be able to enter it
      dirs.push(dir);
      const before = await startEmbeddedPostgres(dir, () => {}, { asAccount: true });
      await writeAndRead(before.url, 'made by the account');
      await before.stop();
      expect((await fs.stat(path.join(dir, 'postgres', 'PG_VERSION'))).uid).not.toBe(0);

      const after = await startEmbeddedPostgres(dir);
      try {
        expect(await writeAndRead(after.url)).toEqual([{ note: 'made by the account' }]);
        expect((await fs.stat(path.join(dir, 'postgres', 'PG_VERSION'))).uid).toBe(0);
      } finally {
        await after.stop();
      }
    },
    60_000,
  );

  it.runIf(asRoot)(
    'as root without a user namespace, a folder the postgres account cannot enter ends with one sentence',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-private-')); // mode 0700
      dirs.push(dir);
      await expect(startEmbeddedPostgres(path.join(dir, 'data'), () => {}, { asAccount: true })).rejects.toThrow(
        /^As root, PostgreSQL runs here as the postgres account .* and that account cannot reach .*: run the app as a normal user, or keep the app and DATA_DIR in folders every user can enter, or set DATABASE_URL\.$/,
      );
    },
    60_000,
  );
});
