import OpenAI from 'openai';
import { ErrorCode } from '../../../../common/errors';
import { MediaMessages, type MediaHelper } from '../../../../common/media-helpers-texts';
import { AppError } from '../../http/errors';

/**
 * Why a call to a media or web provider failed:
 * - 'auth': it answered 401 or 403 (our key is wrong or lacks the right);
 * - 'status': it answered another failure status, or (web search and reader) a body whose code is
 *   not 200 or whose status is not 20000; `serverMessage` is its error field when it gave one;
 * - 'timeout': no whole answer within the helper's timeout;
 * - 'unreachable': no connection;
 * - 'bad-answer': it answered success with something unusable (not an image, not audio...).
 */
export type ProviderFailure = 'auth' | 'status' | 'timeout' | 'unreachable' | 'bad-answer';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailure,
    readonly helper: MediaHelper | 'reader',
    message: string,
    readonly details: { status?: number; serverMessage?: string; timeoutMs?: number } = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The error field of a provider's answer: `{ "error": "..." }` or `{ "error": { "message": "..." } }`, one line, clipped. */
export function serverErrorField(body: unknown): string | undefined {
  const field = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return errorText(field);
}

function errorText(field: unknown): string | undefined {
  const text =
    typeof field === 'string' ? field : typeof field === 'object' && field !== null ? (field as { message?: unknown }).message : undefined;
  if (typeof text !== 'string') return undefined;
  const line = text.replace(/\s+/g, ' ').trim();
  return line ? (line.length > 300 ? `${line.slice(0, 297)}...` : line) : undefined;
}

/** A failure status (HTTP, or the body's own code) as a ProviderError: 401/403 is an authentication failure. */
export function statusFailure(helper: MediaHelper | 'reader', status: number, serverMessage: string | undefined): ProviderError {
  if (status === 401 || status === 403)
    return new ProviderError('auth', helper, `the provider refused our credentials (${status})`, { status });
  return new ProviderError('status', helper, `the provider answered ${status}${serverMessage ? `: ${serverMessage}` : ''}`, {
    status,
    serverMessage,
  });
}

/** What the `openai` package threw, as a ProviderError (`timedOut`: our own timer aborted the call). */
export function fromOpenAiError(helper: MediaHelper, err: unknown, timedOut: boolean, timeoutMs: number): ProviderError {
  if (err instanceof ProviderError) return err;
  if (timedOut || err instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError('timeout', helper, `no answer within ${timeoutMs} ms`, { timeoutMs }, { cause: err });
  }
  if (err instanceof OpenAI.APIError && err.status) {
    const failure = statusFailure(helper, err.status, errorText(err.error));
    return new ProviderError(failure.kind, helper, failure.message, failure.details, { cause: err });
  }
  if (err instanceof OpenAI.APIConnectionError)
    return new ProviderError('unreachable', helper, 'the provider could not be reached', {}, { cause: err });
  return new ProviderError('bad-answer', helper, err instanceof Error ? err.message : String(err), {}, { cause: err });
}

/**
 * The API's answer for a failed helper call: the provider's error field, else 'Failed to
 * ... (Status: n)'; 401/403 → the authentication message. 502 (504 for a timeout): our server is
 * fine, the service behind it is not.
 */
export function providerAppError(err: ProviderError): AppError {
  const helper = err.helper === 'reader' ? 'search' : err.helper;
  const title = MediaMessages.failedTitle(helper);
  switch (err.kind) {
    case 'auth':
      return new AppError(502, ErrorCode.providerAuth, MediaMessages.authFailed(err.helper), MediaMessages.authFailedTitle, { cause: err });
    case 'status':
      return new AppError(
        502,
        ErrorCode.providerFailed,
        err.details.serverMessage ?? MediaMessages.failed(err.helper, err.details.status ?? 502),
        title,
        { cause: err },
      );
    case 'timeout':
      return new AppError(504, ErrorCode.providerTimeout, MediaMessages.timedOut(err.helper, err.details.timeoutMs ?? 0), title, {
        cause: err,
      });
    case 'unreachable':
      return new AppError(502, ErrorCode.providerFailed, MediaMessages.unreachable(err.helper), title, { cause: err });
    case 'bad-answer':
      return new AppError(502, ErrorCode.providerFailed, MediaMessages.badAnswer(err.helper), title, { cause: err });
  }
}
