import type { LessonStatus } from '@common/learning';
import { CircleCheckIcon, CircleDotIcon, CircleIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

const STATUS = {
  completed: { icon: CircleCheckIcon, label: 'Completed', className: 'text-green-600 dark:text-green-400' },
  in_progress: { icon: CircleDotIcon, label: 'In progress', className: 'text-amber-600 dark:text-amber-400' },
  not_started: { icon: CircleIcon, label: 'Not started', className: 'text-muted-foreground' },
} as const;

/** A lesson's check or circle, with its status for screen readers. */
export function LessonStatusIcon({ status, className }: { status: LessonStatus; className?: string }) {
  const { icon: Icon, label, className: tone } = STATUS[status];
  return (
    <>
      <Icon aria-hidden="true" className={cn('size-5 shrink-0', tone, className)} />
      <span className="sr-only">{label}:</span>
    </>
  );
}
