import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { CodePurpose } from '../../../common/auth';
import { ErrorCode } from '../../../common/errors';
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MINUTES,
} from '../../../common/limits';
import type { Db } from '../../db/client';
import { verificationCodes } from '../../db/schema/index';
import { AppError, tooManyRequests } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { verificationCodeMail } from '../../lib/mail-templates';
import { hmac, newNumericCode, safeEqual } from '../../lib/tokens';
import { takeRateLimits } from './rate-limit';

const HOUR = 60 * 60 * 1000;
// How many clients' worth of sends one address may receive in an hour, all clients together.
const ADDRESS_CAP_FACTOR = 6;

export const invalidCode = (message = 'Invalid verification code. Please try again.') =>
  new AppError(400, ErrorCode.invalidCode, message, 'Verification Failed');

export type CodeServiceDeps = {
  db: Db;
  mailer: Mailer;
  secret: string;
  appName: string;
  mailFrom: string;
  now: () => Date;
  limits: { perAddress: number; perClient: number };
};

export function createCodeService({ db, mailer, secret, appName, mailFrom, now, limits }: CodeServiceDeps) {
  const hashCode = (email: string, purpose: CodePurpose, code: string) => hmac(secret, `${purpose}:${email}:${code}`);

  return {
    /** Sends a fresh code to any well-formed address; whether an account exists is not revealed here. */
    async send(email: string, purpose: CodePurpose, client: string): Promise<void> {
      const at = now();
      // Per address *and* client, so a stranger cannot use up someone else's (the tutor's) sends;
      // per address overall, so many clients together cannot flood one mailbox; per client.
      const reached = await takeRateLimits(
        db,
        [
          { bucket: 'code-address-client', key: `${email}|${client}`, limit: limits.perAddress, windowMs: HOUR },
          { bucket: 'code-address', key: email, limit: limits.perAddress * ADDRESS_CAP_FACTOR, windowMs: HOUR },
          { bucket: 'code-client', key: client, limit: limits.perClient, windowMs: HOUR },
        ],
        at,
      );
      if (reached?.bucket === 'code-client') {
        throw tooManyRequests('Too many codes were requested from this device. Please wait up to an hour and try again.');
      }
      if (reached) {
        throw tooManyRequests('Too many codes were requested for this address. Please wait up to an hour and try again.');
      }
      const code = newNumericCode(CODE_LENGTH);
      const [row] = await db
        .insert(verificationCodes)
        .values({
          email,
          purpose,
          codeHash: hashCode(email, purpose, code),
          expiresAt: new Date(at.getTime() + CODE_TTL_MINUTES * 60_000),
          createdAt: at,
        })
        .returning({ id: verificationCodes.id });
      const newId = row!.id;
      const mail = verificationCodeMail(appName, code, purpose);
      try {
        await mailer.send({ from: mailFrom, to: [email], ...mail });
      } catch (err) {
        // The code never reached the user: drop it, and an earlier code that did arrive still works.
        await db.delete(verificationCodes).where(eq(verificationCodes.id, newId));
        throw new AppError(502, ErrorCode.mailFailed, 'Please check your email address and try again.', 'Failed to Send Code', { cause: err });
      }
      // The new code replaces any earlier one for the same address and purpose.
      await db
        .update(verificationCodes)
        .set({ consumedAt: at })
        .where(
          and(
            eq(verificationCodes.email, email),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
            ne(verificationCodes.id, newId),
            // not one sent at the same moment by a concurrent request: the user may enter either
            lt(verificationCodes.createdAt, at),
          ),
        );
    },

    /**
     * Checks a code: single use, expires, and void after CODE_MAX_ATTEMPTS tries. Each try is
     * counted by one atomic UPDATE, so tries on several instances share the limit.
     */
    async verify(email: string, purpose: CodePurpose, code: string): Promise<void> {
      const at = now();
      const [latest] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (!latest) throw invalidCode();
      if (latest.expiresAt <= at) throw invalidCode('This code has expired. Please request a new one.');
      const [tried] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, latest.id),
            isNull(verificationCodes.consumedAt),
            lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
          ),
        )
        .returning({ attempts: verificationCodes.attempts });
      if (!tried) throw invalidCode('Too many wrong attempts. Please request a new code.');
      if (!safeEqual(latest.codeHash, hashCode(email, purpose, code))) {
        throw invalidCode(
          tried.attempts >= CODE_MAX_ATTEMPTS ? 'Too many wrong attempts. Please request a new code.' : undefined,
        );
      }
      const [consumed] = await db
        .update(verificationCodes)
        .set({ consumedAt: at })
        .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      if (!consumed) throw invalidCode();
    },
  };
}
export type CodeService = ReturnType<typeof createCodeService>;
