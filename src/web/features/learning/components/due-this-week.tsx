import type { DueItem } from '@common/calendar';
import { CalendarMessages as M } from '@common/calendar-texts';
import { formatInZone } from '@common/calendar-time';
import { CalendarCheckIcon, ClipboardCheckIcon, CodeIcon, RotateCcwIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { paths } from '@web/lib/paths';
import { useSchoolTimeZone } from '@web/lib/public-config';
import { useDueThisWeek } from '../api/get-due-this-week';

/** Where an item is worked on: its lesson in the course screen. */
const lessonHref = (item: DueItem) => `${paths.course.href(item.courseId)}?lesson=${encodeURIComponent(item.lessonId)}`;

function DueState({ item }: { item: DueItem }) {
  const late = item.due.lateNow;
  return (
    <span className="flex flex-wrap justify-end gap-1">
      {late &&
        (late.accepted ? (
          <Badge variant="amber">{late.penalty > 0 ? `${M.overdue}: ${late.penalty}% Off` : M.overdue}</Badge>
        ) : (
          <Badge variant="rose">{M.lateClosedShort}</Badge>
        ))}
      {item.due.extended && <Badge variant="teal">{M.dueExtended}</Badge>}
    </span>
  );
}

function DueRow({ item, zone }: { item: DueItem; zone: string }) {
  const Icon = item.kind === 'quiz' ? ClipboardCheckIcon : CodeIcon;
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between" data-testid="due-item">
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <Link to={lessonHref(item)} className="font-medium break-words underline-offset-4 hover:underline focus-visible:underline">
            {item.kind === 'quiz' ? `Quiz: ${item.title}` : item.title}
          </Link>
          <p className="text-xs break-words text-muted-foreground">
            {item.courseTitle} · {item.lessonTitle}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 pl-7 text-sm sm:pl-0 sm:text-right">
        <time dateTime={item.due.dueAt} className="tabular-nums">
          {M.dueOn(formatInZone(item.due.dueAt, zone))}
        </time>
        <DueState item={item} />
      </div>
    </li>
  );
}

/**
 * 'Due This Week' on the student's dashboard: their exercises and quizzes due in the next 7 days and those past due
 * and not passed, soonest first, each a link to its lesson; or a clear word that nothing is due.
 */
export function DueThisWeekCard() {
  const query = useDueThisWeek();
  const zone = useSchoolTimeZone();
  const data = query.data;
  return (
    <section aria-labelledby="due-this-week-title" className="rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="due-this-week">
      <h2 id="due-this-week-title" className="mb-3 text-lg font-semibold">
        {M.dueThisWeek}
      </h2>
      {query.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading your due dates…</span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-muted-foreground">Your due dates could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RotateCcwIcon aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : data && data.items.length > 0 ? (
        <ul className="divide-y">
          {data.items.map((item) => (
            <DueRow key={`${item.kind}-${item.id}`} item={item} zone={zone} />
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="due-this-week-empty">
          <CalendarCheckIcon aria-hidden="true" className="size-4 shrink-0" />
          {data?.preview ? M.dueThisWeekPreview : M.dueThisWeekEmpty}
        </p>
      )}
    </section>
  );
}
