import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { READER_TIME_ZONE_COOKIE } from '../../src/common/web-page';
import { startFakeMedia } from '../support/fake-media';
import { startFakeOpenAI } from '../support/fake-openai';
import { waitForCode } from '../support/mailbox';
import { startSmtpSink } from '../support/smtp-sink';
import { freePort } from '../support/server-process';

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

// Session 4: the polish spec, which switches to the student view.
const ADMIN_SESSIONS = 5;

async function signInByMail(baseUrl: string, email: string): Promise<string> {
  const since = new Date(Date.now() - 1000);
  const sent = await fetch(`${baseUrl}/api/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, purpose: 'login' }),
  });
  if (sent.status !== 202) throw new Error(`code for ${email} not sent: ${await sent.text()}`);
  const code = await waitForCode(email, since);
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  const sid = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0]
    ?.slice(4);
  if (res.status !== 200 || !sid) throw new Error(`sign-in of ${email} failed: ${await res.text()}`);
  return sid;
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
  // The AI tutor talks to an in-test OpenAI-compatible server; tests steer it with directives in their questions.
  const fakeOpenAI = await startFakeOpenAI();
  // The media and web helpers: images, speech, transcription, web search and reader, all in-test.
  const fakeMedia = await startFakeMedia();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = await fs.open(path.join(root, 'server.log'), 'w');
  const child = spawn(process.execPath, [path.join(process.env.DIST_DIR ?? 'dist', 'server', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OPENAI_BASE_URL: fakeOpenAI.baseUrl,
      OPENAI_API_KEY: 'test-key',
      AI_MODEL: 'fake-model',
      // A stalled model ends in the apology after this long (30 s in production); the fake answers in milliseconds.
      AI_TIMEOUT_MS: '4000',
      IMAGE_MODEL: 'fake-image-model',
      IMAGE_BASE_URL: fakeMedia.baseUrl,
      IMAGE_ALT_MODELS: 'flux-schnell',
      TTS_MODEL: 'fake-voice',
      TTS_BASE_URL: fakeMedia.baseUrl,
      STT_MODEL: 'fake-ears',
      STT_BASE_URL: fakeMedia.baseUrl,
      SEARCH_URL: fakeMedia.searchUrl,
      READER_URL: fakeMedia.readerUrl,
      SEARCH_TIMEOUT_MS: '2000',
      ADMIN_EMAIL: 'admin@example.com',
      APP_URL: baseUrl,
      // Every browser test signs in from 127.0.0.1; the per-client limit is tested in the API suite.
      CODE_SENDS_PER_CLIENT_PER_HOUR: '1000',
      CODE_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', logFile.fd, logFile.fd],
  });
  try {
    await waitForHealth(baseUrl, child, 90_000);
  } catch (err) {
    console.error(await fs.readFile(path.join(root, 'server.log'), 'utf8'));
    child.kill('SIGTERM');
    await fakeOpenAI.close();
    await fakeMedia.close();
    throw err;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_FAKE_OPENAI_URL = `http://127.0.0.1:${fakeOpenAI.port}`;
  process.env.E2E_FAKE_MEDIA_URL = `http://127.0.0.1:${fakeMedia.port}`;
  process.env.E2E_MAILBOX_DIR = mailboxDir;
  process.env.E2E_ROOT = root;
  // Every browser starts as one that has been to the school's site before: the app has kept its time
  // zone in a cookie (src/web/lib/reader-time-zone.ts), so the student's pages are rendered by the
  // server, as for a real student, who signs in on the app's own page. Chromium's zone is the machine's.
  const browserState = path.join(root, 'browser-state.json');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const cookie = {
    name: READER_TIME_ZONE_COOKIE,
    value: zone,
    domain: '127.0.0.1',
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
  };
  await fs.writeFile(browserState, JSON.stringify({ cookies: [{ ...cookie, sameSite: 'Lax' }], origins: [] }));
  process.env.E2E_BROWSER_STATE = browserState;
  // Tests run in parallel, and a new code replaces the last one: sign the tutor in here, one after
  // another, and let tests share these sessions (see adminSession in fixtures.ts).
  const adminSessions: string[] = [];
  for (let i = 0; i < ADMIN_SESSIONS; i++) adminSessions.push(await signInByMail(baseUrl, 'admin@example.com'));
  process.env.E2E_ADMIN_SESSIONS = adminSessions.join(',');

  return async () => {
    // Stopping the app as an operator does (SIGTERM) must stop its PostgreSQL cleanly too:
    // exit code 0, and PostgreSQL removes its postmaster.pid only on a clean shutdown.
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
    await logFile.close();
    await smtp.close();
    await fakeOpenAI.close();
    await fakeMedia.close();
    const pidLeft = await fs.access(path.join(root, 'data', 'postgres', 'postmaster.pid')).then(
      () => true,
      () => false,
    );
    const log = await fs.readFile(path.join(root, 'server.log'), 'utf8');
    await fs.rm(root, { recursive: true, force: true });
    if (code !== 0 || pidLeft) {
      throw new Error(`the app did not shut down cleanly on SIGTERM (exit ${code}, postmaster.pid left: ${pidLeft})\n${log.slice(-2000)}`);
    }
  };
}
