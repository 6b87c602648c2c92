import { toast } from 'sonner';
import { isApiError } from './api';

/** The error toasts on screen, so a step that moves on can clear the ones about the step before. */
const errorIds = new Set<string | number>();
function showError(title: string, description: string) {
  const id = toast.error(title, { description, onDismiss: () => errorIds.delete(id), onAutoClose: () => errorIds.delete(id) });
  errorIds.add(id);
  return id;
}

/** Clears the error toasts still showing: a multi-step form calls it when its step changes. */
export function dismissErrorToasts() {
  for (const id of errorIds) toast.dismiss(id);
  errorIds.clear();
}

type Fallback = {
  title: string;
  message: string;
  /** Titles to use for given error codes instead of the server's (e.g. a validation error on an e-mail field). */
  titleByCode?: Record<string, string>;
};

/** Shows a failed call as a toast: its title (the server's, a per-code override, or the fallback) and message. */
export function toastError(error: unknown, fallback: Fallback) {
  if (isApiError(error)) {
    const title = fallback.titleByCode?.[error.code] ?? error.title ?? fallback.title;
    showError(title, error.message || fallback.message);
    return;
  }
  showError(fallback.title, fallback.message);
}

export function toastSuccess(title: string, message?: string) {
  toast.success(title, message ? { description: message } : undefined);
}

/** A client-side validation message: a title and its message. */
export function toastInvalid(title: string, message: string) {
  showError(title, message);
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
