import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { Card } from './card';
import { Skeleton } from './skeleton';

export type StatCardProps = {
  label: string;
  /** The figure; `undefined` shows a placeholder while it loads. */
  value: ReactNode | undefined;
  icon?: LucideIcon;
  /** Tailwind classes for the icon tile (background and text colour), in light and dark. */
  iconClassName?: string;
  /** A short line under the figure. */
  hint?: ReactNode;
  className?: string;
};

/**
 * One figure with its label, for the rows of statistics on admin pages. The figure is shown above
 * the label, but the label comes first in the DOM so screen readers read "Label, value".
 */
export function StatCard({ label, value, icon: Icon, iconClassName, hint, className }: StatCardProps) {
  const loading = value === undefined;
  return (
    <Card data-slot="stat-card" className={cn('flex h-full flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5', className)}>
      {Icon && (
        <div
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground',
            iconClassName,
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </div>
      )}
      <div className="flex min-w-0 flex-col">
        <div className="flex flex-col-reverse">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold tabular-nums">
            {loading ? (
              <>
                <Skeleton className="my-1 inline-block h-6 w-10 align-middle" />
                <span className="sr-only">Loading</span>
              </>
            ) : (
              value
            )}
          </p>
        </div>
        {hint && <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p>}
      </div>
    </Card>
  );
}
