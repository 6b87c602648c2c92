import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** A loading indicator with a text for screen readers (and, if wanted, on screen). */
export function Spinner({
  label = 'Loading...',
  showLabel = false,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 text-muted-foreground', className)}>
      <LoaderCircleIcon className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </div>
  );
}
