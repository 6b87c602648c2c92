import fs from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type StoredMail = { from: string; to: string[]; raw: string; receivedAt: string };

/**
 * A real SMTP server for tests: accepts every message (no auth, no TLS) and writes each one as a
 * JSON file into `dir`, so test workers in other processes can read what the app sent. A fixed
 * port lets a test stop the server and start it again where the app expects it.
 */
export async function startSmtpSink(dir: string, fixedPort = 0): Promise<{ port: number; close: () => Promise<void> }> {
  await fs.mkdir(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: StoredMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        };
        const file = path.join(dir, `${Date.now()}-${process.pid}-${seq++}.json`);
        // Written aside, then renamed: a reader in another process never sees half a file.
        fs.writeFile(`${file}.tmp`, JSON.stringify(mail))
          .then(() => fs.rename(`${file}.tmp`, file))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(fixedPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
