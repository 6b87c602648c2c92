import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CodePurpose } from '../../../common/auth';
import { ErrorCode } from '../../../common/errors';
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MINUTES,
  CODE_WRONG_GUESSES_BEFORE_LOCK,
  KNOWN_BROWSER_CODE_EVERY_SECONDS,
} from '../../../common/limits';
import type { Db } from '../../platform/db/client';
import { rateLimitHits, verificationCodes } from '../../platform/db/schema/index';
import { AppError, tooManyRequests } from '../../platform/http/errors';
import type { Mailer } from '../../platform/mail/transport';
import { signInLockedMail, verificationCodeMail } from '../../platform/mail/templates/layout';
import { hmac, newNumericCode, safeEqual } from '../../platform/tokens';
import { countWrongGuess, lockedUntil, takeRateLimits, type RateLimit } from './auth.queries';

const HOUR = 60 * 60 * 1000;
const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;
// Clients behind one undeclared proxy share its address; together they get this many clients' worth.
const PROXY_CLIENTS_FACTOR = 10;

export const invalidCode = (message = 'Invalid verification code. Please try again.') =>
  new AppError(400, ErrorCode.invalidCode, message, 'Verification Failed');

const signInPaused = (until: Date, now: Date) => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(
    429,
    ErrorCode.rateLimited,
    `Too many wrong codes were entered for this address, so signing in with a code is paused for ${minutes} minute${minutes === 1 ? '' : 's'}. The address's owner has been e-mailed.`,
    'Sign-in Paused',
  );
};

/** Who asks: the client's network address, and the browser's own mark when it signed in before as this address. */
export type CodeRequester = {
  /** The rate-limit key of the client (see clientKey). */
  client: string;
  /** Set when the requests reach us through a proxy nobody declared (TRUST_PROXY=0): the proxy's key. */
  viaProxy?: string;
  /** The id of a browser that signed in before as this very address (a valid known-browser cookie). */
  device?: string;
};

export type CodeServiceDeps = {
  db: Db;
  mailer: Mailer;
  secret: string;
  appName: string;
  mailFrom: string;
  now: () => Date;
  limits: { perAddress: number; perClient: number };
  log?: FastifyBaseLogger;
};

export function createCodeService({ db, mailer, secret, appName, mailFrom, now, limits, log }: CodeServiceDeps) {
  const hashCode = (email: string, purpose: CodePurpose, code: string) => hmac(secret, `${purpose}:${email}:${code}`);
  // A browser's mark names the address in a keyed hash only: the cookie does not reveal it.
  const addressTag = (email: string) => hmac(secret, `known-browser-address:${email}`).slice(0, 32);
  const markSignature = (id: string, tag: string) => hmac(secret, `known-browser:${id}.${tag}`);
  const lockKey = (email: string, device: string | undefined) => (device ? `${email}|${device}` : email);

  return {
    /** A new signed mark for the browser that just signed in as `email`, for the known-browser cookie. */
    knownBrowserMark(email: string): string {
      const id = crypto.randomBytes(16).toString('base64url');
      const tag = addressTag(email);
      return `${id}.${tag}.${markSignature(id, tag)}`;
    },

    /** The browser's id when `mark` is ours and was made for `email`, else undefined. */
    knownBrowserOf(mark: string | undefined, email: string): string | undefined {
      const [id, tag, signature, extra] = (mark ?? '').split('.');
      if (!id || !tag || !signature || extra !== undefined) return undefined;
      if (!safeEqual(signature, markSignature(id, tag)) || !safeEqual(tag, addressTag(email))) return undefined;
      return id;
    },

    /**
     * Sends a fresh code to any well-formed address; whether an account exists is not revealed here.
     * No limit can shut an address out: after its hourly allowance it still gets one code every
     * CODE_TTL_MINUTES, and every refusal comes while a code sent by that limit's last send is
     * still valid in its mailbox. A browser that signed in before as the address skips the
     * address and client limits (only its own one-a-minute pace applies), so strangers' requests
     * never slow the owner's usual browser.
     */
    async send(email: string, purpose: CodePurpose, from: CodeRequester): Promise<void> {
      const at = now();
      const device = from.device;
      if (!device) {
        const until = await lockedUntil(db, lockKey(email, undefined), at);
        if (until) throw signInPaused(until, at);
      }
      const checks: RateLimit[] = device
        ? [{ bucket: 'code-known', key: `${email}|${device}`, limit: 1, windowMs: KNOWN_BROWSER_CODE_EVERY_SECONDS * 1000 }]
        : [
            // Per purpose: registration codes asked for someone's address must not use up the sign-in codes it may get.
            { bucket: 'code-address', key: `${purpose}:${email}`, limit: limits.perAddress, windowMs: HOUR, thenEveryMs: CODE_TTL_MS },
            { bucket: 'code-client', key: from.client, limit: limits.perClient, windowMs: HOUR },
            ...(from.viaProxy
              ? [{ bucket: 'code-proxy', key: from.viaProxy, limit: limits.perClient * PROXY_CLIENTS_FACTOR, windowMs: HOUR }]
              : []),
          ];
      const reached = await takeRateLimits(db, checks, at);
      if (reached?.bucket === 'code-address' || reached?.bucket === 'code-known') {
        throw tooManyRequests(
          reached.bucket === 'code-known'
            ? 'A code was sent to this address less than a minute ago. Please check your inbox, or ask again in a minute.'
            : `A code was sent to this address a few minutes ago and still works: please check your inbox and spam folder. You can ask for another one ${CODE_TTL_MINUTES} minutes after the last.`,
        );
      }
      if (reached) {
        throw tooManyRequests('Too many codes were requested from this network. Please wait up to an hour and try again.');
      }
      const code = newNumericCode(CODE_LENGTH);
      const [row] = await db
        .insert(verificationCodes)
        .values({
          email,
          purpose,
          codeHash: hashCode(email, purpose, code),
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
          createdAt: at,
          deviceId: device ?? null,
        })
        .returning({ id: verificationCodes.id });
      const mail = verificationCodeMail(appName, code, purpose);
      try {
        await mailer.send({ from: mailFrom, to: [email], ...mail });
      } catch (err) {
        // The code never reached the user: drop it, and its place in the address's pace, so no
        // one is told to look in a mailbox where nothing arrived. Earlier codes still work.
        await db.delete(verificationCodes).where(eq(verificationCodes.id, row!.id));
        await db
          .delete(rateLimitHits)
          .where(
            and(
              inArray(rateLimitHits.bucket, ['code-address', 'code-known']),
              inArray(rateLimitHits.key, [`${purpose}:${email}`, `${email}|${device}`]),
              eq(rateLimitHits.createdAt, at),
            ),
          );
        throw new AppError(502, ErrorCode.mailFailed, 'Please check your email address and try again.', 'Failed to Send Code', {
          cause: err,
        });
      }
      // Earlier codes stay valid until they expire: a stranger asking again cannot spoil the code
      // the owner is about to type.
    },

    /**
     * Checks a code against every valid one of the address: single use, expires, and void after
     * CODE_MAX_ATTEMPTS tries (a try counts against each valid code, in one atomic UPDATE, so tries
     * on several instances share the limit). Codes a known browser asked for are tried only by it.
     * CODE_WRONG_GUESSES_BEFORE_LOCK wrong codes for the address, from all clients together, pause
     * code sign-in for it and mail the owner once; a known browser has a count of its own.
     */
    async verify(email: string, purpose: CodePurpose, code: string, device?: string): Promise<void> {
      const at = now();
      const key = lockKey(email, device);
      const until = await lockedUntil(db, key, at);
      if (until) throw signInPaused(until, at);
      const tried = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.email, email),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, at),
            lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
            device ? or(isNull(verificationCodes.deviceId), eq(verificationCodes.deviceId, device)) : isNull(verificationCodes.deviceId),
          ),
        )
        .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash, attempts: verificationCodes.attempts });
      if (!tried.length) {
        // Nothing to try: say why, from the newest code this browser could have used.
        const [latest] = await db
          .select()
          .from(verificationCodes)
          .where(
            and(
              eq(verificationCodes.email, email),
              eq(verificationCodes.purpose, purpose),
              device ? or(isNull(verificationCodes.deviceId), eq(verificationCodes.deviceId, device)) : isNull(verificationCodes.deviceId),
            ),
          )
          .orderBy(desc(verificationCodes.createdAt))
          .limit(1);
        if (!latest || latest.consumedAt) throw invalidCode();
        if (latest.expiresAt <= at) throw invalidCode('This code has expired. Please request a new one.');
        throw invalidCode('Too many wrong attempts. Please request a new code.');
      }
      const hash = hashCode(email, purpose, code);
      const match = tried.find((r) => safeEqual(r.codeHash, hash));
      if (!match) {
        // Only guesses at a code that exists are counted: with none out there a guess cannot
        // succeed, and counting it would let anyone pause (and mail) any address at will.
        const lockEnds = await countWrongGuess(db, key, at);
        if (lockEnds) {
          const minutes = Math.round((lockEnds.getTime() - at.getTime()) / 60_000);
          await mailer
            .send({ from: mailFrom, to: [email], ...signInLockedMail(appName, CODE_WRONG_GUESSES_BEFORE_LOCK, minutes) })
            .catch((err: unknown) => log?.warn({ err }, 'the notice of a paused sign-in could not be mailed'));
          throw signInPaused(lockEnds, at);
        }
        throw invalidCode(
          tried.every((r) => r.attempts >= CODE_MAX_ATTEMPTS) ? 'Too many wrong attempts. Please request a new code.' : undefined,
        );
      }
      const [consumed] = await db
        .update(verificationCodes)
        .set({ consumedAt: at })
        .where(and(eq(verificationCodes.id, match.id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      if (!consumed) throw invalidCode();
    },
  };
}
export type CodeService = ReturnType<typeof createCodeService>;
