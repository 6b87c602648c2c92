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

/** A client-side validation message: a title and its message. */
export function toastInvalid(title: string, message: string) {
  toast.error(title, { description: message });
}

/**
 * A failed call on an admin screen as an error toast, titled 'Error' unless given another title. The given
 * message is shown when the failure says nothing useful (server error); when the server refused
 * the request for a reason the tutor can act on (4xx: a validation message, 'Course not found'...),
 * its message is shown instead. A 401 is left to the query client, which signs the page out and
 * says so. A network failure keeps the client's own 'Connection Problem' wording.
 */
export function toastFailure(error: unknown, message: string, title = 'Error') {
  if (isApiError(error)) {
    if (error.status === 401) return;
    if (error.status === 0) return toast.error(error.title ?? title, { description: error.message });
    if (error.status >= 400 && error.status < 500 && error.message) return toast.error(title, { description: error.message });
  }
  toast.error(title, { description: message });
}
