import {
  bulkOutcomeText,
  type BulkOutcome,
  type BulkStudentAction,
  type BulkStudentsResponse,
  type StudentsOverviewResponse,
} from '@common/students';
import { CalendarMessages } from '@common/calendar';
import { CalendarClockIcon, CheckIcon, CircleAlertIcon, CircleCheckIcon, MinusIcon, PlusIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useBulkUpdateStudents } from '../api/bulk-update-students';
import { ExtendDeadlineDialog } from './extend-deadline-dialog';

type Course = StudentsOverviewResponse['publishedCourses'][number];
type ApprovedStudent = StudentsOverviewResponse['approved'][number];
type Named = { id: string; fullName: string };

/** Which of a list's students are ticked; students that leave the list (approved, deleted) leave the selection too. */
export function useSelection<T extends Named>(students: T[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(() => students.filter((s) => ticked.has(s.id)), [students, ticked]);
  return {
    selected,
    isSelected: (id: string) => ticked.has(id),
    toggle: (id: string, on: boolean) =>
      setTicked((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    setAll: (on: boolean) => setTicked(on ? new Set(students.map((s) => s.id)) : new Set()),
    clear: () => setTicked(new Set()),
    all: students.length > 0 && selected.length === students.length,
    some: selected.length > 0 && selected.length < students.length,
  };
}
export type Selection<T extends Named = Named> = ReturnType<typeof useSelection<T>>;

const checkboxClasses =
  'size-4 shrink-0 cursor-pointer rounded accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

/** A student's checkbox in a list: its accessible name names the student; on phones the word "Select" stands beside it. */
export function StudentCheckbox({ student, selection }: { student: Named; selection: Selection }) {
  return (
    <label className="-m-2 inline-flex cursor-pointer items-center gap-2 p-2 max-md:min-h-11">
      <input
        type="checkbox"
        className={checkboxClasses}
        checked={selection.isSelected(student.id)}
        onChange={(e) => selection.toggle(student.id, e.target.checked)}
        aria-label={`Select ${student.fullName}`}
      />
      <span aria-hidden="true" className="text-sm text-muted-foreground md:hidden">
        Select
      </span>
    </label>
  );
}

function SelectAll({ selection, count, noun }: { selection: Selection; count: number; noun: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.some;
  }, [selection.some]);
  return (
    <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm font-medium max-md:min-h-11">
      <input
        ref={ref}
        type="checkbox"
        className={checkboxClasses}
        checked={selection.all}
        onChange={(e) => selection.setAll(e.target.checked)}
      />
      Select all {noun} ({count})
    </label>
  );
}

/** The strip above a list: select all, how many are selected, and the actions on them. */
function BulkBar({
  label,
  selection,
  count,
  noun,
  hint,
  children,
}: {
  label: string;
  selection: Selection;
  count: number;
  noun: string;
  /** A line under the actions (why they are not available yet). */
  hint?: ReactNode;
  children: ReactNode;
}) {
  const n = selection.selected.length;
  return (
    <div
      role="group"
      aria-label={label}
      className="mb-4 flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4 lg:flex-row lg:flex-wrap lg:items-center lg:justify-between"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <SelectAll selection={selection} count={count} noun={noun} />
        <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
          {n === 0 ? 'None selected' : `${n} selected`}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">{children}</div>
      {hint}
    </div>
  );
}

const actionTitle: Record<BulkStudentAction, string> = {
  approve: 'Approve Selected',
  reject: 'Reject Selected',
  enroll: 'Enroll Selected',
  unenroll: 'Unenroll Selected',
};

/** What an action does to a student when it changes them: the outcome its toast counts. */
const done: Record<BulkStudentAction, BulkOutcome> = {
  approve: 'approved',
  reject: 'rejected',
  enroll: 'enrolled',
  unenroll: 'unenrolled',
};
const goodOutcomes: ReadonlySet<BulkOutcome> = new Set(Object.values(done));

type Report = { title: string; lines: BulkStudentsResponse['results'] };

/** A line per student after a bulk action ("Ada Lovelace: enrolled"), kept until the next action or until dismissed. */
function BulkResults({ report, onDismiss }: { report: Report; onDismiss: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-4 rounded-xl border bg-card p-4 shadow-sm" data-testid="bulk-results">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold">
          {report.title}: {report.lines.length === 1 ? '1 student' : `${report.lines.length} students`}
        </h3>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          <XIcon aria-hidden="true" />
          Clear results
        </Button>
      </div>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {report.lines.map((line) => {
          const good = goodOutcomes.has(line.outcome);
          return (
            <li key={line.studentId} className="flex min-w-0 items-center gap-2">
              {good ? (
                <CircleCheckIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <CircleAlertIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {line.fullName}: {bulkOutcomeText[line.outcome]}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const namesOf = (students: Named[]) => {
  const names = students.map((s) => s.fullName);
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
};

const plural = (n: number) => (n === 1 ? '1 student' : `${n} students`);

/** Runs one bulk action: the result lines on success (and the selection cleared), the server's message on a refusal. */
function useBulkAction(selection: Selection) {
  const mutation = useBulkUpdateStudents();
  const [report, setReport] = useState<Report | null>(null);
  const run = (action: BulkStudentAction, courseId: string | undefined, after?: () => void) =>
    mutation.mutate(
      { action, studentIds: selection.selected.map((s) => s.id), ...(courseId ? { courseId } : {}) },
      {
        onSuccess: (data) => {
          setReport({ title: actionTitle[action], lines: data.results });
          selection.clear();
          const changed = data.results.filter((r) => r.outcome === done[action]).length;
          toastSuccess(`${plural(changed)} ${bulkOutcomeText[done[action]]}.`);
        },
        onError: (error) => toastFailure(error, 'The selected students could not be updated. Nothing was changed; please try again.'),
        onSettled: after,
      },
    );
  return { mutation, report, clearReport: () => setReport(null), run };
}

/** Pending tab: approve or reject the selected registrations (rejecting asks first). */
export function PendingBulkActions({ selection, count }: { selection: Selection; count: number }) {
  const { mutation, report, clearReport, run } = useBulkAction(selection);
  const [confirming, setConfirming] = useState(false);
  const n = selection.selected.length;
  const busy = mutation.isPending ? mutation.variables?.action : undefined;
  return (
    <>
      <BulkBar label="Actions on the selected pending students" selection={selection} count={count} noun="pending students">
        <Button size="sm" disabled={n === 0 || busy !== undefined} onClick={() => run('approve', undefined)}>
          <CheckIcon aria-hidden="true" />
          {busy === 'approve' ? 'Approving...' : 'Approve Selected'}
        </Button>
        <Button size="sm" variant="outline" disabled={n === 0 || busy !== undefined} onClick={() => setConfirming(true)}>
          <XIcon aria-hidden="true" />
          Reject Selected
        </Button>
      </BulkBar>
      {report && <BulkResults report={report} onDismiss={clearReport} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Reject ${plural(n)}?`}
        description={`${namesOf(selection.selected)} will not be able to sign in. Rejected registrations no longer appear on this page.`}
        confirmLabel="Reject Selected"
        pendingLabel="Rejecting..."
        destructive
        pending={busy === 'reject'}
        onConfirm={() => run('reject', undefined, () => setConfirming(false))}
      />
    </>
  );
}

/** Approved tab: enroll or unenroll the selected students in one published course (unenrolling asks first: it deletes progress). */
/**
 * Approved tab: enroll or unenroll the selected students in one published course (unenrolling asks
 * first: it deletes progress). Once students and a course are chosen, only the actions that would
 * change someone are offered, with how many each would change.
 */
export function ApprovedBulkActions({
  selection,
  count,
  courses,
}: {
  selection: Selection<ApprovedStudent>;
  count: number;
  courses: Course[];
}) {
  const { mutation, report, clearReport, run } = useBulkAction(selection);
  const [courseId, setCourseId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [extending, setExtending] = useState(false);
  const selectId = useId();
  const hintId = useId();
  const course = courses.find((c) => c.id === courseId);
  const n = selection.selected.length;
  const busy = mutation.isPending ? mutation.variables?.action : undefined;
  const ready = n > 0 && course !== undefined && busy === undefined;
  const enrolledCount = course ? selection.selected.filter((s) => s.enrolledCourseIds.includes(course.id)).length : 0;
  const showEnroll = !ready || n > enrolledCount || busy === 'enroll';
  const showUnenroll = !ready || enrolledCount > 0 || busy === 'unenroll';
  // 'Extend Deadline' is for students enrolled in the course: the server refuses the whole selection otherwise.
  const canExtend = ready && enrolledCount === n;
  return (
    <>
      <BulkBar
        label="Actions on the selected approved students"
        selection={selection}
        count={count}
        noun="approved students"
        hint={
          <p id={hintId} className="text-sm text-muted-foreground lg:basis-full" aria-live="polite">
            {courses.length === 0
              ? 'Publish a course first to enroll students in it.'
              : ready
                ? `In ${course.title}: ${n - enrolledCount} of the selected not enrolled, ${enrolledCount} enrolled.${
                    canExtend ? '' : ' To extend a deadline, select only students enrolled in it.'
                  }`
                : 'Select students and a course to enroll or unenroll them together, or to extend their deadline.'}
          </p>
        }
      >
        <div className="flex flex-col gap-1.5 sm:w-64">
          <Label htmlFor={selectId}>Course</Label>
          <Select id={selectId} value={courseId} onChange={(e) => setCourseId(e.target.value)} aria-describedby={hintId}>
            <option value="">Choose a published course</option>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </Select>
        </div>
        {showEnroll && (
          <Button className="sm:h-10" size="sm" variant="secondary" disabled={!ready} onClick={() => run('enroll', courseId)}>
            <PlusIcon aria-hidden="true" />
            {busy === 'enroll' ? 'Enrolling...' : 'Enroll Selected'}
          </Button>
        )}
        {showUnenroll && (
          <Button className="sm:h-10" size="sm" variant="outline" disabled={!ready} onClick={() => setConfirming(true)}>
            <MinusIcon aria-hidden="true" />
            Unenroll Selected
          </Button>
        )}
        <Button className="sm:h-10" size="sm" variant="outline" disabled={!canExtend} onClick={() => setExtending(true)}>
          <CalendarClockIcon aria-hidden="true" />
          {CalendarMessages.extendDeadline}
        </Button>
      </BulkBar>
      {course && (
        <ExtendDeadlineDialog
          open={extending}
          onOpenChange={setExtending}
          students={selection.selected}
          courseId={course.id}
          courseTitle={course.title}
          onGranted={() => {
            clearReport();
            selection.clear();
          }}
        />
      )}
      {report && <BulkResults report={report} onDismiss={clearReport} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Unenroll ${plural(n)} from ${course?.title ?? 'the course'}?`}
        description={`The progress of ${namesOf(selection.selected)} in ${course?.title ?? 'the course'} will be deleted. This cannot be undone, even if you enroll them again.`}
        confirmLabel="Unenroll Selected"
        pendingLabel="Unenrolling..."
        destructive
        pending={busy === 'unenroll'}
        onConfirm={() => run('unenroll', courseId, () => setConfirming(false))}
      />
    </>
  );
}
