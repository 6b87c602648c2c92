import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** A horizontal progress bar, 0–100, announced as a progressbar with its label. */
export function Progress({ value, label, className, ...props }: ComponentProps<'div'> & { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div className="h-full rounded-full bg-primary transition-[width] duration-500 ease-out" style={{ width: `${percent}%` }} />
    </div>
  );
}
