import type { z } from 'zod';
import type { contactBodySchema } from '../../../common/contact';
import { ErrorCode } from '../../../common/errors';
import type { Db } from '../../platform/db/client';
import type { UserRow } from '../../platform/db/schema/index';
import { AppError, tooManyRequests } from '../../platform/http/errors';
import type { Mailer } from '../../platform/mail/transport';
import { contactMail } from '../../platform/mail/templates/layout';
import { takeRateLimit } from '../auth';

export type ContactServiceDeps = { db: Db; mailer: Mailer; adminEmail: string; appName: string; mailFrom: string; now: () => Date };

const MESSAGES_PER_HOUR = 10;

export function createContactService({ db, mailer, adminEmail, appName, mailFrom, now }: ContactServiceDeps) {
  return {
    /** Mails a signed-in user's message to the tutor, at most ten an hour per sender. */
    async send(user: UserRow, body: z.output<typeof contactBodySchema>): Promise<void> {
      if (!(await takeRateLimit(db, 'contact', user.id, MESSAGES_PER_HOUR, 60 * 60 * 1000, now()))) {
        throw tooManyRequests('You have sent several messages in the last hour. Please wait a little before sending another.');
      }
      const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
      const mail = contactMail(appName, { name, accountEmail: user.email, replyEmail: body.email }, body.message);
      try {
        await mailer.send({ from: mailFrom, to: [adminEmail], replyTo: body.email, ...mail });
      } catch (err) {
        throw new AppError(
          502,
          ErrorCode.mailFailed,
          'There was an error sending your message. Please try again or contact me directly.',
          'Failed to Send Message',
          { cause: err },
        );
      }
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
