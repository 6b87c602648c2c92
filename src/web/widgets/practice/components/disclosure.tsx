import { ChevronRightIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

type Props = {
  /** What the button says (the part shown while folded). */
  summary: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
};

/**
 * A part that folds: a button with a chevron that turns as it opens (aria-expanded says so), and the part below it.
 * A new key (a new result) opens or folds it afresh by `defaultOpen`.
 */
export function Disclosure({ summary, children, defaultOpen = false, className, buttonClassName, panelClassName }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <div className={className}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left transition-colors hover:bg-muted/60 max-md:min-h-11',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          buttonClassName,
        )}
      >
        <ChevronRightIcon
          aria-hidden="true"
          data-slot="disclosure-chevron"
          className={cn('size-4 shrink-0 text-muted-foreground transition-transform motion-reduce:transition-none', open && 'rotate-90')}
        />
        <span className="min-w-0 flex-1">{summary}</span>
      </button>
      <div id={panelId} hidden={!open} className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
