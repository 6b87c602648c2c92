import { CalendarMessages, isoToZonedWallTime, zonedWallTimeToIso } from '@common/calendar';
import { XIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@web/lib/cn';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Label } from './ui/label';

type Props = {
  label: string;
  /** The moment (ISO), or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The school's time zone: the tutor types and reads its wall clock, whatever the browser's own zone. */
  timeZone: string;
  /** A sentence under the field (what an empty one means, say); the zone is named after it. */
  hint?: string;
  /** An empty field may be cleared with a button of its own. */
  clearable?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
};

/**
 * A date and time of the calendar as the school's wall clock shows it: the browser's date-time field, read in the
 * school's zone rather than the browser's (zonedWallTimeToIso, which settles a time the clocks skip or show twice),
 * so a tutor travelling abroad still sets 09:00 at school.
 */
export function ZonedDateTimeField({ label, value, onChange, timeZone, hint, clearable, invalid, disabled, className }: Props) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          type="datetime-local"
          className="w-auto min-w-56"
          aria-describedby={hintId}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          value={value ? isoToZonedWallTime(value, timeZone) : ''}
          onChange={(e) => onChange(e.target.value ? zonedWallTimeToIso(e.target.value, timeZone) : null)}
        />
        {clearable && value && (
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)} aria-label={`Clear ${label}`}>
            <XIcon aria-hidden="true" />
            Clear
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint ? `${hint} ` : ''}
        {CalendarMessages.inSchoolZone(timeZone)}
      </p>
    </div>
  );
}
