import { RotateCcwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';

/** A screen's data could not be loaded: the screen's failure message and a way to try again (or another action). */
export function LoadError({
  message,
  onRetry,
  retrying,
  action,
}: {
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  action?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border bg-card p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-muted-foreground">{message}</p>
      {action ??
        (onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
            <RotateCcwIcon aria-hidden="true" />
            Try Again
          </Button>
        ))}
    </div>
  );
}
