import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/cn';

/** The shared progress bar, turning green at 100% like the course's ring and badge. */
export function ProgressBar({ percent, label, className }: { percent: number; label: string; className?: string }) {
  return <Progress value={percent} label={label} className={cn(percent >= 100 && '*:bg-green-600 dark:*:bg-green-400', className)} />;
}
