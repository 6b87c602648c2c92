import { CheckCheckIcon, MessageSquareReplyIcon, MessageSquareTextIcon, MessagesSquareIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import type { UserNotification, UserNotificationsResponse } from '@common/user-notifications';
import { UserNotificationMessages as M } from '@common/user-notifications-texts';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { formatDaysAgo } from '@web/lib/format-date';
import { useMarkNotificationsRead } from './api/user-notifications';

const kindIcon = { feedback: MessageSquareTextIcon, reply: MessageSquareReplyIcon, question: MessagesSquareIcon } as const;

function NotificationItem({ item, onOpen }: { item: UserNotification; onOpen: (item: UserNotification) => void }) {
  const Icon = kindIcon[item.kind];
  return (
    <li>
      <Link
        to={item.link}
        onClick={() => onOpen(item)}
        className={cn(
          'flex gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          !item.read && 'bg-secondary/60',
        )}
      >
        <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm', !item.read && 'font-semibold')}>
            {item.title}
            {!item.read && <span className="sr-only"> (unread)</span>}
          </span>
          {item.body && <span className="mt-0.5 line-clamp-2 block text-xs text-muted-foreground">{item.body}</span>}
          <span className="mt-0.5 block text-xs text-muted-foreground">{formatDaysAgo(item.createdAt)}</span>
        </span>
        {!item.read && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />}
      </Link>
    </li>
  );
}

type Props = {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell's button, which the list is placed against and which gets the focus back when the list closes. */
  bell: RefObject<HTMLButtonElement | null>;
  data: UserNotificationsResponse | undefined;
};

/**
 * The bell's list (a popover next to the bell): the newest items, unread first marked, each a link to its place;
 * opening one marks it read, 'Mark All Read' the rest. Loaded apart from the bell (notification-bell.tsx).
 */
export default function NotificationPanel({ id, open, onOpenChange, bell, data }: Props) {
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;
  const items = data?.notifications ?? [];
  // As Radix's own trigger would: a press outside closes the list and leaves the focus there; Escape
  // or choosing an item gives it back to the bell.
  const pressedOutside = useRef(false);

  const openItem = (item: UserNotification) => {
    onOpenChange(false);
    if (!item.read) markRead.mutate({ ids: [item.id] });
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={bell as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={M.bell}
          onOpenAutoFocus={() => {
            pressedOutside.current = false;
          }}
          onInteractOutside={(event) => {
            // The bell toggles the list itself: a press on it is not a press outside.
            if (bell.current?.contains(event.target as Node)) event.preventDefault();
            else pressedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!pressedOutside.current) bell.current?.focus();
          }}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border bg-popover p-2 text-popover-foreground shadow-xl focus-visible:outline-none"
        >
          <div className="flex items-center justify-between gap-2 px-2 pb-2 pt-1">
            <h2 className="text-sm font-semibold">{M.bell}</h2>
            {unread > 0 && (
              <Button variant="ghost" size="sm" onClick={() => markRead.mutate({ all: true })} disabled={markRead.isPending}>
                <CheckCheckIcon aria-hidden="true" />
                {M.markAllRead}
              </Button>
            )}
          </div>
          {items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">{M.empty}</p>
          ) : (
            <ul className="max-h-[min(28rem,70dvh)] space-y-1 overflow-y-auto">
              {items.map((item) => (
                <NotificationItem key={item.id} item={item} onOpen={openItem} />
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
