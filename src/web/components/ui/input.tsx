import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export const fieldClasses =
  'w-full rounded-lg border border-input/70 bg-card px-3 text-base text-foreground shadow-xs transition-colors sm:text-sm ' +
  'placeholder:text-muted-foreground focus-visible:outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" type={type} className={cn(fieldClasses, 'h-10 py-2', className)} {...props} />;
}
