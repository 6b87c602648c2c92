import { useEffect } from 'react';
import { toast } from 'sonner';
import { TOAST_DEFAULT_MS, TOAST_SHORT_MS } from '@common/limits';
import { PwaMessages, destructiveToast, plainToast } from './messages';

/**
 * 'Connection Restored' (3 s) when the browser goes online, the destructive 'Connection Lost' (5 s)
 * when it goes offline. One toast id: a quick flip replaces the last one.
 */
export function useConnectionToasts() {
  useEffect(() => {
    const online = () =>
      toast.success(PwaMessages.connectionRestored.title, {
        id: 'connection',
        description: PwaMessages.connectionRestored.description,
        duration: TOAST_SHORT_MS,
        ...plainToast,
      });
    const offline = () =>
      toast.error(PwaMessages.connectionLost.title, {
        id: 'connection',
        description: PwaMessages.connectionLost.description,
        duration: TOAST_DEFAULT_MS,
        ...destructiveToast,
      });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, []);
}
