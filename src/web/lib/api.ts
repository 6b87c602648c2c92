import type { ApiError as ApiErrorBody } from '@common/errors';
import { getDeviceId } from './device-id';
import { takeFirstPageAnswer } from './first-page-answers';

/**
 * Every failed API call ends as one of these: the server's `{ error: { code, message, title? } }` and the status.
 * `details` is the whole answer's body, for the few refusals that carry more than the error (an
 * exercise whose reference solution failed sends the failing tests beside it).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly title?: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const NETWORK_ERROR = 'NETWORK_ERROR';

function errorBody(data: unknown): ApiErrorBody | undefined {
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  const e = (data as { error: unknown }).error;
  if (typeof e !== 'object' || e === null) return undefined;
  const { code, message, title } = e as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return { code, message, title: typeof title === 'string' ? title : undefined };
}

function fallbackMessage(status: number) {
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'We could not find what you asked for.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  return 'Something went wrong on our side. Please try again.';
}

/** A failed response as an ApiError: the server's `{ error }` when it sent one, else a plain message for the status. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const data: unknown = await response.json().catch(() => undefined);
  const e = errorBody(data);
  return new ApiError(
    response.status,
    e?.code ?? `HTTP_${response.status}`,
    e?.message ?? fallbackMessage(response.status),
    e?.title,
    data,
  );
}

/** The headers every call sends (Device-Id, this browser's device id), for calls that are not JSON (audio, uploads). */
export const deviceHeaders = async (): Promise<Record<string, string>> => ({ 'Device-Id': await getDeviceId() });

type RequestOptions = { signal?: AbortSignal };

async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  if (method === 'GET') {
    const written = takeFirstPageAnswer(path);
    if (written !== undefined) return written as T;
  }
  const headers: Record<string, string> = { Accept: 'application/json', 'Device-Id': await getDeviceId() };
  // Only with a body: Fastify refuses an empty body sent as JSON.
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new ApiError(
      0,
      NETWORK_ERROR,
      'We could not reach the server. Please check your connection and try again.',
      'Connection Problem',
    );
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const e = errorBody(data);
    throw new ApiError(
      response.status,
      e?.code ?? `HTTP_${response.status}`,
      e?.message ?? fallbackMessage(response.status),
      e?.title,
      data,
    );
  }
  return data as T;
}

/** The one API client: same origin, cookie session, the Device-Id header on every call. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
};
