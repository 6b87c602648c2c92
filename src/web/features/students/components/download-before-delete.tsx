import { DownloadIcon } from 'lucide-react';
import { buttonVariants } from '@web/components/ui/button';
import { studentDataUrl } from '../api/delete-student';

/**
 * Inside 'Delete Student''s confirmation: their data export first (the ZIP they would download
 * themself: the complete JSON and a readable summary), since nothing of theirs is left after.
 */
export function DownloadBeforeDelete({ student }: { student: { id: string; fullName: string } }) {
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
      <p>Deleting leaves nothing to export. Download their data first if they or you may need it.</p>
      <a
        href={studentDataUrl(student.id)}
        download
        aria-label={`Download Their Data (${student.fullName})`}
        className={buttonVariants({ variant: 'outline', size: 'sm', className: 'justify-self-start' })}
      >
        <DownloadIcon aria-hidden="true" />
        Download Their Data
      </a>
    </div>
  );
}
