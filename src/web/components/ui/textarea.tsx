import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { fieldClasses } from './input';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea data-slot="textarea" className={cn(fieldClasses, 'min-h-32 py-2 leading-relaxed', className)} {...props} />;
}
