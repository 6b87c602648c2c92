import type { NotificationSettings, NotificationSettingsResponse } from '@common/notifications';
import { ENGAGEMENT_TEXTS } from '@common/analytics-texts';
import { NotificationMessages } from '@common/notifications-texts';
import { SaveIcon, SendIcon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useNotificationSettings, useSaveNotificationSettings, useSendTestMail } from './api/notifications';

// REMINDER_TEXT_MAX of @common/notifications, copied: importing it would pull zod into this page.
const REMINDER_TEXT_MAX = 2000;

type Toggle = Exclude<keyof NotificationSettings, 'reminderText'>;
const toggles: { key: Toggle; label: string; description: string }[] = [
  {
    key: 'registrationDigest',
    label: 'New registrations',
    description: 'To you, when students register: at most one message an hour, listing them, with a link to approve.',
  },
  { key: 'enrollmentNotice', label: 'Enrollments', description: 'To a student when you enroll them in a course: its title and a link.' },
  {
    key: 'inactivityReminders',
    label: 'Reminders to inactive students',
    description: `To enrolled students below 100% who are inactive (${ENGAGEMENT_TEXTS.inactive.description.toLowerCase()}, and did not just join), at most once a week, with a one-click link to stop them.`,
  },
  { key: 'dueReminders', label: NotificationMessages.dueRemindersLabel, description: NotificationMessages.dueRemindersDescription },
  {
    key: 'weeklySummary',
    label: 'Weekly summary',
    description: 'To you on Mondays: new students, completions, students at risk, and per course what is due, late and overdue.',
  },
];

function SettingsForm({ data }: { data: NotificationSettingsResponse }) {
  const [settings, setSettings] = useState(data.settings);
  const save = useSaveNotificationSettings();
  const textId = useId();
  const countId = useId();
  const baseId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(settings, {
      onSuccess: () => toastSuccess('Notifications saved'),
      onError: (error) => toastFailure(error, 'The settings could not be saved. Please try again.'),
    });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Which e-mails go out</CardTitle>
          <CardDescription>
            Sign-in codes and approvals always go. Every other message waits in an outbox and is sent in the background, retried until the
            mail server takes it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {toggles.map((t) => (
            <div key={t.key} className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <Label htmlFor={`${baseId}-${t.key}`}>{t.label}</Label>
                <p id={`${baseId}-${t.key}-desc`} className="mt-1 text-sm text-muted-foreground">
                  {t.description}
                </p>
              </div>
              <Switch
                id={`${baseId}-${t.key}`}
                aria-describedby={`${baseId}-${t.key}-desc`}
                checked={settings[t.key]}
                onCheckedChange={(checked) => setSettings((s) => ({ ...s, [t.key]: checked }))}
                className="mt-0.5"
              />
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Reminder text</CardTitle>
          <CardDescription>
            Your words at the top of each reminder; the student&apos;s unfinished courses and their progress follow.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Label htmlFor={textId}>Reminder Text</Label>
          <Textarea
            id={textId}
            aria-describedby={countId}
            rows={4}
            maxLength={REMINDER_TEXT_MAX}
            value={settings.reminderText}
            onChange={(e) => setSettings((s) => ({ ...s, reminderText: e.target.value }))}
          />
          <p id={countId} className="text-sm text-muted-foreground">
            {settings.reminderText.length} / {REMINDER_TEXT_MAX} characters
          </p>
        </CardContent>
      </Card>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <SaveIcon aria-hidden="true" />}
          Save Notifications
        </Button>
      </div>
    </form>
  );
}

/** 'Send Test E-mail': a message to the tutor through the outbox, and where it went, said under the button. */
function TestMail() {
  const send = useSendTestMail();
  const resultId = useId();
  return (
    <div className="grid gap-2">
      <div>
        <Button
          type="button"
          variant="outline"
          aria-describedby={send.data ? resultId : undefined}
          disabled={send.isPending}
          onClick={() =>
            send.mutate(undefined, { onError: (error) => toastFailure(error, 'The test e-mail could not be queued. Please try again.') })
          }
        >
          {send.isPending ? <Spinner /> : <SendIcon aria-hidden="true" />}
          Send Test E-mail
        </Button>
      </div>
      <p id={resultId} role="status" className="text-sm text-muted-foreground">
        {send.data?.message ?? 'Sends a short message to your own address, the way the students’ e-mails go.'}
      </p>
    </div>
  );
}

function Outbox({ outbox }: { outbox: NotificationSettingsResponse['outbox'] }) {
  const consoleOnly = outbox.transport === 'console';
  const items = [
    { label: 'Waiting to be sent', value: outbox.waiting },
    { label: 'Waiting after a failed try', value: outbox.failing },
    { label: NotificationMessages.handedOnLabel(outbox.transport), value: outbox.sentLastWeek },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
        <CardDescription>
          {consoleOnly
            ? 'Messages wait here and are handed on within seconds, but to the log only.'
            : outbox.failing > 0
              ? 'The mail server did not take some messages; they are retried with growing pauses and go out once it answers.'
              : 'Messages leave within seconds while the mail server answers.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {consoleOnly && (
          <p
            data-testid="mail-console-only"
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {NotificationMessages.consoleOnly}
          </p>
        )}
        <TestMail />
        <dl className="grid gap-3 sm:grid-cols-3">
          {items.map((i) => (
            <div key={i.label} className="rounded-lg border p-3">
              <dt className="text-sm text-muted-foreground">{i.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{i.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function NotificationSettingsPage() {
  const query = useNotificationSettings();
  return (
    <div className="grid gap-6">
      <PageHeader title="Notifications" subtitle="What the platform e-mails, and to whom." />
      {query.isPending ? (
        <Spinner label="Loading notification settings" showLabel />
      ) : query.isError ? (
        <LoadError
          message="The notification settings could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <SettingsForm data={query.data} />
          <Outbox outbox={query.data.outbox} />
        </>
      )}
    </div>
  );
}
export { NotificationSettingsPage as Component };
