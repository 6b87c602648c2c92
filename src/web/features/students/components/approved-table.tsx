import type { ApprovedStudent } from '@common/students';
import { BadgeCheckIcon, ClipboardCheckIcon, ShieldOffIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyPanel } from '@web/components/empty-panel';
import { formatDate } from '@web/lib/format-date';
import { paths } from '@web/lib/paths';
import { StudentCheckbox, type Selection } from './bulk-actions';
import { DeleteStudentButton } from './delete-student-button';
import { ResponsiveTable, ResponsiveTableBody, ResponsiveTableCell, ResponsiveTableHead, ResponsiveTableRow } from './responsive-table';

export const coursesLabel = (n: number) => `${n} ${n === 1 ? 'course' : 'courses'}`;

export function ApprovedTable({
  students,
  busyId,
  selection,
  onRevoke,
  onDelete,
  onQuizzes,
}: {
  students: ApprovedStudent[];
  busyId: string | undefined;
  selection: Selection;
  onRevoke: (student: ApprovedStudent) => void;
  onDelete: (student: ApprovedStudent) => void;
  /** The student's quiz attempts, where the tutor can grant one more or reset them. */
  onQuizzes: (student: ApprovedStudent) => void;
}) {
  if (students.length === 0) {
    return (
      <EmptyPanel icon={UsersIcon} title="No Approved Students">
        Students you approve appear here.
      </EmptyPanel>
    );
  }
  return (
    <ResponsiveTable caption="Approved students">
      <ResponsiveTableHead
        columns={[
          { label: 'Select', srOnly: true, className: 'w-12' },
          { label: 'Student' },
          { label: 'Email' },
          { label: 'Registered' },
          { label: 'Enrolled Courses' },
          { label: 'Status' },
          { label: 'Actions', className: 'text-right' },
        ]}
      />
      <ResponsiveTableBody>
        {students.map((s) => (
          <ResponsiveTableRow key={s.id} data-student-id={s.id}>
            <ResponsiveTableCell className="md:w-12 md:pr-0">
              <StudentCheckbox student={s} selection={selection} />
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Student" className="font-medium">
              {/* The student's page: their AI tutor conversations and daily limits. */}
              <Link to={paths.admin.student.href(s.id)} className="text-primary underline-offset-4 hover:underline">
                {s.fullName}
              </Link>
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Email" className="[overflow-wrap:anywhere]">
              {s.email}
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Registered" className="whitespace-nowrap text-muted-foreground">
              <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Enrolled" className="whitespace-nowrap tabular-nums">
              {coursesLabel(s.enrolledCount)}
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Status">
              <Badge variant="green">
                <BadgeCheckIcon aria-hidden="true" />
                Approved
              </Badge>
            </ResponsiveTableCell>
            <ResponsiveTableCell className="md:text-right max-md:mt-1.5">
              <div className="flex flex-wrap gap-2 max-md:w-full md:flex-nowrap md:justify-end [&>button]:max-md:flex-1">
                <Button size="sm" variant="outline" onClick={() => onQuizzes(s)} aria-label={`Quiz Attempts of ${s.fullName}`}>
                  <ClipboardCheckIcon aria-hidden="true" />
                  Quiz Attempts
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  className="text-destructive hover:text-destructive dark:text-red-400 dark:hover:text-red-400"
                  onClick={() => onRevoke(s)}
                  disabled={busyId !== undefined}
                  aria-label={`Revoke Access for ${s.fullName}`}
                >
                  <ShieldOffIcon aria-hidden="true" />
                  Revoke Access
                </Button>
                <DeleteStudentButton fullName={s.fullName} disabled={busyId !== undefined} onClick={() => onDelete(s)} />
              </div>
            </ResponsiveTableCell>
          </ResponsiveTableRow>
        ))}
      </ResponsiveTableBody>
    </ResponsiveTable>
  );
}
