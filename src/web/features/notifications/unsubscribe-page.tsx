import { BellOffIcon, HomeIcon, MailWarningIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { NotificationMessages } from '@common/notifications-texts';
import { paths } from '@web/lib/paths';
import { MinimalPage } from '@web/components/minimal-page';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api';
import { APP_NAME } from '@web/lib/brand';
import { unsubscribe } from './api/notifications';

type State = { kind: 'working' } | { kind: 'done'; firstName: string } | { kind: 'failed'; message: string };

/**
 * A reminder's opt-out link: opening the page turns reminders off, with no sign-in. The page
 * sends the request itself (a plain GET of the link changes nothing), so a mail scanner that
 * follows links does not unsubscribe anyone.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  // A reminder of a due date links here with ?reminders=due: only those reminders are turned off.
  const [searchParams] = useSearchParams();
  const dueOnly = searchParams.get('reminders') === 'due';
  const [state, setState] = useState<State>({ kind: 'working' });
  useEffect(() => {
    let live = true;
    unsubscribe(token, dueOnly ? 'due' : 'all')
      .then((r) => live && setState({ kind: 'done', firstName: r.firstName }))
      .catch(
        (error: unknown) =>
          live &&
          setState({
            kind: 'failed',
            message:
              isApiError(error) && error.status === 400
                ? error.message
                : 'Your choice could not be saved. Check your connection and reload the page.',
          }),
      );
    return () => {
      live = false;
    };
  }, [token, dueOnly]);

  return (
    <MinimalPage title="Reminders">
      <div className="max-w-md text-center" aria-live="polite">
        {state.kind === 'working' ? (
          <Spinner label="Turning reminders off" showLabel />
        ) : (
          <>
            <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              {state.kind === 'done' ? (
                <BellOffIcon className="size-6" aria-hidden="true" />
              ) : (
                <MailWarningIcon className="size-6" aria-hidden="true" />
              )}
            </div>
            <h1 className="text-2xl font-bold">
              {state.kind !== 'done' ? 'Link not valid' : dueOnly ? NotificationMessages.dueRemindersOff : 'Reminders turned off'}
            </h1>
            <p className="mt-2 text-muted-foreground">
              {state.kind === 'done' && dueOnly
                ? NotificationMessages.dueRemindersOffText(state.firstName, APP_NAME)
                : state.kind === 'done'
                  ? `${state.firstName ? `${state.firstName}, you` : 'You'} will no longer get reminder e-mails from ${APP_NAME}, nor e-mails about your tutor's feedback and replies (those still show under the bell in the app). Messages about your account and enrollments still arrive.`
                  : state.message}
            </p>
            <Button asChild variant="outline" size="lg" className="mt-6">
              <Link to={paths.home}>
                <HomeIcon aria-hidden="true" />
                Back to Home
              </Link>
            </Button>
          </>
        )}
      </div>
    </MinimalPage>
  );
}
export { UnsubscribePage as Component };
