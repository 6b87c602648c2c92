import { ErrorCode } from '../../../common/errors';

/** An error the client may see: its status, code and message go out as `{ error: {...} }`. */
export class AppError extends Error {
  /** More for the client beside `error`, e.g. the test results of a refused exercise. */
  extra?: Record<string, unknown>;
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly title?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const badRequest = (message: string, title?: string) => new AppError(400, ErrorCode.validation, message, title);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError(401, ErrorCode.unauthenticated, message, 'Authentication Required');
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(403, ErrorCode.forbidden, message, 'Access Denied');
export const notFound = (message: string) => new AppError(404, ErrorCode.notFound, message);
export const conflict = (message: string, code: ErrorCode = ErrorCode.conflict) => new AppError(409, code, message);
export const tooManyRequests = (message: string) => new AppError(429, ErrorCode.rateLimited, message, 'Too Many Requests');

/**
 * PostgreSQL error classes that mean "the database is not reachable right now" (08: connection,
 * 57P: shutdown), or a refused or broken socket (EPIPE: a Unix socket written after the server
 * closed it). Drizzle wraps driver errors (DrizzleQueryError), so
 * the whole `cause` chain is looked at, not only the outer error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (/^(08|57P)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)))
      return true;
    // The pg driver's own errors for a connection lost mid-query carry no code, only these words.
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && PG_CONNECTION_LOST.test(message)) return true;
  }
  return false;
}

const PG_CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;
