import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/**
 * Chromium can match :focus-visible on a tab clicked with the mouse (the roving focus moves it by
 * script). The last kind of input is kept on <html> (data-input), and styles.css takes the ring off
 * a tab while the pointer is in use; the keyboard brings it back.
 */
if (typeof document !== 'undefined' && !document.documentElement.dataset.inputTracked) {
  document.documentElement.dataset.inputTracked = 'true';
  const set = (kind: 'pointer' | 'keyboard') => () => {
    if (document.documentElement.dataset.input !== kind) document.documentElement.dataset.input = kind;
  };
  document.addEventListener('pointerdown', set('pointer'), { capture: true, passive: true });
  document.addEventListener('keydown', set('keyboard'), { capture: true, passive: true });
}

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn('inline-flex h-10 items-center justify-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-60',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn('mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      {...props}
    />
  );
}
