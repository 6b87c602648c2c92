import { toast } from 'sonner';
import { isApiError } from './api';

type Fallback = {
  title: string;
  message: string;
  /** Titles to use for given error codes instead of the server's (e.g. a validation error on an e-mail field). */
  titleByCode?: Record<string, string>;
};

/** Shows a failed call as a toast: the spec's title (the server's, a per-code override, or the fallback) and message. */
export function toastError(error: unknown, fallback: Fallback) {
  if (isApiError(error)) {
    const title = fallback.titleByCode?.[error.code] ?? error.title ?? fallback.title;
    toast.error(title, { description: error.message || fallback.message });
    return;
  }
  toast.error(fallback.title, { description: fallback.message });
}

export function toastSuccess(title: string, message?: string) {
  toast.success(title, message ? { description: message } : undefined);
}

/** A client-side validation message (spec §5 pairs). */
export function toastInvalid(title: string, message: string) {
  toast.error(title, { description: message });
}
