import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoredMail } from './smtp-sink';

const mailboxDir = () => {
  const dir = process.env.E2E_MAILBOX_DIR;
  if (!dir) throw new Error('E2E_MAILBOX_DIR is not set (the e2e global setup sets it)');
  return dir;
};

/** The mails the in-test SMTP server received: in `dir`, by default the e2e run's mailbox. */
export async function readMailbox(dir = mailboxDir()): Promise<StoredMail[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as StoredMail));
}

/** Waits for a message to `to` received after `since` that matches `test`; the newest when several do. */
export async function waitForMail(
  to: string,
  {
    since = new Date(0),
    test = () => true,
    timeoutMs = 10_000,
    dir,
  }: { since?: Date; test?: (m: StoredMail) => boolean; timeoutMs?: number; dir?: string } = {},
): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readMailbox(dir);
    const hit = mails.findLast((m) => m.to.includes(to.toLowerCase()) && new Date(m.receivedAt) >= since && test(m));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The six-digit code of the newest verification e-mail to `to` sent after `since`. */
export async function waitForCode(to: string, since: Date, dir?: string): Promise<string> {
  const mail = await waitForMail(to, { since, dir, test: (m) => /verification code/i.test(m.raw) });
  const code = mail.raw.match(/Subject: (\d{6}) is your/)?.[1];
  if (!code) throw new Error('verification e-mail without a code');
  return code;
}
