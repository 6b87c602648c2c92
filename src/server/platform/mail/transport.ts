import nodemailer from 'nodemailer';
import { z } from 'zod';

export const mailMessageSchema = z
  .object({
    from: z.string().trim().min(1),
    to: z.array(z.string().trim().min(1)).min(1),
    subject: z.string().trim().min(1),
    replyTo: z.string().optional(),
    html: z.string().optional(),
    text: z.string().optional(),
    /** Extra header lines, such as List-Unsubscribe on reminders. */
    headers: z.record(z.string(), z.string()).optional(),
  })
  .superRefine((m, ctx) => {
    if (!m.html && !m.text) ctx.addIssue({ code: 'custom', message: 'Either html or text content must be provided' });
  });
export type MailMessage = z.infer<typeof mailMessageSchema>;

export class MailValidationError extends Error {}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A message's validation: from, to and subject are required, and html or text. */
export function validateMail(message: MailMessage): MailMessage {
  const r = mailMessageSchema.safeParse(message);
  if (r.success) return r.data;
  const missing = r.error.issues.some((i) => ['from', 'to', 'subject'].includes(String(i.path[0])));
  throw new MailValidationError(
    missing ? 'Missing required fields: from, to, and subject are required' : 'Either html or text content must be provided',
  );
}

export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async send(message) {
      const m = validateMail(message);
      await transport.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        replyTo: m.replyTo,
        html: m.html,
        text: m.text,
        headers: m.headers,
      });
    },
  };
}

/** Development outbox: prints each message, codes included, on the server console. */
export function consoleMailer(print: (text: string) => void = (t) => process.stdout.write(t)): Mailer {
  return {
    async send(message) {
      const m = validateMail(message);
      const bar = '-'.repeat(60);
      print(
        `\n${bar}\n[dev outbox] To: ${m.to.join(', ')}\nSubject: ${m.subject}\n${m.replyTo ? `Reply-To: ${m.replyTo}\n` : ''}\n${m.text ?? m.html}\n${bar}\n`,
      );
    },
  };
}

/** Collects messages in memory; used by tests that do not need a real SMTP peer. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(validateMail(message));
    },
  };
}
