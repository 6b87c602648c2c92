import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The quiet panel a tab shows when it has nothing to list. */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <div className="mb-3 flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </div>
      {title && <p className="font-semibold">{title}</p>}
      {children && <p className={title ? 'mt-1 max-w-md text-sm text-muted-foreground' : 'max-w-md text-muted-foreground'}>{children}</p>}
    </div>
  );
}
