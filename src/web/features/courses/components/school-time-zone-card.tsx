import { CalendarMessages as M, formatInZone, timeZoneNames } from '@common/calendar';
import { GlobeIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useSaveSchoolSettings, useSchoolSettings } from '../api/school-settings';

/** A zone this browser knows, in the list's spelling; undefined for anything else. */
function knownZone(text: string): string | undefined {
  const lower = text.trim().toLowerCase();
  return timeZoneNames().find((z) => z.toLowerCase() === lower);
}

function TimeZoneForm({ saved }: { saved: string }) {
  const ids = { zone: useId(), list: useId(), hint: useId(), error: useId() };
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSchoolSettings();
  const zones = useMemo(() => timeZoneNames(), []);
  const chosen = knownZone(text);
  const dirty = (chosen ?? text.trim()) !== saved;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    // A zone the list does not have (the browser's list is that of the server's zone database too) is said at once.
    const timeZone = chosen ?? text.trim();
    if (!chosen) return setError(M.timeZoneInvalid);
    setError(null);
    save.mutate(
      { timeZone },
      {
        onSuccess: (next) => toastSuccess(`Dates now show in ${next.timeZone}`),
        onError: (err) => toastFailure(err, 'Failed to save the time zone'),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={ids.zone}>{M.timeZone}</Label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {/* A text field over the list of zones: typing "berlin" or "new_y" narrows it, as a searchable select does. */}
          <Input
            id={ids.zone}
            list={ids.list}
            autoComplete="off"
            spellCheck={false}
            className="sm:max-w-sm"
            placeholder="e.g. Europe/Berlin"
            aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
            aria-invalid={error ? true : undefined}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
          />
          <datalist id={ids.list}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <Button type="submit" disabled={save.isPending || !dirty} className="self-start sm:self-auto">
            {save.isPending ? (
              <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            {M.saveTimeZone}
          </Button>
        </div>
        {error && (
          <p id={ids.error} className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <p id={ids.hint} className="text-sm text-muted-foreground" data-testid="school-clock">
          {chosen ? `Now there: ${formatInZone(new Date(), chosen)}.` : 'Type a city or a region and choose from the list.'}
        </p>
      </div>
    </form>
  );
}

/**
 * 'School Time Zone', on the course list: the one clock every release and due date of every course is entered and
 * shown on. It sits where courses are planned, under the courses it applies to, rather than among the mail settings;
 * every date field of the course editor names it.
 */
export function SchoolTimeZoneCard() {
  const settings = useSchoolSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <GlobeIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          {M.timeZone}
        </CardTitle>
        <CardDescription>{M.timeZoneHint}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-10 w-full max-w-sm" />
        ) : settings.isError ? (
          <LoadError message="Failed to load the time zone. Please try again." onRetry={() => void settings.refetch()} />
        ) : (
          <TimeZoneForm saved={settings.data.timeZone} />
        )}
      </CardContent>
    </Card>
  );
}
