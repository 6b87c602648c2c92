import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

type EmptyPanelProps = {
  icon: LucideIcon;
  title?: string;
  children?: ReactNode;
  /** A button or link under the text. */
  action?: ReactNode;
  /** 'page' is a screen's whole content (a heading of its own); 'section' sits inside a tab or list. */
  size?: 'page' | 'section';
  /** 'error' announces itself to screen readers and shows a red icon. */
  tone?: 'neutral' | 'error';
};

/** The centred panel a page or tab shows when it has nothing to list, or could not load it. */
export function EmptyPanel({ icon: Icon, title, children, action, size = 'section', tone = 'neutral' }: EmptyPanelProps) {
  const titleId = useId();
  const page = size === 'page';
  return (
    <section
      role={tone === 'error' ? 'alert' : undefined}
      aria-labelledby={title ? titleId : undefined}
      className={cn(
        'flex flex-col items-center bg-card px-6 text-center',
        tone === 'error' ? 'border' : 'border border-dashed',
        page ? 'rounded-2xl py-14 sm:py-20' : 'rounded-xl py-12',
      )}
    >
      <div
        className={cn(
          'flex items-center justify-center rounded-full',
          tone === 'error' ? 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200' : 'bg-secondary text-secondary-foreground',
          page ? 'mb-4 size-14' : 'mb-3 size-11',
        )}
      >
        <Icon className={page ? 'size-7' : 'size-5'} aria-hidden="true" />
      </div>
      {title &&
        (page ? (
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
        ) : (
          <p id={titleId} className="font-semibold">
            {title}
          </p>
        ))}
      {children && <p className={cn('max-w-md text-muted-foreground', title && (page ? 'mt-2' : 'mt-1 text-sm'))}>{children}</p>}
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}
