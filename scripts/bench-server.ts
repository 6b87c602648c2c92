import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/support/server-process';

export type BenchServer = {
  url: string;
  child: ChildProcess;
  /** The server's last output, for an error message. */
  output: () => string;
  /** Ends the server (SIGTERM) and removes its data folder. */
  stop: () => Promise<void>;
};

/**
 * The server as `npm start` runs it, for a benchmark: bundled by scripts/build-server.mjs into
 * dist-bench/ (a build in dist/ is left alone), run by node itself in production mode on the given
 * database, with a fresh DATA_DIR, until its health route answers.
 */
export async function startBenchServer(options: {
  databaseUrl: string;
  adminEmail: string;
  /** Extra environment (LOG_LEVEL, GRADING_WORKERS, ...). */
  env?: Record<string, string>;
  /** Node's own flags, such as --cpu-prof. */
  nodeArgs?: string[];
  name: string;
}): Promise<BenchServer> {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    env: { ...process.env, DIST_DIR: 'dist-bench' },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`building the server failed:\n${built.stderr}`);
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `${options.name}-data-`));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist-bench/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: options.adminEmail,
      // No mail server here: production refuses console mail unless told it is meant.
      MAIL_TRANSPORT: 'console',
      APP_URL: url,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-65_536));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
