import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        teal: 'border-transparent bg-teal-100 text-teal-900 dark:bg-teal-900/50 dark:text-teal-100',
        amber: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
        rose: 'border-transparent bg-rose-100 text-rose-900 dark:bg-rose-900/50 dark:text-rose-100',
        green: 'border-transparent bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
