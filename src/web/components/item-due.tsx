import type { ItemDue, LateWork } from '@common/calendar';
import { CalendarMessages as M } from '@common/calendar-texts';
import { formatInZone } from '@common/calendar-time';
import { AlertTriangleIcon, CalendarClockIcon, LockIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { useSchoolTimeZone } from '@web/lib/public-config';

/**
 * An exercise's or a quiz's due date as the student reads it ('Due Mon, Mar 9, 2026, 23:59', in the school's time
 * zone), marked once it has passed and when an extension of theirs decided it.
 */
export function DueLine({ due, className }: { due: ItemDue; className?: string }) {
  const zone = useSchoolTimeZone();
  return (
    <p className={cn('flex flex-wrap items-center gap-2 text-sm text-muted-foreground', className)} data-testid="due-line">
      <CalendarClockIcon aria-hidden="true" className="size-4 shrink-0" />
      <time dateTime={due.dueAt}>{M.dueOn(formatInZone(due.dueAt, zone))}</time>
      {due.lateNow && (
        <Badge variant={due.lateNow.accepted ? 'amber' : 'rose'}>{due.lateNow.accepted ? M.duePassed : M.lateClosedShort}</Badge>
      )}
      {due.extended && <Badge variant="teal">{M.dueExtended}</Badge>}
    </p>
  );
}

/**
 * Beside Submit, before the student hands work in late: what it costs now ('This was due …: 20% off the score.'), or
 * that late work is closed. Nothing while the due date is ahead.
 */
export function LateWarning({ due, id, className }: { due: ItemDue | null; id?: string; className?: string }) {
  const zone = useSchoolTimeZone();
  if (!due?.lateNow) return null;
  const date = formatInZone(due.dueAt, zone);
  const closed = !due.lateNow.accepted;
  return (
    <Alert variant="warning" id={id} className={className} data-testid="late-warning">
      {closed ? <LockIcon aria-hidden="true" /> : <AlertTriangleIcon aria-hidden="true" />}
      <p>{closed ? M.lateClosed(date) : M.lateWarning(date, due.lateNow.penalty)}</p>
    </Alert>
  );
}

/** A late Submit's or quiz attempt's days late and penalty, and its score after the penalty beside the one before. */
export function LateResult({ late, className }: { late: LateWork; className?: string }) {
  return (
    <p className={cn('grid gap-0.5 text-sm text-warning-foreground', className)} data-testid="late-result">
      <span className="font-medium">{M.lateBy(late.daysLate, late.penalty)}</span>
      {late.penalty > 0 && late.score !== null && late.rawScore !== null && (
        <span className="tabular-nums">{M.scoreAfterPenalty(late.score, late.rawScore)}</span>
      )}
    </p>
  );
}

/** The longest wait a browser timer takes (about 24.8 days); a due date further away is read again on a later visit. */
const TIMER_MAX_MS = 2 ** 31 - 1;

/**
 * Reads the item again a moment after its due date passes while the screen is open, so the student left on the page is
 * told what a Submit now costs before they press it (the server words it: the penalty is the course's).
 */
export function useReadAgainWhenDue(due: ItemDue | null, readAgain: () => void) {
  const dueAt = due && !due.lateNow ? Date.parse(due.dueAt) : null;
  useEffect(() => {
    if (dueAt === null) return;
    const wait = dueAt - Date.now() + 1000;
    if (wait > TIMER_MAX_MS) return;
    const timer = setTimeout(readAgain, Math.max(wait, 0));
    return () => clearTimeout(timer);
  }, [dueAt, readAgain]);
}
