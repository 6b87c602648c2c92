import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves once GET /api/health answers 200; throws with the server's output if it exits or takes too long. */
  ready: (timeoutMs?: number) => Promise<void>;
  /** SIGTERM (an orderly stop) or SIGKILL (a crash), and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * The server as its own process on a free loopback port: from source (`src/server/main.ts`
 * through tsx) by default, or a built bundle (`entry`) in another checkout (`cwd`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { cwd?: string; entry?: string; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const args = options.entry ? [options.entry] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), APP_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return {
    child,
    url,
    output: () => output,
    async ready(timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited:\n${output}`);
        if (
          await fetch(`${url}/api/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        if (Date.now() > deadline) throw new Error(`the server was not ready in time:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
