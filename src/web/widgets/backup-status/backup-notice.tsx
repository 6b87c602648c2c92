import { AlertTriangleIcon, DatabaseBackupIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { Alert } from '@web/components/ui/alert';
import { useBackups } from './backups-api';
import { formatMoment, formatSize } from './backup-format';

/**
 * The admin home's line about backups: a warning when the last one failed or none succeeded
 * lately, else when the last good one was made; either way the way to the Backups page.
 */
export function BackupNotice() {
  const { data } = useBackups();
  if (!data) return null;
  const link = (
    <Link to={paths.admin.backups} className="font-medium text-primary underline underline-offset-4">
      Backups
    </Link>
  );
  if (data.warning) {
    return (
      <Alert variant="warning" role="status" className="mb-6">
        <AlertTriangleIcon aria-hidden="true" />
        <p>
          {data.warning} See {link} for its cause, and back up now once it is fixed.
        </p>
      </Alert>
    );
  }
  const good = data.runs.find((r) => r.status === 'succeeded');
  return (
    <p className="mb-6 flex items-center gap-2 text-sm text-muted-foreground">
      <DatabaseBackupIcon className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {good ? `Last backup ${formatMoment(good.finishedAt!)} (${formatSize(good.sizeBytes ?? 0)}).` : 'No backup yet.'}{' '}
        {data.schedule.on ? 'Backups run every night.' : 'Nightly backups are off.'} {link}
      </span>
    </p>
  );
}
