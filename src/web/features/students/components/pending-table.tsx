import type { StudentRow } from '@common/students';
import { CheckIcon, InboxIcon, LoaderCircleIcon, XIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { EmptyPanel } from '@web/components/empty-panel';
import { formatDate } from '@web/lib/format-date';
import { StudentCheckbox, type Selection } from './bulk-actions';
import { DeleteStudentButton } from './delete-student-button';
import { ResponsiveTable, ResponsiveTableBody, ResponsiveTableCell, ResponsiveTableHead, ResponsiveTableRow } from './responsive-table';

export function PendingTable({
  students,
  busyId,
  selection,
  onApprove,
  onReject,
  onDelete,
}: {
  students: StudentRow[];
  /** The student whose status is being changed. */
  busyId: string | undefined;
  selection: Selection;
  onApprove: (student: StudentRow) => void;
  onReject: (student: StudentRow) => void;
  onDelete: (student: StudentRow) => void;
}) {
  if (students.length === 0) {
    return (
      <EmptyPanel icon={InboxIcon} title="No Pending Approvals">
        All student registrations have been reviewed.
      </EmptyPanel>
    );
  }
  return (
    <ResponsiveTable caption="Registrations waiting for approval, the longest waiting first">
      <ResponsiveTableHead
        columns={[
          { label: 'Select', srOnly: true, className: 'w-12' },
          { label: 'Name' },
          { label: 'Surname' },
          { label: 'Email' },
          { label: 'Registered' },
          { label: 'Actions', className: 'text-right' },
        ]}
      />
      <ResponsiveTableBody>
        {students.map((s) => {
          const busy = busyId === s.id;
          return (
            <ResponsiveTableRow key={s.id} data-student-id={s.id}>
              <ResponsiveTableCell className="md:w-12 md:pr-0">
                <StudentCheckbox student={s} selection={selection} />
              </ResponsiveTableCell>
              <ResponsiveTableCell label="Name" className="font-medium">
                {s.firstName}
              </ResponsiveTableCell>
              <ResponsiveTableCell label="Surname" className="font-medium">
                {s.lastName}
              </ResponsiveTableCell>
              <ResponsiveTableCell label="Email" className="[overflow-wrap:anywhere]">
                {s.email}
              </ResponsiveTableCell>
              <ResponsiveTableCell label="Registered" className="whitespace-nowrap text-muted-foreground">
                <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>
              </ResponsiveTableCell>
              <ResponsiveTableCell className="md:text-right max-md:mt-1.5">
                <div className="flex flex-wrap gap-2 max-md:w-full md:flex-nowrap md:justify-end [&>button]:max-md:flex-1">
                  <Button size="sm" onClick={() => onApprove(s)} disabled={busyId !== undefined} aria-label={`Approve ${s.fullName}`}>
                    {busy ? (
                      <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                    ) : (
                      <CheckIcon aria-hidden="true" />
                    )}
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onReject(s)}
                    disabled={busyId !== undefined}
                    aria-label={`Reject ${s.fullName}`}
                  >
                    <XIcon aria-hidden="true" />
                    Reject
                  </Button>
                  <DeleteStudentButton fullName={s.fullName} disabled={busyId !== undefined} onClick={() => onDelete(s)} />
                </div>
              </ResponsiveTableCell>
            </ResponsiveTableRow>
          );
        })}
      </ResponsiveTableBody>
    </ResponsiveTable>
  );
}
