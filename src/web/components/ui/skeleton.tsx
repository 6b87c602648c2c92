import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** A placeholder shape while data loads (a span, so it may sit inside text). */
export function Skeleton({ className, ...props }: ComponentProps<'span'>) {
  return <span data-slot="skeleton" aria-hidden="true" className={cn('block animate-pulse rounded-md bg-muted', className)} {...props} />;
}
