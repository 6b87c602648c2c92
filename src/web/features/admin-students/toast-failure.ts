import { toast } from 'sonner';
import { isApiError } from '@web/lib/api';

/**
 * The admin screens' error toast (spec §8): titled 'Error', with the spec's message, unless the
 * server refused for a reason worth reading (a 4xx such as "already enrolled"). A 401 is left to
 * the query client, which signs the tutor out with its own toast.
 */
export function toastFailure(error: unknown, message: string) {
  if (isApiError(error) && error.status === 401) return;
  const specific = isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : undefined;
  toast.error('Error', { description: specific || message });
}
