import { toast } from 'sonner';
import { isApiError } from '@web/lib/api';

/**
 * A failed call as the spec's toast, titled 'Error' unless given another title. The spec's
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
