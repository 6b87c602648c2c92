import { CalendarMessages as M, formatInZone } from '@common/calendar';
import type { Extension, ExtensionCourse } from '@common/deadline-extensions';
import { CalendarClockIcon, CalendarX2Icon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useSchoolTimeZone } from '@web/lib/public-config';
import { useRemoveExtension, useStudentExtensions } from '../api/deadline-extensions';
import { ExtendDeadlineDialog } from './extend-deadline-dialog';

function ExtensionRow({ extension: e, zone }: { extension: Extension; zone: string }) {
  const remove = useRemoveExtension();
  return (
    <li className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-start sm:justify-between" data-extension-id={e.id}>
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{e.itemTitle}</span>
          <Badge variant="teal">{M.dueExtended}</Badge>
        </p>
        <p className="mt-0.5">
          <time dateTime={e.dueAt}>{M.dueOn(formatInZone(e.dueAt, zone))}</time>
          {e.usualDueAt && <span className="text-muted-foreground"> · {M.extensionUsualDue(formatInZone(e.usualDueAt, zone))}</span>}
        </p>
        {e.reason && <p className="mt-0.5 break-words text-muted-foreground">{e.reason}</p>}
      </div>
      <Button
        size="sm"
        variant="outline"
        className="shrink-0 self-start"
        disabled={remove.isPending}
        aria-label={`${M.removeExtension} the extension of ${e.itemTitle}`}
        onClick={() =>
          remove.mutate(e.id, {
            onSuccess: () => toastSuccess(M.extensionRemoved),
            onError: (error) => toastFailure(error, 'The extension could not be removed. Please try again.'),
          })
        }
      >
        {remove.isPending ? <Spinner /> : <Trash2Icon aria-hidden="true" />}
        {M.removeExtension}
      </Button>
    </li>
  );
}

function CourseExtensions({
  course,
  extensions,
  student,
  zone,
}: {
  course: ExtensionCourse;
  extensions: Extension[];
  student: { id: string; fullName: string };
  zone: string;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <Card className="flex flex-col gap-3 p-4" role="group" aria-labelledby={headingId} data-course-id={course.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold break-words">
          {course.title}
        </h3>
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`${M.extendDeadline} in ${course.title}`}>
          <CalendarClockIcon aria-hidden="true" />
          {M.extendDeadline}
        </Button>
      </div>
      {extensions.length > 0 && (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label={`Extended deadlines in ${course.title}`}>
          {extensions.map((e) => (
            <ExtensionRow key={e.id} extension={e} zone={zone} />
          ))}
        </ul>
      )}
      <ExtendDeadlineDialog
        open={open}
        onOpenChange={setOpen}
        students={[student]}
        courseId={course.id}
        courseTitle={course.title}
        course={course}
      />
    </Card>
  );
}

/** The student's extended deadlines per enrolled course, each course with its 'Extend Deadline', each extension with Remove. */
export function StudentExtensionsSection({ studentId }: { studentId: string }) {
  const query = useStudentExtensions(studentId);
  const zone = useSchoolTimeZone();
  const titleId = useId();
  const data = query.data;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="student-extensions">
      <h2 id={titleId} className="text-lg font-semibold">
        {M.extensionsTitle}
      </h2>
      {query.isError ? (
        <LoadError message="We could not load the deadlines." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !data ? (
        <Spinner label="Loading deadlines..." showLabel className="py-4" />
      ) : data.courses.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarX2Icon className="size-4" aria-hidden="true" />
          This student is not enrolled in any course.
        </p>
      ) : (
        <>
          {data.extensions.length === 0 && <p className="text-sm text-muted-foreground">{M.extensionsEmpty}</p>}
          {data.courses.map((c) => (
            <CourseExtensions
              key={c.id}
              course={c}
              extensions={data.extensions.filter((e) => e.courseId === c.id)}
              student={data.student}
              zone={zone}
            />
          ))}
        </>
      )}
    </section>
  );
}
