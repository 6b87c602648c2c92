/**
 * The words of the notifications page about where mail goes, without zod (the page imports them).
 * The server answers 'Send Test E-mail' with the same sentence the screen shows.
 */

export type MailTransportKey = 'smtp' | 'console';

export const NotificationMessages = {
  testMailQueued: (to: string, transport: MailTransportKey) =>
    transport === 'smtp'
      ? `A test e-mail to ${to} is in the outbox and leaves within seconds through your mail server. If it does not arrive, look in the spam folder, then at the outbox below.`
      : `A test e-mail to ${to} is in the outbox, but no mail server is set up: it will be printed in the server's log, not sent.`,
  /** Said on the outbox when mail only goes to the console. */
  consoleOnly:
    "No mail server is set up (SMTP_URL is not set): e-mails are printed in the server's log and nobody receives them. Set SMTP_URL and restart the server to send them.",
  /** The outbox's third figure, by where mail goes. */
  handedOnLabel: (transport: MailTransportKey) =>
    transport === 'smtp' ? 'Sent in the last 7 days' : "Printed in the server's log in the last 7 days (not sent)",
} as const;
