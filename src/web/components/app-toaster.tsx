import { useCallback, useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DEFAULT_MS } from '@common/limits';
import type { Theme } from '@web/lib/theme';

/** Below the `md` breakpoint: the phone layout, whose header, menu button and offline strip are at the top. */
const PHONE_QUERY = '(max-width: 767.98px)';

function usePhone(): boolean {
  const subscribe = useCallback((changed: () => void) => {
    const list = window.matchMedia(PHONE_QUERY);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, []);
  // A page prerendered at build time (src/web/prerender.tsx) knows no screen: the wide layout, until the browser says.
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/**
 * One toast visible at a time, 5 s by default. On a wide screen at the top centre; on a phone at
 * the bottom, above the safe area and the small connection badge, so the header, its menu button
 * and the offline strip stay visible (on the course screen it rises above the lesson bar and the
 * tutor's button too: styles.css).
 */
export function AppToaster({ theme }: { theme: Theme }) {
  const phone = usePhone();
  return (
    <Toaster
      theme={theme}
      position={phone ? 'bottom-center' : 'top-center'}
      offset={phone ? { bottom: 'calc(3.5rem + env(safe-area-inset-bottom))' } : undefined}
      mobileOffset={{ bottom: 'calc(3.5rem + env(safe-area-inset-bottom))', left: 16, right: 16 }}
      visibleToasts={1}
      duration={TOAST_DEFAULT_MS}
      closeButton
      containerAriaLabel="Notifications"
    />
  );
}
