import type { Invitation, InvitationStatus, InviteOutcome } from '@common/invitations';
import { CheckCircle2Icon, MailPlusIcon, RotateCwIcon, SendIcon, XCircleIcon, XIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { paths } from '@web/lib/paths';
import { EmptyPanel } from '@web/components/empty-panel';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FileDrop } from '@web/components/ui/file-drop';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { formatDate } from '@web/lib/format-date';
import { toastFailure, toastInvalid, toastSuccess } from '@web/lib/notify';
import { useCancelInvitation, useInvitations, useResendInvitation, useSendInvitations } from './api/invitations';
import { useStudentsOverview } from './api/get-students-overview';

// INVITATION_DEFAULT_DAYS and INVITATION_MAX_ROWS of @common/invitations, copied: importing them would pull zod into this page.
const DEFAULT_DAYS = 14;
const MAX_ROWS = 1000;

const statusBadge: Record<InvitationStatus, 'teal' | 'green' | 'amber' | 'outline'> = {
  'Invitation sent': 'teal',
  Accepted: 'green',
  Expired: 'amber',
  Cancelled: 'outline',
};

const outcomeText: Record<InviteOutcome['outcome'], string> = {
  invited: 'Invited',
  resent: 'Sent again',
  enrolled: 'Enrolled',
  failed: 'Not sent',
};

function InviteForm() {
  const overview = useStudentsOverview();
  const send = useSendInvitations();
  const [list, setList] = useState('');
  const [courseIds, setCourseIds] = useState<string[]>([]);
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [results, setResults] = useState<InviteOutcome[] | null>(null);
  const listId = useId();
  const fileId = useId();
  const daysId = useId();
  const hintId = useId();
  const courses = overview.data?.publishedCourses ?? [];

  const onFile = async (file: File) => {
    if (file.size > 512 * 1024) return toastInvalid('File too large', `A list may have at most ${MAX_ROWS.toLocaleString('en-US')} rows.`);
    setList(await file.text());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!list.trim()) return toastInvalid('No addresses', 'Paste or upload at least one e-mail address.');
    send.mutate(
      { list, courseIds, days: Number(days) },
      {
        onSuccess: ({ results: lines }) => {
          setResults(lines);
          const done = lines.filter((l) => l.outcome !== 'failed').length;
          toastSuccess('Invitations sent', `${done} of ${lines.length} ${lines.length === 1 ? 'address' : 'addresses'} done.`);
          if (lines.every((l) => l.outcome !== 'failed')) setList('');
        },
        onError: (error) => toastFailure(error, 'The invitations could not be sent. Please try again.'),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>New Invitations</CardTitle>
        <CardDescription>
          Each address gets an e-mail with a link that works once. Following it, the person creates their account, is approved at once and
          enrolled in the courses you choose. Addresses of approved students are simply enrolled.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={listId}>E-mail addresses</Label>
            <Textarea
              id={listId}
              aria-describedby={hintId}
              value={list}
              onChange={(e) => setList(e.target.value)}
              rows={6}
              placeholder={'ada@example.com, Ada, Lovelace\ngrace@example.com'}
              className="font-mono text-sm"
            />
            <p id={hintId} className="text-sm text-muted-foreground">
              One address per line, optionally followed by first and last name; or a CSV file with an “email” column and optional “first
              name” and “last name” columns. At most {MAX_ROWS.toLocaleString('en-US')} rows.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fileId}>Or upload a CSV file</Label>
            <FileDrop id={fileId} accept=".csv,.txt,text/csv,text/plain" onFile={(f) => void onFile(f)}>
              Drop a CSV file here, or click to choose one
            </FileDrop>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Enroll in courses</legend>
            {overview.isPending ? (
              <Spinner label="Loading courses" />
            ) : courses.length === 0 ? (
              <p className="text-sm text-muted-foreground">No published course yet: invitations will only create accounts.</p>
            ) : (
              <div className="grid gap-1 sm:grid-cols-2">
                {courses.map((c) => (
                  <label key={c.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-muted">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={courseIds.includes(c.id)}
                      onChange={(e) => setCourseIds((ids) => (e.target.checked ? [...ids, c.id] : ids.filter((id) => id !== c.id)))}
                    />
                    <span className="min-w-0 break-words">{c.title}</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <div className="grid max-w-48 gap-2">
            <Label htmlFor={daysId}>Link valid for (days)</Label>
            <Input id={daysId} type="number" inputMode="numeric" min={1} max={60} value={days} onChange={(e) => setDays(e.target.value)} />
          </div>
          <div>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Spinner /> : <SendIcon aria-hidden="true" />}
              Send Invitations
            </Button>
          </div>
        </form>
        <div aria-live="polite">{results && <InviteResults results={results} />}</div>
      </CardContent>
    </Card>
  );
}

function InviteResults({ results }: { results: InviteOutcome[] }) {
  const failed = results.filter((r) => r.outcome === 'failed').length;
  return (
    <section aria-label="Results" className="mt-6 border-t pt-4">
      <h3 className="font-semibold">
        Results: {results.length - failed} done{failed ? `, ${failed} not sent` : ''}
      </h3>
      <ul className="mt-2 grid max-h-80 gap-1 overflow-y-auto text-sm" tabIndex={0} aria-label="A line per row of the list">
        {results.map((r) => (
          <li key={r.row} className="flex items-start gap-2 py-1">
            {r.outcome === 'failed' ? (
              <XCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            ) : (
              <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
            )}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              Row {r.row}: {r.email || '(empty)'}: <strong>{outcomeText[r.outcome]}</strong>. {r.message}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function InvitationRow({ invitation, onCancel }: { invitation: Invitation; onCancel: (i: Invitation) => void }) {
  const resend = useResendInvitation();
  const name = [invitation.firstName, invitation.lastName].filter(Boolean).join(' ');
  const open = invitation.status === 'Invitation sent' || invitation.status === 'Expired';
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{invitation.email}</span>
          <Badge variant={statusBadge[invitation.status]}>{invitation.status}</Badge>
        </p>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {name && `${name} · `}
          {invitation.courses.length ? invitation.courses.map((c) => c.title).join(', ') : 'No course'} · sent{' '}
          {formatDate(invitation.sentAt)}
          {invitation.status === 'Invitation sent' && ` · expires ${formatDate(invitation.expiresAt)}`}
          {invitation.acceptedAt && ` · accepted ${formatDate(invitation.acceptedAt)}`}
        </p>
      </div>
      {open && (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            aria-label={`Resend the invitation to ${invitation.email}`}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () => toastSuccess('Invitation sent again', `A new link went to ${invitation.email}.`),
                onError: (error) => toastFailure(error, 'The invitation could not be sent again.'),
              })
            }
          >
            <RotateCwIcon aria-hidden="true" />
            Resend
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Cancel the invitation to ${invitation.email}`}
            onClick={() => onCancel(invitation)}
          >
            <XIcon aria-hidden="true" />
            Cancel
          </Button>
        </div>
      )}
    </li>
  );
}

function InvitationList() {
  const query = useInvitations();
  const cancel = useCancelInvitation();
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  if (query.isPending) return <Spinner label="Loading invitations" />;
  if (query.isError)
    return <LoadError message="The invitations could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const { invitations } = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invitations</CardTitle>
        <CardDescription>Newest first. Resending makes a new link; the earlier one stops working.</CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.length === 0 ? (
          <EmptyPanel icon={MailPlusIcon} title="No invitations yet">
            Invitations you send appear here with their status.
          </EmptyPanel>
        ) : (
          <ul className="divide-y">
            {invitations.map((i) => (
              <InvitationRow key={i.id} invitation={i} onCancel={setCancelling} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel invitation?"
        description={cancelling ? `The link sent to ${cancelling.email} will stop working.` : ''}
        confirmLabel="Cancel Invitation"
        cancelLabel="Keep"
        destructive
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSuccess: () => toastSuccess('Invitation cancelled', `The link sent to ${cancelling.email} no longer works.`),
            onError: (error) => toastFailure(error, 'The invitation could not be cancelled.'),
          });
          setCancelling(null);
        }}
      />
    </Card>
  );
}

export function InvitationsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Invite Students"
        subtitle="Bring a whole class in at once."
        back={{ to: paths.admin.students, label: 'Student Management' }}
      />
      <InviteForm />
      <InvitationList />
    </div>
  );
}
export { InvitationsPage as Component };
