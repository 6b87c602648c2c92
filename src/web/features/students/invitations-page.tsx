import { INVITATION_LIST_FORMATS, parseInvitationList, type InvitationList } from '@common/invitation-list';
import {
  INVITATION_DEFAULT_DAYS,
  INVITATION_MAX_ROWS,
  InvitationMessages,
  type Invitation,
  type InvitationStatus,
  type InviteOutcome,
} from '@common/invitations';
import { AlertCircleIcon, CheckCircle2Icon, InfoIcon, MailPlusIcon, RotateCwIcon, SendIcon, XCircleIcon, XIcon } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react';
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
import { plural } from '@web/lib/plural';
import { useCancelInvitation, useInvitations, useResendInvitation, useSendInvitations } from './api/invitations';
import { useStudentsOverview } from './api/get-students-overview';

const statusBadge: Record<InvitationStatus, 'teal' | 'green' | 'amber' | 'outline'> = {
  'Invitation sent': 'teal',
  Accepted: 'green',
  Expired: 'amber',
  Cancelled: 'outline',
};

const outcomeText: Record<InviteOutcome['outcome'], string> = {
  invited: 'Invited',
  resent: 'Sent again',
  already_invited: 'Already invited',
  enrolled: 'Enrolled',
  already_student: 'Already a student',
  failed: 'Not sent',
};

/** How many of the preview's ready rows are listed; the rest are counted. */
const PREVIEW_ROWS = 50;

/** The forms a line may take, shown under the box (the tab of a spreadsheet's columns made visible). */
function AcceptedFormats({ id }: { id: string }) {
  return (
    <div id={id} className="grid gap-1.5 text-sm text-muted-foreground">
      <p>One person per line, in any of these forms:</p>
      <ul className="grid gap-1" aria-label="Accepted formats">
        {INVITATION_LIST_FORMATS.map((f) => (
          <li key={f.example} className="flex flex-wrap items-baseline gap-x-2">
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground [overflow-wrap:anywhere]">
              {f.example.replaceAll('\t', ' ⇥ ')}
            </code>
            <span>{f.note}</span>
          </li>
        ))}
      </ul>
      <p>
        A name in one field is split: the first word is the first name, the rest the last name. A CSV file may instead name its columns in a
        first line (“email”, “first name”, “last name”). At most {INVITATION_MAX_ROWS.toLocaleString('en-US')} people at a time.
      </p>
    </div>
  );
}

/** What the server will read from the list, as it will read it: the same parser runs on both sides. */
function ListPreview({ list }: { list: InvitationList }) {
  if (!list.ok) return null;
  const ready = list.rows.filter((r) => !r.error);
  const problems = list.rows.filter((r) => r.error);
  return (
    <section aria-label="Preview of the list" className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
      <p className="font-medium">
        {plural(ready.length, 'person', 'people')} ready to invite
        {problems.length > 0 && `, ${plural(problems.length, 'row')} left out`}
      </p>
      {problems.length > 0 && (
        <ul className="grid gap-1" aria-label="Rows left out">
          {problems.map((r) => (
            <li key={r.row} className="flex items-start gap-2 text-red-700 dark:text-red-400">
              <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                Row {r.row}: {r.error}
              </span>
            </li>
          ))}
        </ul>
      )}
      {ready.length > 0 && (
        <ul className="grid max-h-60 gap-0.5 overflow-y-auto" tabIndex={0} aria-label="People ready to invite">
          {ready.slice(0, PREVIEW_ROWS).map((r) => {
            const name = [r.firstName, r.lastName].filter(Boolean).join(' ');
            return (
              <li key={r.row} className="min-w-0 [overflow-wrap:anywhere]">
                <span className="text-muted-foreground">Row {r.row}:</span> {r.email}
                {name ? (
                  <>
                    {' '}
                    · <span className="font-medium">{r.firstName}</span> <span>{r.lastName}</span>
                  </>
                ) : (
                  <span className="text-muted-foreground"> · no name (they give it when accepting)</span>
                )}
              </li>
            );
          })}
          {ready.length > PREVIEW_ROWS && <li className="text-muted-foreground">and {ready.length - PREVIEW_ROWS} more</li>}
        </ul>
      )}
    </section>
  );
}

function InviteForm() {
  const overview = useStudentsOverview();
  const send = useSendInvitations();
  const [list, setList] = useState('');
  const [courseIds, setCourseIds] = useState<string[]>([]);
  const [days, setDays] = useState(String(INVITATION_DEFAULT_DAYS));
  const [resendInvited, setResendInvited] = useState(false);
  const [listError, setListError] = useState<string | null>(null);
  const [results, setResults] = useState<InviteOutcome[] | null>(null);
  const typed = useDeferredValue(list);
  const parsed = useMemo(() => parseInvitationList(typed), [typed]);
  const listId = useId();
  const fileId = useId();
  const daysId = useId();
  const hintId = useId();
  const errorId = useId();
  const courses = overview.data?.publishedCourses ?? [];
  // A list too long to read is said at once; an empty one only on sending.
  const shownError = listError ?? (!parsed.ok && typed.trim() ? parsed.message : null);

  const changeList = (text: string) => {
    setList(text);
    setListError(null);
  };

  const onFile = async (file: File) => {
    if (file.size > 512 * 1024) return toastInvalid('File too large', InvitationMessages.listTooLong);
    changeList(await file.text());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = parseInvitationList(list);
    if (!checked.ok) {
      setListError(checked.message);
      document.getElementById(listId)?.focus();
      return;
    }
    send.mutate(
      { list, courseIds, days: Number(days), resendInvited },
      {
        onSuccess: ({ results: lines }) => {
          setResults(lines);
          toastSuccess('Invitations done', resultSummary(lines));
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
          enrolled in the courses you choose. Addresses of approved students are simply enrolled; people already invited are not sent a
          second e-mail unless you ask.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={listId}>E-mail addresses</Label>
            <Textarea
              id={listId}
              aria-describedby={shownError ? `${errorId} ${hintId}` : hintId}
              aria-invalid={shownError ? true : undefined}
              value={list}
              onChange={(e) => changeList(e.target.value)}
              rows={6}
              placeholder={'omar@school.test Omar Haddad\nJin Park <jin@school.test>'}
              className="font-mono text-sm"
            />
            {shownError && (
              <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
                {shownError}
              </p>
            )}
            <AcceptedFormats id={hintId} />
            {typed.trim() && <ListPreview list={parsed} />}
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
          <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={resendInvited}
              onChange={(e) => setResendInvited(e.target.checked)}
            />
            <span>
              <span className="font-medium">Send again to people already invited</span>
              <span className="block text-muted-foreground">Each gets a new link, and the link sent earlier stops working.</span>
            </span>
          </label>
          <div>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Spinner /> : <SendIcon aria-hidden="true" />}
              Send Invitations
            </Button>
          </div>
        </form>
        <div aria-live="polite">{results && <InviteResults results={results} onChange={setResults} />}</div>
      </CardContent>
    </Card>
  );
}

/** "2 invited, 1 already invited, 1 not sent": the result of a list in a sentence. */
function resultSummary(results: InviteOutcome[]): string {
  const count = (...kinds: InviteOutcome['outcome'][]) => results.filter((r) => kinds.includes(r.outcome)).length;
  const parts = [
    [count('invited'), 'invited'],
    [count('resent'), 'sent again'],
    [count('enrolled'), 'enrolled'],
    [count('already_invited'), 'already invited'],
    [count('already_student'), 'already students'],
    [count('failed'), 'not sent'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(', ');
}

function InviteResults({ results, onChange }: { results: InviteOutcome[]; onChange: (results: InviteOutcome[]) => void }) {
  const resend = useResendInvitation();
  const sendAgain = (row: InviteOutcome) =>
    resend.mutate(row.invitationId!, {
      onSuccess: () => {
        onChange(
          results.map((r) =>
            r.row === row.row ? { ...r, outcome: 'resent', message: InvitationMessages.resentOnRequest, invitationId: undefined } : r,
          ),
        );
        toastSuccess('Invitation sent again', `A new link went to ${row.email}.`);
      },
      onError: (error) => toastFailure(error, 'The invitation could not be sent again.'),
    });
  return (
    <section aria-label="Results" className="mt-6 border-t pt-4">
      <h3 className="font-semibold">Results: {resultSummary(results)}</h3>
      <ul className="mt-2 grid max-h-96 gap-1 overflow-y-auto text-sm" tabIndex={0} aria-label="A line per row of the list">
        {results.map((r) => (
          <li key={r.row} className="grid grid-cols-[auto_1fr] items-start gap-x-2 gap-y-1 py-1 sm:grid-cols-[auto_1fr_auto]">
            {r.outcome === 'failed' ? (
              <XCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            ) : r.outcome === 'already_invited' || r.outcome === 'already_student' ? (
              <InfoIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            ) : (
              <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
            )}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              Row {r.row}: {r.email || '(no address)'}: <strong>{outcomeText[r.outcome]}</strong>. {r.message}
            </span>
            {r.outcome === 'already_invited' && r.invitationId && (
              <Button
                variant="outline"
                size="sm"
                className="col-start-2 justify-self-start sm:col-start-3"
                disabled={resend.isPending}
                aria-label={`Send again to ${r.email}`}
                onClick={() => sendAgain(r)}
              >
                <RotateCwIcon aria-hidden="true" />
                Send Again
              </Button>
            )}
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
      <PageHeader title="Invite Students" subtitle="Bring a whole class in at once." />
      <InviteForm />
      <InvitationList />
    </div>
  );
}
export { InvitationsPage as Component };
