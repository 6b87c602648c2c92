import { GradebookMessages as M, weightsText } from '@common/gradebook';
import { BookOpenCheckIcon, DownloadIcon, UsersIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyPanel } from '@web/components/empty-panel';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { usePhone } from '@web/lib/use-phone';
import { useSchoolTimeZone } from '@web/lib/public-config';
import { gradebookCsvUrl, useGradebook, useGradebookCourses } from './api/gradebook';
import { GradebookList } from './components/gradebook-list';
import { GradebookTable } from './components/gradebook-table';
import { OverrideDialog } from './components/override-dialog';
import { ROWS_PER_PAGE, studentName, visibleRows, type RowFilter, type RowSort } from './gradebook-view';

/**
 * The tutor's gradebook ('Gradebook' in the top bar): one course at a time (the course in the address, so a link
 * or a reload keeps it), its students x its exercises and quizzes with the totals, filtered and sorted here, each
 * cell opening 'Override Score'; 'Export CSV' downloads the same figures.
 */
export function GradebookPage() {
  const [params, setParams] = useSearchParams();
  const courses = useGradebookCourses();
  const list = courses.data?.courses ?? [];
  // Without a course in the address, the first course of the list: the common case is a tutor with one course.
  const courseId = params.get('course') ?? list[0]?.id;
  const gradebook = useGradebook(courseId);
  const timeZone = useSchoolTimeZone();
  const phone = usePhone();
  const ids = { course: useId(), name: useId(), filter: useId(), sort: useId() };
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<RowFilter>('all');
  const [sort, setSort] = useState<RowSort>('name');
  const [limit, setLimit] = useState(ROWS_PER_PAGE);
  const [open, setOpen] = useState<{ studentId: string; itemIndex: number } | null>(null);

  const g = gradebook.data;
  const rows = useMemo(() => (g ? visibleRows(g.students, { name, filter, sort }) : []), [g, name, filter, sort]);
  const shown = rows.slice(0, limit);
  const openRow = open && g?.students.find((s) => s.studentId === open.studentId);
  const refine =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setLimit(ROWS_PER_PAGE);
    };

  const header = (
    <PageHeader
      title={M.pageTitle}
      subtitle={M.pageSubtitle}
      actions={
        courseId && g && g.students.length > 0 ? (
          <Button asChild variant="outline">
            <a href={gradebookCsvUrl(courseId)} download>
              <DownloadIcon aria-hidden="true" />
              {M.exportCsv}
            </a>
          </Button>
        ) : undefined
      }
    />
  );

  if (courses.isError) {
    return (
      <>
        {header}
        <LoadError message={courses.error.message} onRetry={() => void courses.refetch()} />
      </>
    );
  }
  if (!courses.data) {
    return (
      <>
        {header}
        <Spinner label={M.loading} showLabel className="rounded-xl border bg-card py-10" />
      </>
    );
  }
  if (!list.length) {
    return (
      <>
        {header}
        <EmptyPanel icon={BookOpenCheckIcon} title={M.pageTitle} size="page">
          {M.noCourses}
        </EmptyPanel>
      </>
    );
  }

  return (
    <>
      {header}
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)_12rem_14rem] lg:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.course}>{M.course}</Label>
          <Select
            id={ids.course}
            value={courseId}
            onChange={(e) => {
              setParams({ course: e.target.value }, { replace: true });
              setLimit(ROWS_PER_PAGE);
            }}
          >
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.name}>{M.filterByName}</Label>
          <Input id={ids.name} type="search" value={name} onChange={(e) => refine(setName)(e.target.value)} autoComplete="off" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.filter}>{M.filterShow}</Label>
          <Select id={ids.filter} value={filter} onChange={(e) => refine(setFilter)(e.target.value as RowFilter)}>
            <option value="all">{M.filterAll}</option>
            <option value="late">{M.filterLate}</option>
            <option value="overridden">{M.filterOverridden}</option>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.sort}>{M.sortBy}</Label>
          <Select id={ids.sort} value={sort} onChange={(e) => refine(setSort)(e.target.value as RowSort)}>
            <option value="name">{M.sortName}</option>
            <option value="total-desc">{M.sortTotalHigh}</option>
            <option value="total-asc">{M.sortTotalLow}</option>
          </Select>
        </div>
      </div>

      {gradebook.isError ? (
        <LoadError message={gradebook.error.message} onRetry={() => void gradebook.refetch()} />
      ) : !g ? (
        <Spinner label={M.loading} showLabel className="rounded-xl border bg-card py-10" />
      ) : g.items.length === 0 ? (
        <EmptyPanel icon={BookOpenCheckIcon}>{M.noItems}</EmptyPanel>
      ) : g.students.length === 0 ? (
        <EmptyPanel icon={UsersIcon}>{M.noStudents}</EmptyPanel>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {M.studentsShown(rows.length, g.students.length)} · {weightsText(g.course, g.items)}
          </p>
          {rows.length === 0 ? (
            <EmptyPanel icon={UsersIcon}>{M.noMatches}</EmptyPanel>
          ) : phone ? (
            <GradebookList
              gradebook={g}
              rows={shown}
              timeZone={timeZone}
              onOpen={(row, itemIndex) => setOpen({ studentId: row.studentId, itemIndex })}
            />
          ) : (
            <GradebookTable
              gradebook={g}
              rows={shown}
              timeZone={timeZone}
              onOpen={(row, itemIndex) => setOpen({ studentId: row.studentId, itemIndex })}
            />
          )}
          {rows.length > shown.length && (
            <Button variant="outline" className="justify-self-center" onClick={() => setLimit((n) => n + ROWS_PER_PAGE)}>
              {M.showMore(shown.length, rows.length)}
            </Button>
          )}
        </div>
      )}

      <Dialog open={!!openRow} onOpenChange={(o) => !o && setOpen(null)}>
        {openRow && g && courseId && (
          <OverrideDialog
            key={`${open!.studentId}:${open!.itemIndex}`}
            courseId={courseId}
            studentId={openRow.studentId}
            studentName={studentName(openRow)}
            item={g.items[open!.itemIndex]!}
            cell={openRow.cells[open!.itemIndex]!}
            timeZone={timeZone}
            onDone={() => setOpen(null)}
          />
        )}
      </Dialog>
    </>
  );
}

export { GradebookPage as Component };
