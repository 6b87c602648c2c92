import { BellIcon, CheckCheckIcon, MessageSquareReplyIcon, MessageSquareTextIcon, MessagesSquareIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UserNotification } from '@common/user-notifications';
import { UserNotificationMessages as M } from '@common/user-notifications-texts';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { formatDaysAgo } from '@web/lib/format-date';
import { useMarkNotificationsRead, useUserNotifications } from './api/user-notifications';

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

/**
 * The bell in the header of both roles: what is new for the signed-in person (feedback on their code, replies to
 * their questions, new questions for the tutor), each a link to its place; opening one marks it read.
 */
export function NotificationBell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const { data } = useUserNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;
  const items = data?.notifications ?? [];
  const label = unread ? `${M.bell}, ${M.unread(unread)}` : M.bell;

  const openItem = (item: UserNotification) => {
    setOpen(false);
    if (!item.read) markRead.mutate({ ids: [item.id] });
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          title={label}
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
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={M.bell}
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
