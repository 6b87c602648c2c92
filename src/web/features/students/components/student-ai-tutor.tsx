import {
  AiTutorOversightMessages as M,
  type AiTutorAllowance,
  type TutorOverseenConversation,
  type TutorOverseenMessage,
} from '@common/ai-tutor';
import { BotIcon, MessagesSquareIcon, ShieldAlertIcon, UserIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { EmptyPanel } from '@web/components/empty-panel';
import { LoadError } from '@web/components/load-error';
import { Markdown } from '@web/components/markdown';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate } from '@web/lib/format-date';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useAiTutorAllowances, useChangeAiTutorLimit, useStudentAiConversations, type LimitChange } from '../api/ai-tutor-oversight';

const timeOf = (iso: string) => `${formatDate(iso)}, ${new Date(iso).toTimeString().slice(0, 5)}`;

/** A whole number from 0 to 1000 typed in a box, or why not; '' is "no limit of its own" where that is allowed. */
function parseLimit(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const n = Number(trimmed);
  return n <= 1000 ? n : 'invalid';
}

/** One limit: a labelled number box with Save, and Remove when it may be left unset. */
function LimitForm(props: {
  label: string;
  value: number | null;
  placeholder: string;
  busy: boolean;
  removeLabel?: string;
  onSave: (value: number | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState(props.value === null ? '' : String(props.value));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseLimit(text);
    if (parsed === 'invalid' || (parsed === null && !props.removeLabel)) {
      setError(M.dailyMessagesInvalid);
      return;
    }
    setError(null);
    props.onSave(parsed);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5" noValidate>
      <Label htmlFor={id}>{props.label}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          inputMode="numeric"
          className="w-28"
          value={text}
          placeholder={props.placeholder}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" size="sm" variant="outline" disabled={props.busy}>
          Save
        </Button>
        {props.removeLabel && props.value !== null && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={props.busy}
            onClick={() => {
              setText('');
              props.onSave(null);
            }}
          >
            {props.removeLabel}
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}

function AllowanceCard({ allowance: a, studentId }: { allowance: AiTutorAllowance; studentId: string }) {
  const change = useChangeAiTutorLimit(studentId);
  const save = (c: LimitChange, done: string) =>
    change.mutate(c, {
      onSuccess: () => toastSuccess(done),
      onError: (error) => toastFailure(error, 'The limit could not be saved. Please try again.'),
    });
  return (
    <Card className="flex flex-col gap-3 p-4" data-course-id={a.courseId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{a.courseTitle}</h3>
        <p className="text-sm text-muted-foreground tabular-nums">
          {a.usedToday} of {a.effectiveDailyMessages} used today
          {a.studentDailyMessages !== null
            ? ' (their own limit)'
            : a.courseDailyMessages !== null
              ? ' (the course limit)'
              : ' (the site default)'}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <LimitForm
          key={`course-${a.courseDailyMessages}`}
          label="Course limit per student per day"
          value={a.courseDailyMessages}
          placeholder={`${a.siteDailyMessages} (site)`}
          busy={change.isPending}
          removeLabel="Use site default"
          onSave={(v) => save({ kind: 'course', courseId: a.courseId, dailyMessages: v }, M.courseDefaultSaved)}
        />
        <LimitForm
          key={`student-${a.studentDailyMessages}`}
          label="This student's own limit"
          value={a.studentDailyMessages}
          placeholder="None"
          busy={change.isPending}
          removeLabel="Remove"
          onSave={(v) =>
            save({ kind: 'student', courseId: a.courseId, dailyMessages: v }, v === null ? M.overrideRemoved : M.overrideSaved)
          }
        />
      </div>
    </Card>
  );
}

/** The student's daily AI tutor questions per course: the course's limit and their own, both editable. */
export function AiTutorLimitsSection({ studentId }: { studentId: string }) {
  const query = useAiTutorAllowances(studentId);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="ai-tutor-limits">
      <h2 id={titleId} className="text-lg font-semibold">
        {M.limitsTitle}
      </h2>
      {query.isError ? (
        <LoadError message="We could not load the limits." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <Spinner label="Loading limits..." showLabel className="py-4" />
      ) : query.data.allowances.length === 0 ? (
        <p className="text-sm text-muted-foreground">This student is not enrolled in any course.</p>
      ) : (
        query.data.allowances.map((a) => <AllowanceCard key={a.courseId} allowance={a} studentId={studentId} />)
      )}
    </section>
  );
}

function OverseenMessage({ m }: { m: TutorOverseenMessage }) {
  const student = m.role === 'user';
  return (
    <li className="flex flex-col gap-1.5" data-role={m.role} data-guard={m.guardOutcome}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {student ? <UserIcon className="size-3.5" aria-hidden="true" /> : <BotIcon className="size-3.5" aria-hidden="true" />}
        <span className="font-semibold text-foreground">{student ? 'Student' : 'AI Tutor'}</span>
        <time dateTime={m.createdAt}>{timeOf(m.createdAt)}</time>
        {m.hintLevel && <Badge variant="teal">{M.hintLevel(m.hintLevel)}</Badge>}
      </div>
      <div className={student ? 'rounded-lg bg-secondary px-3 py-2 text-secondary-foreground' : 'rounded-lg bg-muted px-3 py-2'}>
        {student ? (
          <p className="text-sm break-words whitespace-pre-wrap">{m.content}</p>
        ) : (
          <Markdown markdown={m.content} surface="muted" headingsBelow={4} />
        )}
      </div>
      {m.guardOutcome && (
        <Alert variant="warning" role="note" className="flex-col gap-2">
          <p className="flex items-start gap-2 font-medium">
            <ShieldAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {m.guardOutcome === 'withheld' ? M.guardWithheld : M.guardRegenerated}
          </p>
          {m.withheldContent && (
            <details className="w-full">
              <summary className="cursor-pointer text-sm font-medium underline-offset-4 hover:underline">{M.withheldTitle}</summary>
              <div className="mt-2 rounded-md border bg-card p-3 text-card-foreground">
                <Markdown markdown={m.withheldContent} headingsBelow={4} />
              </div>
            </details>
          )}
        </Alert>
      )}
    </li>
  );
}

function ConversationCard({ c }: { c: TutorOverseenConversation }) {
  const questions = c.messages.filter((m) => m.role === 'user').length;
  const guarded = c.messages.filter((m) => m.guardOutcome).length;
  return (
    <Card className="flex flex-col gap-3 p-4" data-conversation-id={c.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-sm font-semibold">Conversation of {timeOf(c.createdAt)}</h4>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {questions} {questions === 1 ? 'question' : 'questions'}
          {guarded > 0 && <Badge variant="amber">Leak guard acted {guarded === 1 ? 'once' : `${guarded} times`}</Badge>}
        </p>
      </div>
      <ol className="flex flex-col gap-4" aria-label={`Messages of the conversation of ${timeOf(c.createdAt)}`}>
        {c.messages.map((m) => (
          <OverseenMessage key={m.id} m={m} />
        ))}
      </ol>
    </Card>
  );
}

/** The student's conversations with the AI tutor, by lesson, with every message, hint level and leak-guard mark. */
export function AiTutorConversationsSection({ studentId }: { studentId: string }) {
  const query = useStudentAiConversations(studentId);
  const titleId = useId();
  const byLesson = new Map<string, TutorOverseenConversation[]>();
  for (const c of query.data?.conversations ?? []) byLesson.set(c.lessonId, [...(byLesson.get(c.lessonId) ?? []), c]);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4" data-testid="ai-tutor-conversations">
      <h2 id={titleId} className="text-lg font-semibold">
        {M.sectionTitle}
      </h2>
      {query.isError ? (
        <LoadError message="We could not load the conversations." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <Spinner label="Loading conversations..." showLabel className="py-4" />
      ) : byLesson.size === 0 ? (
        <EmptyPanel icon={MessagesSquareIcon} title="No Conversations">
          {M.noConversations}
        </EmptyPanel>
      ) : (
        [...byLesson.values()].map((conversations) => (
          <section key={conversations[0]!.lessonId} className="flex flex-col gap-3" aria-label={conversations[0]!.lessonTitle}>
            <h3 className="font-semibold">
              {conversations[0]!.lessonTitle}
              <span className="ml-2 text-sm font-normal text-muted-foreground">{conversations[0]!.courseTitle}</span>
            </h3>
            {conversations.map((c) => (
              <ConversationCard key={c.id} c={c} />
            ))}
          </section>
        ))
      )}
    </section>
  );
}
