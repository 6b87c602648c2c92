import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleMailer, MailValidationError, memoryMailer, smtpMailer, validateMail, type MailMessage } from './transport';
import { approvalMail, contactMail, verificationCodeMail } from './templates/layout';

const MISSING = 'Missing required fields: from, to, and subject are required';
const NO_CONTENT = 'Either html or text content must be provided';
const good: MailMessage = { from: 'CodeTutor <tutor@example.com>', to: ['student@example.com'], subject: 'Hello', text: 'Hi' };

describe('validateMail', () => {
  it('accepts a message with from, to, subject and text or html', () => {
    expect(validateMail(good)).toEqual(good);
    expect(validateMail({ ...good, text: undefined, html: '<p>Hi</p>' }).html).toBe('<p>Hi</p>');
  });

  it.each<[string, Partial<Record<keyof MailMessage, unknown>>]>([
    ['no from', { from: undefined }],
    ['blank from', { from: '   ' }],
    ['no to', { to: undefined }],
    ['empty to', { to: [] }],
    ['blank recipient', { to: [' '] }],
    ['no subject', { subject: undefined }],
    ['blank subject', { subject: '' }],
    ['no subject and no content', { subject: '', text: undefined }],
  ])('%s → "%s"', (_name, change) => {
    const m = { ...good, ...change } as MailMessage;
    expect(() => validateMail(m)).toThrow(MailValidationError);
    expect(() => validateMail(m)).toThrow(MISSING);
  });

  it.each([
    ['neither html nor text', { text: undefined, html: undefined }],
    ['both empty', { text: '', html: '' }],
  ])('%s → "Either html or text content must be provided"', (_name, change) => {
    const m = { ...good, ...change } as MailMessage;
    expect(() => validateMail(m)).toThrow(MailValidationError);
    expect(() => validateMail(m)).toThrow(NO_CONTENT);
  });
});

describe('mailers validate before sending', () => {
  it('memoryMailer keeps valid messages and refuses invalid ones', async () => {
    const mailer = memoryMailer();
    await mailer.send(good);
    await expect(mailer.send({ ...good, to: [] })).rejects.toThrow(MISSING);
    await expect(mailer.send({ ...good, text: undefined })).rejects.toThrow(NO_CONTENT);
    expect(mailer.sent).toEqual([good]);
  });

  it('consoleMailer prints the message (code included) and refuses invalid ones', async () => {
    const printed: string[] = [];
    const mailer = consoleMailer((t) => printed.push(t));
    await mailer.send({ ...good, replyTo: 'reply@example.com' });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('To: student@example.com');
    expect(printed[0]).toContain('Subject: Hello');
    expect(printed[0]).toContain('Reply-To: reply@example.com');
    await expect(mailer.send({ ...good, subject: '' })).rejects.toThrow(MISSING);
    expect(printed).toHaveLength(1);
  });
});

describe('smtpMailer', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message with its envelope, subject and Reply-To', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    await mailer.send({ ...good, replyTo: 'reply@example.com', html: '<p>Hi</p>' });
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('tutor@example.com');
    expect(received[0]!.to).toEqual(['student@example.com']);
    expect(received[0]!.data).toMatch(/^Subject: Hello\r?$/m);
    expect(received[0]!.data).toMatch(/^Reply-To: reply@example.com\r?$/m);
  });

  it('refuses an invalid message without contacting the server', async () => {
    const before = received.length;
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    await expect(mailer.send({ ...good, to: [] })).rejects.toThrow(MISSING);
    await expect(mailer.send({ ...good, text: undefined })).rejects.toThrow(NO_CONTENT);
    expect(received).toHaveLength(before);
  });

  it('rejects when the server cannot be reached', async () => {
    const mailer = smtpMailer('smtp://127.0.0.1:1');
    await expect(mailer.send(good)).rejects.toThrow();
  });
});

describe('mail templates', () => {
  it('the code mail carries the code in subject, text and html', () => {
    const m = verificationCodeMail('CodeTutor', '012345', 'login');
    expect(m.subject).toBe('012345 is your CodeTutor verification code');
    expect(m.text).toContain('012345');
    expect(m.text).toContain('10 minutes');
    expect(m.html).toContain('012345');
    expect(verificationCodeMail('CodeTutor', '012345', 'register').text).toContain('finish creating your account');
  });

  it('user-supplied text is escaped in html', () => {
    const c = contactMail(
      'CodeTutor',
      { name: '<b>Eve</b>', accountEmail: 'e@example.com', replyEmail: '"><img src=x>@example.com' },
      '<script>alert(1)</script>',
    );
    expect(c.html).not.toContain('<script>');
    expect(c.html).toContain('&lt;script&gt;');
    expect(c.html).not.toContain('<b>Eve</b>');
    expect(c.html).not.toContain('<img');
    const a = approvalMail('CodeTutor', '<img src=x>', 'https://tutor.example.com');
    expect(a.html).not.toContain('<img');
    expect(a.text).toContain('https://tutor.example.com/login');
  });

  it('the contact mail names the account the server knows, and the typed reply address only when it differs', () => {
    const same = contactMail('CodeTutor', { name: 'Alice', accountEmail: 'alice@example.com', replyEmail: 'alice@example.com' }, 'Hi');
    expect(same.text).toContain('Message from Alice <alice@example.com> via');
    expect(same.text).not.toContain('reply address');
    const other = contactMail('CodeTutor', { name: 'Alice', accountEmail: 'alice@example.com', replyEmail: 'boss@example.com' }, 'Hi');
    expect(other.text).toContain('Message from Alice <alice@example.com> (reply address given in the form: boss@example.com) via');
  });
});
