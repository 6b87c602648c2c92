import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '../support/smtp-sink';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/**
 * Starts what a user starts: the built server (`node dist/server/main.js`, as `npm start` runs it)
 * on its embedded PostgreSQL in a fresh DATA_DIR, sending mail to an in-test SMTP server.
 */
export default async function globalSetup() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-e2e-'));
  await fs.chmod(root, 0o755);
  const mailboxDir = path.join(root, 'mailbox');
  const smtp = await startSmtpSink(mailboxDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = await fs.open(path.join(root, 'server.log'), 'w');
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ADMIN_EMAIL: 'admin@example.com',
      APP_URL: baseUrl,
      // Every browser test signs in from 127.0.0.1; the per-client limit is tested in the API suite.
      CODE_SENDS_PER_CLIENT_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', logFile.fd, logFile.fd],
  });
  try {
    await waitForHealth(baseUrl, child, 90_000);
  } catch (err) {
    console.error(await fs.readFile(path.join(root, 'server.log'), 'utf8'));
    child.kill('SIGTERM');
    throw err;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAILBOX_DIR = mailboxDir;
  process.env.E2E_ROOT = root;

  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    await logFile.close();
    await smtp.close();
    await fs.rm(root, { recursive: true, force: true });
  };
}
