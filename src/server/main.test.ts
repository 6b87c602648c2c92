import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '@test-support/server-process';

const repo = path.resolve(import.meta.dirname, '..', '..');
const isRoot = process.getuid?.() === 0;

/**
 * A copy of this checkout as a fresh clone has it (the files git tracks or would track), with
 * node_modules hard-linked in, so the PostgreSQL programs too sit under the private folder.
 */
async function copyCheckout(into: string): Promise<void> {
  await fs.mkdir(into);
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(repo, file);
    if (!(await fs.stat(from).catch(() => undefined))?.isFile()) continue; // deleted in the working tree
    await fs.mkdir(path.dirname(path.join(into, file)), { recursive: true });
    await fs.copyFile(from, path.join(into, file));
  }
  try {
    execFileSync('cp', ['-al', path.join(repo, 'node_modules'), path.join(into, 'node_modules')]);
  } catch {
    execFileSync('cp', ['-a', path.join(repo, 'node_modules'), path.join(into, 'node_modules')]);
  }
}

/**
 * The roles connected to the embedded database of `dataDir` (as its superuser, whose own connection is left out),
 * once every one of `expected` is (the grading workers connect after warming up).
 */
async function connectedRoles(dataDir: string, expected: string[]): Promise<string[]> {
  const port = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  const password = (await fs.readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    for (const end = Date.now() + 60_000; ;) {
      const { rows } = await client.query<{ role: string }>(
        `select distinct usename::text as role from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and usename is not null order by 1`,
      );
      const roles = rows.map((r) => r.role);
      if (expected.every((r) => roles.includes(r)) || Date.now() > end) return roles;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

describe('starting the built app', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it.runIf(isRoot)(
    'as root, from a folder of mode 0700, on the embedded database: it serves, and a restart keeps the data',
    async () => {
      // Inside the repository's folder, so the hard links of node_modules stay on one file system.
      const home = await fs.mkdtemp(path.join(repo, '.start-test-'));
      cleanup.push(() => fs.rm(home, { recursive: true, force: true }));
      expect((await fs.stat(home)).mode & 0o777).toBe(0o700);
      const app = path.join(home, 'app');
      await copyCheckout(app);
      execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: app, stdio: 'ignore' });

      const start = async () => {
        const server = await startServerProcess(
          { DATABASE_URL: '', DATA_DIR: '', TEST_DATABASE_URL: '' },
          { cwd: app, entry: 'dist/server/main.js' },
        );
        cleanup.push(() => server.stop());
        await server.ready(90_000);
        return server;
      };
      let server: ServerProcess = await start();
      expect(server.output()).not.toMatch(/EACCES|\n\s+at /);
      const login = await fetch(`${server.url}/api/dev/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'alice.student@example.com' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      // Neither the app nor its grading workers hold the superuser's rights: each has its own role.
      expect(await connectedRoles(path.join(app, 'data'), ['tutor_app', 'tutor_grading'])).toEqual(['tutor_app', 'tutor_grading']);
      await server.stop();

      // The data stayed where DATA_DIR's default says, owned by root, not by another account.
      const pgData = path.join(app, 'data', 'postgres');
      expect((await fs.stat(path.join(pgData, 'PG_VERSION'))).uid).toBe(0);

      server = await start();
      const me = await fetch(`${server.url}/api/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe('alice.student@example.com');

      // The app's port taken: one sentence naming the cause and the fix, no stack trace.
      const port = Number(new URL(server.url).port);
      const second = await startServerProcess(
        { DATABASE_URL: '', TEST_DATABASE_URL: '', DATA_DIR: path.join(home, 'other-data') },
        { cwd: app, entry: 'dist/server/main.js', port },
      );
      const code = await new Promise<number | null>((resolve) => second.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(second.output()).toMatch(
        new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use .*: stop that program, or set PORT to a free port\\.`),
      );
      expect(second.output()).not.toMatch(/\n\s+at /);
      await server.stop();
    },
    240_000,
  );

  it('a data folder from a newer PostgreSQL ends the start with one sentence', async () => {
    const home = await fs.mkdtemp(path.join(repo, '.start-test-'));
    cleanup.push(() => fs.rm(home, { recursive: true, force: true }));
    await fs.mkdir(path.join(home, 'postgres'), { recursive: true });
    await fs.writeFile(path.join(home, 'postgres', 'PG_VERSION'), '19\n');
    const server = await startServerProcess({ DATABASE_URL: '', TEST_DATABASE_URL: '', DATA_DIR: home });
    const code = await new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(server.output()).toMatch(
      /was made by PostgreSQL 19, newer than the embedded PostgreSQL 18: use the newer app version that made it, or set DATABASE_URL to a PostgreSQL 19 server\./,
    );
    expect(server.output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('an unreachable DATABASE_URL ends the start with one sentence', async () => {
    const closed = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    const server = await startServerProcess({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/none`, TEST_DATABASE_URL: '' });
    const code = await new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(server.output()).toMatch(
      new RegExp(`No PostgreSQL server answers at 127\\.0\\.0\\.1:${closed} \\(ECONNREFUSED\\): start it, or correct DATABASE_URL\\.`),
    );
    expect(server.output()).not.toMatch(/\n\s+at /);
  }, 60_000);
});
