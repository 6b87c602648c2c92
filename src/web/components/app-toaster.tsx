import { Toaster } from 'sonner';
import { TOAST_DEFAULT_MS } from '@common/limits';
import type { Theme } from '@web/lib/theme';
import { usePhone } from '@web/lib/use-phone';

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
