import { CalendarMessages as M, formatInZone } from '@common/calendar';
import { RELEASE_AFTER_DAYS_MAX, type Chapter } from '@common/courses';
import { CalendarClockIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ZonedDateTimeField } from '@web/components/zoned-date-time-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useSetChapterCalendar } from '../api/set-chapter-calendar';

type Dates = Pick<Chapter, 'releaseAt' | 'releaseAfterDays' | 'dueAt'>;
type ReleaseKind = 'none' | 'date' | 'days';

/** The chapter's release and due date in words, on the school's clock ('Opens Mon, Jan 11, 2027, 09:00 · Due …'). */
export function chapterDatesText(chapter: Dates, timeZone: string): string {
  const release =
    chapter.releaseAt !== null
      ? M.opensOn(formatInZone(chapter.releaseAt, timeZone))
      : chapter.releaseAfterDays !== null
        ? M.opensAfterDays(chapter.releaseAfterDays)
        : M.openFromStart;
  return chapter.dueAt === null ? release : `${release} · ${M.dueOn(formatInZone(chapter.dueAt, timeZone))}`;
}

/** The chapter's dates under its title in the tutor's outline. */
export function ChapterDatesLine({ chapter, timeZone }: { chapter: Dates; timeZone: string }) {
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="chapter-dates">
      <CalendarClockIcon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>{chapterDatesText(chapter, timeZone)}</span>
    </p>
  );
}

/** What the browser can tell before the server checks everything again (the same messages). */
function problemOf(kind: ReleaseKind, releaseAt: string | null, days: string, dueAt: string | null): string | null {
  if (kind === 'date' && releaseAt === null) return M.dateInvalid;
  if (kind === 'days' && !(/^\d+$/.test(days.trim()) && Number(days) <= RELEASE_AFTER_DAYS_MAX)) return M.releaseDaysInvalid;
  if (kind === 'date' && releaseAt !== null && dueAt !== null && Date.parse(dueAt) < Date.parse(releaseAt)) return M.dueBeforeRelease;
  return null;
}

/**
 * 'Release and Due Date' of one chapter: a form with its own button (the editor's save model). The release is one of
 * three ways; its date and the due date are typed on the school's clock.
 */
export function ChapterCalendarForm({
  courseId,
  chapter,
  timeZone,
  onClose,
}: {
  courseId: string;
  chapter: Pick<Chapter, 'id' | 'title'> & Dates;
  timeZone: string;
  onClose: () => void;
}) {
  const ids = { name: useId(), days: useId(), daysHint: useId(), error: useId() };
  const [kind, setKind] = useState<ReleaseKind>(chapter.releaseAt !== null ? 'date' : chapter.releaseAfterDays !== null ? 'days' : 'none');
  const [releaseAt, setReleaseAt] = useState(chapter.releaseAt);
  const [days, setDays] = useState(chapter.releaseAfterDays === null ? '7' : String(chapter.releaseAfterDays));
  const [dueAt, setDueAt] = useState(chapter.dueAt);
  const [error, setError] = useState<string | null>(null);
  const save = useSetChapterCalendar(courseId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const problem = problemOf(kind, releaseAt, days, dueAt);
    setError(problem);
    if (problem) return;
    save.mutate(
      {
        chapterId: chapter.id,
        releaseAt: kind === 'date' ? releaseAt : null,
        releaseAfterDays: kind === 'days' ? Number(days) : null,
        dueAt,
      },
      {
        onSuccess: () => {
          toastSuccess('Chapter dates saved');
          onClose();
        },
        onError: (err) => toastFailure(err, 'Failed to save the chapter dates'),
      },
    );
  };

  const kinds: [ReleaseKind, string][] = [
    ['none', M.releaseNone],
    ['date', M.releaseOnDate],
    ['days', M.releaseAfterEnrollment],
  ];
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`${M.chapterDates} of “${chapter.title}”`}
      className="grid gap-4 rounded-lg border bg-background p-3 sm:p-4"
    >
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">{M.release}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {kinds.map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={ids.name}
                className="size-4 accent-primary"
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  setError(null);
                }}
              />
              {label}
            </label>
          ))}
        </div>
        {kind === 'date' && <ZonedDateTimeField label={M.releaseDate} value={releaseAt} onChange={setReleaseAt} timeZone={timeZone} />}
        {kind === 'days' && (
          <div className="grid gap-2">
            <Label htmlFor={ids.days}>{M.releaseAfterEnrollment}</Label>
            <Input
              id={ids.days}
              inputMode="numeric"
              className="w-28"
              aria-describedby={ids.daysHint}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
            <p id={ids.daysHint} className="text-xs text-muted-foreground">
              Each student&apos;s own day: 0 opens it the moment they are enrolled.
            </p>
          </div>
        )}
      </fieldset>
      <ZonedDateTimeField label={M.dueDate} value={dueAt} onChange={setDueAt} timeZone={timeZone} hint={M.chapterDueHint} clearable />
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? (
            <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          {M.saveDates}
        </Button>
      </div>
    </form>
  );
}
