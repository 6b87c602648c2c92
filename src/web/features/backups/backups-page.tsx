import type { BackupRun, BackupsOverview } from '@common/backups';
import { BackupMessages } from '@common/backups-texts';
import { AlertTriangleIcon, ArchiveIcon, DatabaseBackupIcon } from 'lucide-react';
import { paths } from '@web/lib/paths';
import { EmptyPanel } from '@web/components/empty-panel';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useBackUpNow, useBackups } from '@web/widgets/backup-status/backups-api';
import { formatHour, formatMoment, formatSize } from '@web/widgets/backup-status/backup-format';

const statusBadge: Record<BackupRun['status'], { label: string; variant: 'green' | 'rose' | 'amber' | 'secondary' }> = {
  succeeded: { label: 'Succeeded', variant: 'green' },
  failed: { label: 'Failed', variant: 'rose' },
  running: { label: 'Running', variant: 'amber' },
  queued: { label: 'Queued', variant: 'secondary' },
};

function Schedule({ data }: { data: BackupsOverview }) {
  const { schedule, folder, bucket } = data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Schedule</CardTitle>
        <CardDescription>
          Each backup holds every table of the database, copied at one moment while the platform keeps running, and every uploaded file.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          <dt className="font-medium">When</dt>
          <dd className="text-muted-foreground">
            {schedule.on
              ? `Every night at ${formatHour(schedule.hourUtc)}.`
              : 'Off (BACKUP_SCHEDULE=off): only the backups you start here or with npm run backup are made.'}
          </dd>
          <dt className="font-medium">Kept</dt>
          <dd className="text-muted-foreground">
            The newest {schedule.keep} of the app&apos;s backups; older ones are deleted after each new one.
          </dd>
          {bucket ? (
            <>
              <dt className="font-medium">Bucket</dt>
              <dd className="min-w-0 text-muted-foreground">
                <code className="break-all rounded bg-muted px-1.5 py-0.5 text-xs text-foreground">
                  s3://{bucket.name}/{bucket.prefix}
                </code>
                {bucket.endpoint && (
                  <>
                    {' '}
                    at <code className="break-all text-xs">{bucket.endpoint}</code>
                  </>
                )}
                . Each backup is packed in <code className="break-all text-xs">{folder}</code> on the server, then uploaded.
              </dd>
            </>
          ) : (
            <>
              <dt className="font-medium">Folder</dt>
              <dd className="min-w-0">
                <code className="break-all rounded bg-muted px-1.5 py-0.5 text-xs">{folder}</code>
              </dd>
            </>
          )}
          <dt className="font-medium">Restore</dt>
          <dd className="text-muted-foreground">
            On the server, into a new data folder:{' '}
            <code className="break-all rounded bg-muted px-1.5 py-0.5 text-xs">
              DATA_DIR=./data-restored npm run restore -- {bucket ? `s3://${bucket.name}/${bucket.prefix}<file>` : '<file>'}
            </code>
            , then start the app with that DATA_DIR (README, &ldquo;Backups&rdquo;).
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

function RunItem({ run }: { run: BackupRun }) {
  const badge = statusBadge[run.status];
  const at = run.startedAt ?? run.requestedAt;
  return (
    <li className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[11rem_7rem_6rem_1fr] sm:items-baseline sm:gap-4">
      <span className="text-sm font-medium">
        <time dateTime={at}>{formatMoment(at)}</time>
      </span>
      <span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
        <span className="sr-only">, {run.trigger === 'manual' ? 'started by hand' : 'nightly'}</span>
      </span>
      {/* No size yet (or none, for a failure): a dash in the desktop's column, nothing on a phone. */}
      <span className={`text-sm tabular-nums text-muted-foreground ${run.sizeBytes === null ? 'hidden sm:inline' : ''}`}>
        {run.sizeBytes !== null ? formatSize(run.sizeBytes) : '—'}
      </span>
      <span className="min-w-0 text-sm">
        {run.file && (
          <code className="break-all text-xs" title={run.location ?? undefined}>
            {run.file}
          </code>
        )}
        {run.file && run.location?.startsWith('s3://') && <span className="block text-xs text-muted-foreground">In the bucket</span>}
        {run.error && <span className="block text-rose-800 dark:text-rose-300">{run.error}</span>}
        {!run.file && !run.error && (
          <span className="text-muted-foreground">{run.status === 'running' ? 'Copying…' : 'Waiting for the job runner…'}</span>
        )}
        <span className="block text-xs text-muted-foreground" aria-hidden="true">
          {run.trigger === 'manual' ? 'Started by hand' : 'Nightly'}
        </span>
      </span>
    </li>
  );
}

function Runs({ runs, inBucket }: { runs: BackupRun[]; inBucket: boolean }) {
  if (!runs.length) {
    return (
      <EmptyPanel icon={ArchiveIcon} title="No backups yet">
        The first one is made tonight, or now with Back Up Now.
      </EmptyPanel>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Latest backups</CardTitle>
        <CardDescription>
          Newest first: when each started, how it ended, its size and its file in the backup {inBucket ? 'bucket' : 'folder'} (below).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div
          aria-hidden="true"
          className="mb-2 hidden gap-4 border-b pb-2 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[11rem_7rem_6rem_1fr]"
        >
          <span>Time</span>
          <span>Result</span>
          <span>Size</span>
          <span>File</span>
        </div>
        <ul className="divide-y" aria-label="Latest backups">
          {runs.map((run) => (
            <RunItem key={run.id} run={run} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function BackupsPage() {
  const backups = useBackups();
  const backUpNow = useBackUpNow();
  const data = backups.data;
  const busy = data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ?? false;

  const start = () =>
    backUpNow.mutate(undefined, {
      onSuccess: (res) => toastSuccess(res.message),
      onError: (error) => toastFailure(error, 'The backup could not be started. Please try again.'),
    });

  return (
    <>
      <PageHeader
        title="Backups"
        subtitle="Copies of the whole platform, made by the app itself while it runs."
        back={{ to: paths.admin.dashboard, label: 'Admin Dashboard' }}
        actions={
          <Button onClick={start} disabled={!data || busy || backUpNow.isPending}>
            {busy || backUpNow.isPending ? <Spinner /> : <DatabaseBackupIcon aria-hidden="true" />}
            {busy ? 'Backing Up…' : 'Back Up Now'}
          </Button>
        }
      />
      {!data && backups.isPending && <Spinner showLabel label="Loading backups..." className="py-20" />}
      {!data && backups.isError && (
        <LoadError
          message="The backups could not be loaded. Please try again."
          onRetry={() => void backups.refetch()}
          retrying={backups.isFetching}
        />
      )}
      {data && (
        <div className="grid gap-6">
          {data.warning && (
            <Alert variant="warning" role="status">
              <AlertTriangleIcon aria-hidden="true" />
              <p>
                {data.warning} {data.warning === BackupMessages.warningFailed ? 'Its error is listed below.' : ''}
              </p>
            </Alert>
          )}
          <p className="sr-only" aria-live="polite">
            {data.runs[0] ? `Latest backup: ${statusBadge[data.runs[0].status].label}.` : ''}
          </p>
          <Runs runs={data.runs} inBucket={data.bucket !== null} />
          <Schedule data={data} />
        </div>
      )}
    </>
  );
}

export { BackupsPage as Component };
