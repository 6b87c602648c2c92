import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { fieldClasses } from './input';

/**
 * A native <select> styled like the other fields: the platform's own picker on phones, full
 * keyboard and screen-reader support, and it works in forms and tests without any extra wiring.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div data-slot="select" className={cn('relative', className)}>
      <select className={cn(fieldClasses, 'h-10 appearance-none py-2 pr-9')} {...props}>
        {children}
      </select>
      <ChevronDownIcon
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
