import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { NOT_TRACKED, VERDICT_RULE, type Tone } from '../view-model';

export function ToneBadge({ tone, className, children }: { tone: Tone; className?: string; children: ReactNode }) {
  return (
    <Badge variant={tone} className={className}>
      {children}
    </Badge>
  );
}

/**
 * A rate with its sample: in the verdict's tone, or neutral (outlined) when the sample is too small
 * for one. `n` is carried as data for the browser tests.
 */
export function SampleBadge({ tone, n, children }: { tone: Tone | null; n: number; children: ReactNode }) {
  return (
    <Badge variant={tone ?? 'outline'} data-sample={n} data-verdict={tone ? 'yes' : 'no'} className="whitespace-normal">
      {children}
    </Badge>
  );
}

/** The minimum sample, said once where verdicts are given or held back. */
export function VerdictRule({ className }: { className?: string }) {
  return <p className={cn('text-xs text-muted-foreground', className)}>{VERDICT_RULE}; below that, the figures show with their n only.</p>;
}

/** Text colour of a tone, readable on cards in both themes. */
export const toneText: Record<Tone, string> = {
  green: 'text-green-700 dark:text-green-300',
  amber: 'text-amber-700 dark:text-amber-300',
  rose: 'text-rose-700 dark:text-rose-300',
};
/** Fill of a tone for bars (graphics: 3:1 against the card in both themes). */
export const toneFill: Record<Tone, string> = {
  green: 'bg-green-600 dark:bg-green-500',
  amber: 'bg-amber-600 dark:bg-amber-500',
  rose: 'bg-rose-600 dark:bg-rose-500',
};

/** Label and figure pairs; use inside <MetricList>. */
export function Metric({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

export function MetricList({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-4', className)}>{children}</dl>;
}

/** A figure the platform does not measure: said plainly, never a number. */
export function NotTracked({ why }: { why: string }) {
  return (
    <span className="text-base font-normal italic text-muted-foreground" title={why}>
      {NOT_TRACKED}
      <span className="sr-only"> ({why})</span>
    </span>
  );
}

/** A horizontal bar for a 0–100 figure in a tone, with its value written out beside it by the caller. */
export function ToneBar({ value, tone, label }: { value: number; tone: Tone; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className={cn('h-full rounded-full', toneFill[tone])} style={{ width: `${percent}%` }} />
    </div>
  );
}

/** A card of the Content Engagement tab: an icon, a title (h2), what it measures, then its figures. */
export function EngagementCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3 space-y-0">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </div>
        <div className="flex flex-col gap-1">
          <CardTitle asChild>
            <h2>{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A wide table that scrolls sideways on a phone: the region takes focus, so the keyboard can scroll it too. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="mt-4 overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
