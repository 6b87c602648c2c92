import { BellIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { UserNotificationMessages as M } from '@common/user-notifications-texts';
import { Button } from '@web/components/ui/button';
import { afterLoadAndIdle } from '@web/lib/after-load';
import { cn } from '@web/lib/cn';
import { useSettled } from '@web/lib/use-settled';
import { useUserNotifications } from './api/user-notifications';

// The list (a Radix popover with its positioning and focus handling, about 20 KB) is not part of the
// first download of every signed-in page: fetched once the page is idle, or when the bell is first
// pressed if that is sooner.
const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazy(loadPanel);

/**
 * The bell in the header of both roles: what is new for the signed-in person (feedback on their code, replies to
 * their questions, new questions for the tutor), each a link to its place; opening one marks it read.
 */
export function NotificationBell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on (so it can animate closed), not before.
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  const bell = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // Asked once the page has painted and the browser is idle: the count comes a moment after the
  // page, and never holds up or competes with its first paint.
  const { data } = useUserNotifications(useSettled({ settle: false }));
  useEffect(() => afterLoadAndIdle(() => void loadPanel().catch(() => undefined)), []);
  const unread = data?.unread ?? 0;
  const label = unread ? `${M.bell}, ${M.unread(unread)}` : M.bell;

  return (
    <>
      <Button
        ref={bell}
        variant="ghost"
        size="icon"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen((was) => !was)}
        className={cn('relative text-muted-foreground hover:text-foreground', className)}
      >
        <BellIcon aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold leading-none text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} open={open} onOpenChange={setOpen} bell={bell} data={data} />
        </Suspense>
      )}
    </>
  );
}
