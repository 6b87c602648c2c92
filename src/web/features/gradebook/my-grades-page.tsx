import { CalendarMessages } from '@common/calendar-texts';
import { formatInZone } from '@common/calendar-time';
import { ErrorCode } from '@common/error-codes';
import { formatScore, GradebookMessages as M, weightsText, type GradebookCell, type GradebookItem, type MyGrades } from '@common/gradebook';
import { BookXIcon, EyeIcon } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { EmptyPanel } from '@web/components/empty-panel';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api';
import { paths } from '@web/lib/paths';
import { useSchoolTimeZone } from '@web/lib/public-config';
import { useMyGrades } from './api/my-grades';
import { CellMarkList } from './components/grade-cell';

/**
 * /course/{courseId}/grades, 'My Grades': the student's own score on each exercise and quiz of the course, chapter by
 * chapter with the chapter's total, and their course total; every mark (late with its penalty, extended, overridden
 * with the tutor's reason) in words. The figures are the gradebook's (one computation on the server).
 */
export function MyGradesPage() {
  const { courseId = '' } = useParams();
  const grades = useMyGrades(courseId);
  const timeZone = useSchoolTimeZone();
  const back = { to: paths.course.href(courseId), label: M.backToCourse };
  const error = grades.error;

  if (isApiError(error) && error.code === ErrorCode.notEnrolled) return <Navigate to={paths.dashboard} replace />;
  if (error) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <>
        <PageHeader title={M.myGradesTitle} subtitle={M.myGradesSubtitle} back={back} />
        {notFound ? (
          <EmptyPanel
            icon={BookXIcon}
            tone="error"
            action={
              <Button asChild>
                <Link to={paths.dashboard}>Back to Dashboard</Link>
              </Button>
            }
          >
            {M.courseNotFound}
          </EmptyPanel>
        ) : (
          <LoadError message={error.message} onRetry={() => void grades.refetch()} retrying={grades.isFetching} />
        )}
      </>
    );
  }
  if (!grades.data) {
    return (
      <>
        <PageHeader title={M.myGradesTitle} subtitle={M.myGradesSubtitle} back={back} />
        <Spinner label={M.loadingGrades} showLabel className="py-16" />
      </>
    );
  }
  return <Grades data={grades.data} timeZone={timeZone} back={back} />;
}

function Grades({ data, timeZone, back }: { data: MyGrades; timeZone: string; back: { to: string; label: string } }) {
  const { course, chapters, items, grades } = data;
  return (
    <>
      <PageHeader title={M.myGradesTitle} subtitle={course.title} back={back} />
      {!grades && (
        <Alert variant="warning" className="mb-5">
          <EyeIcon aria-hidden="true" />
          <p>{M.previewNoGrades}</p>
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyPanel icon={BookXIcon}>{M.noItems}</EmptyPanel>
      ) : (
        <div className="grid gap-5">
          {grades && (
            <section
              aria-labelledby="my-total"
              className="flex flex-wrap items-end justify-between gap-3 rounded-xl border bg-card p-5 shadow-sm"
            >
              <div>
                <h2 id="my-total" className="text-sm font-medium text-muted-foreground">
                  {M.yourTotal}
                </h2>
                <p className="text-3xl font-bold tabular-nums" data-testid="my-total">
                  {formatScore(grades.total)}
                </p>
              </div>
              <p className="text-sm text-muted-foreground">{weightsText(course, items)}</p>
            </section>
          )}
          {chapters.map((ch, c) => (
            <section key={ch.id} aria-labelledby={`chapter-${ch.id}`} className="rounded-xl border bg-card shadow-sm">
              <div className="flex items-baseline justify-between gap-3 border-b px-5 py-3">
                <h2 id={`chapter-${ch.id}`} className="font-semibold break-words">
                  {ch.title}
                </h2>
                {grades && (
                  <p className="shrink-0 text-sm">
                    <span className="text-muted-foreground">{M.chapterTotalShort} </span>
                    <span className="font-semibold tabular-nums">{formatScore(grades.chapterTotals[c])}</span>
                  </p>
                )}
              </div>
              <ul className="divide-y">
                {items.map((item, n) =>
                  item.chapterId === ch.id ? <ItemGrade key={item.id} item={item} cell={grades?.cells[n]} timeZone={timeZone} /> : null,
                )}
              </ul>
            </section>
          ))}
        </div>
      )}
    </>
  );
}

/** One item: its title and due date, the score (or 'Not submitted') and its marks in words. */
function ItemGrade({ item, cell, timeZone }: { item: GradebookItem; cell: GradebookCell | undefined; timeZone: string }) {
  return (
    <li className="grid gap-2 px-5 py-3" data-testid="my-grade">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words">{item.title}</p>
          <p className="text-xs text-muted-foreground">
            {item.kind === 'quiz' ? M.quiz : M.exercise}
            {item.dueAt && ` · ${CalendarMessages.dueOn(formatInZone(item.dueAt, timeZone))}`}
          </p>
        </div>
        {cell && (
          <p className="shrink-0 text-right">
            <span className="sr-only">{M.score}: </span>
            {cell.score === null ? (
              <span className="text-sm text-muted-foreground">{M.notSubmitted}</span>
            ) : (
              <span className="font-semibold tabular-nums">{formatScore(cell.score)}</span>
            )}
          </p>
        )}
      </div>
      {cell && <CellMarkList cell={cell} timeZone={timeZone} />}
    </li>
  );
}

export { MyGradesPage as Component };
