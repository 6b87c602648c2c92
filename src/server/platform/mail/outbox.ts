import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import type { Queryable } from '../db/transaction';
import type { Mailer } from './transport';

/** The job that sends one outbox message. */
export const MAIL_SEND_TASK = 'mail_send';

// graphile-worker waits exp(min(attempt, 10)) seconds between tries: 25 tries cover about four days
// of a mail server being down before a message is given up (and stays unsent, with its last error).
const MAIL_SEND_ATTEMPTS = 25;

export type OutboxMail = {
  kind: string;
  /** The person the message is about or for (it goes with them when they are deleted). */
  userId?: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  unsubscribeUrl?: string;
  /** Makes the message exist once: a second message with the same key is not queued. */
  dedupeKey?: string;
};

/**
 * Writes a message to the outbox and adds the job that sends it, both in the caller's transaction:
 * a message exists exactly when what it tells was committed. False when the dedupe key was taken.
 */
export async function queueMail(on: Queryable, mail: OutboxMail): Promise<boolean> {
  const [row] = await on
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      userId: mail.userId ?? null,
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      unsubscribeUrl: mail.unsubscribeUrl ?? null,
      dedupeKey: mail.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (!row) return false;
  // The job key is the message's id: however often it is queued, one job exists for it.
  await on.execute(
    sql`select graphile_worker.add_job(${MAIL_SEND_TASK}, ${JSON.stringify({ id: row.id })}::json, max_attempts => ${MAIL_SEND_ATTEMPTS}, job_key => ${`mail:${row.id}`})`,
  );
  return true;
}

/**
 * Sends one outbox message, at most once. The row stays locked while the mail server is spoken to,
 * so a second sender (another instance, a retried job) waits and then finds it sent. A failure is
 * recorded on the row and thrown, for the queue to retry later.
 */
export async function deliverOutboxMessage(
  db: Db,
  mailer: Mailer,
  mailFrom: string,
  id: string,
): Promise<'sent' | 'already sent' | 'gone'> {
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        recipient: string;
        subject: string;
        text_body: string;
        html_body: string | null;
        unsubscribe_url: string | null;
        sent_at: Date | null;
      }>(sql`select recipient, subject, text_body, html_body, unsubscribe_url, sent_at from mail_outbox where id = ${id} for update`);
      const row = rows[0];
      if (!row) return 'gone';
      if (row.sent_at) return 'already sent';
      await mailer
        .send({
          from: mailFrom,
          to: [row.recipient],
          subject: row.subject,
          text: row.text_body,
          html: row.html_body ?? undefined,
          headers: row.unsubscribe_url
            ? { 'List-Unsubscribe': `<${row.unsubscribe_url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
            : undefined,
        })
        .catch((err: unknown) => {
          throw new SendFailure(err);
        });
      // Sent: the content is no longer needed, and a deleted student's name must not linger in it.
      await tx.execute(
        sql`update mail_outbox set sent_at = now(), attempts = attempts + 1, last_error = null, text_body = '', html_body = null where id = ${id}`,
      );
      return 'sent';
    });
  } catch (err) {
    if (!(err instanceof SendFailure)) throw err;
    // Recorded after the sending transaction rolled back, for the tutor to see why mail waits.
    const message = err.cause instanceof Error ? err.cause.message : String(err.cause);
    await db.execute(sql`update mail_outbox set attempts = attempts + 1, last_error = ${message.slice(0, 500)} where id = ${id}`);
    throw err.cause;
  }
}

class SendFailure extends Error {
  constructor(cause: unknown) {
    super('the mail server refused or could not be reached', { cause });
  }
}

/** What is waiting and what failed, for the tutor's notification settings. */
export async function outboxFigures(db: Db): Promise<{ waiting: number; failing: number; sentLastWeek: number }> {
  const { rows } = await db.execute<{ waiting: number; failing: number; sent_last_week: number }>(sql`
    select count(*) filter (where sent_at is null)::int as waiting,
      count(*) filter (where sent_at is null and attempts > 0)::int as failing,
      count(*) filter (where sent_at > now() - interval '7 days')::int as sent_last_week
    from mail_outbox`);
  const r = rows[0]!;
  return { waiting: r.waiting, failing: r.failing, sentLastWeek: r.sent_last_week };
}
