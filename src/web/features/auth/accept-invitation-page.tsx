import { HomeIcon, LogInIcon, MailWarningIcon, UserPlusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { InvitationPreview } from '@common/invitations';
import { NAME_MAX } from '@common/limits';
import { paths } from '@web/lib/paths';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api';
import { APP_NAME } from '@web/lib/brand';
import { formatDate } from '@web/lib/format-date';
import { toastError, toastInvalid } from '@web/lib/notify';
import { acceptInvitation, useInvitationPreview } from './api/accept-invitation';
import { AuthLayout } from './components/auth-layout';
import { FieldError } from './components/field-error';
import { FieldMessages } from './registration';
import { useCompleteSignIn } from './use-complete-sign-in';

/** A link that cannot be used: the server's sentence says why and what to do. */
function Unusable({ message }: { message: string }) {
  return (
    <Card className="shadow-lg">
      <CardHeader className="items-center text-center">
        <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
          <MailWarningIcon className="size-6" aria-hidden="true" />
        </div>
        <CardTitle asChild className="text-2xl">
          <h1>Invitation unavailable</h1>
        </CardTitle>
        <CardDescription className="max-w-sm">{message}</CardDescription>
      </CardHeader>
      <CardFooter className="flex-col items-stretch gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to={paths.login}>
            <LogInIcon aria-hidden="true" />
            Go to Sign In
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.home}>
            <HomeIcon aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const [firstName, setFirstName] = useState(invitation.firstName);
  const [lastName, setLastName] = useState(invitation.lastName);
  const [sending, setSending] = useState(false);
  // Said under the field left empty (a list may have given only one name).
  const [missing, setMissing] = useState<{ first: boolean; last: boolean }>({ first: false, last: false });
  const completeSignIn = useCompleteSignIn();
  const ids = { first: useId(), last: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!firstName.trim() || !lastName.trim()) {
      setMissing({ first: !firstName.trim(), last: !lastName.trim() });
      document.getElementById(firstName.trim() ? ids.last : ids.first)?.focus();
      return toastInvalid('Missing Information', 'Please enter your first and last name.');
    }
    setSending(true);
    acceptInvitation(token, { firstName: firstName.trim(), lastName: lastName.trim() })
      .then(completeSignIn)
      .catch((error: unknown) =>
        toastError(error, { title: 'Could not accept', message: 'Your account could not be created. Please try again.' }),
      )
      .finally(() => setSending(false));
  };

  return (
    <Card className="shadow-lg">
      <CardHeader className="text-center">
        <CardTitle asChild className="text-2xl">
          <h1>Join {APP_NAME}</h1>
        </CardTitle>
        <CardDescription>
          Your tutor invited you. {invitation.courses.length > 0 && <>You will be enrolled in {invitation.courses.join(', ')}. </>}
          Check your name and create your account; no approval wait.
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 rounded-lg border bg-muted/50 p-4 text-sm">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{invitation.email}</dd>
          </dl>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.first}>First Name</Label>
              <Input
                id={ids.first}
                autoComplete="given-name"
                maxLength={NAME_MAX}
                value={firstName}
                onChange={(e) => {
                  setFirstName(e.target.value);
                  setMissing((m) => ({ ...m, first: false }));
                }}
                aria-invalid={missing.first || undefined}
                aria-describedby={missing.first ? `${ids.first}-error` : undefined}
              />
              {missing.first && <FieldError id={`${ids.first}-error`}>{FieldMessages.firstName}</FieldError>}
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.last}>Last Name</Label>
              <Input
                id={ids.last}
                autoComplete="family-name"
                maxLength={NAME_MAX}
                value={lastName}
                onChange={(e) => {
                  setLastName(e.target.value);
                  setMissing((m) => ({ ...m, last: false }));
                }}
                aria-invalid={missing.last || undefined}
                aria-describedby={missing.last ? `${ids.last}-error` : undefined}
              />
              {missing.last && <FieldError id={`${ids.last}-error`}>{FieldMessages.lastName}</FieldError>}
            </div>
          </div>
          <p className="text-sm text-muted-foreground">This link works once, until {formatDate(invitation.expiresAt)}.</p>
        </CardContent>
        <CardFooter className="flex-col items-stretch">
          <Button type="submit" size="lg" disabled={sending}>
            {sending ? <Spinner /> : <UserPlusIcon aria-hidden="true" />}
            Accept Invitation
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  return (
    <AuthLayout title="Accept Invitation">
      {preview.isPending ? (
        <Spinner label="Loading invitation" showLabel />
      ) : preview.isError ? (
        <Unusable
          message={
            isApiError(preview.error) && preview.error.status >= 400 && preview.error.status < 500
              ? preview.error.message
              : 'The invitation could not be loaded. Check your connection and try again.'
          }
        />
      ) : (
        <AcceptForm token={token} invitation={preview.data} />
      )}
    </AuthLayout>
  );
}
export { AcceptInvitationPage as Component };
