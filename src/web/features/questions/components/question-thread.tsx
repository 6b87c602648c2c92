import {
  QuestionMessages,
  quoteCodeLines,
  type QuestionResult,
  type QuestionThreadDetail,
  type QuestionThreadStatus,
} from '@common/questions';
import { BotIcon, CheckCircle2Icon, ReplyIcon, UserIcon } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Markdown } from '@web/components/markdown';
import { MessageForm } from '@web/components/message-form';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';
import { useReply, useResolve } from '../api/questions-admin';
import { AttachedCode, type LineRange } from './attached-code';

export const statusBadges: Record<QuestionThreadStatus, { text: string; variant: 'amber' | 'teal' | 'secondary' }> = {
  unanswered: { text: QuestionMessages.statusUnanswered, variant: 'amber' },
  answered: { text: QuestionMessages.statusAnswered, variant: 'teal' },
  resolved: { text: QuestionMessages.statusResolved, variant: 'secondary' },
};

export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-2">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

const outputBox =
  'max-h-48 overflow-auto rounded-md border bg-white p-2 font-mono text-xs whitespace-pre-wrap break-words dark:bg-slate-950';

function AttachedResult({ result }: { result: QuestionResult }) {
  const passed = result.verdict === 'passed';
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm" data-testid="attached-result">
      <p>
        <span className={cn('font-semibold', passed ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400')}>
          {result.summary}
        </span>
        <span className="text-muted-foreground">
          {' '}
          · {QuestionMessages.resultKind(result.mode)} <time dateTime={result.submittedAt}>{when(result.submittedAt)}</time>
        </span>
      </p>
      {result.compileOutput && <pre className={outputBox}>{result.compileOutput}</pre>}
      {result.tests.length > 0 && (
        <ul className="grid gap-2">
          {result.tests.map((t) => (
            <li key={`${t.position}-${t.custom}`} className="grid gap-1">
              <p>
                <span className="font-medium">
                  {t.custom ? QuestionMessages.ownInput : (t.name ?? QuestionMessages.testName(t.position))}
                </span>
                {t.hidden && <span className="text-muted-foreground"> {QuestionMessages.hidden}</span>}:{' '}
                <span className={t.passed ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}>
                  {QuestionMessages.testOutcome(t)}
                </span>
                {t.message && <span className="text-muted-foreground"> · {t.message}</span>}
              </p>
              {!t.hidden && (!t.passed || t.custom) && (
                <dl className="grid gap-1 sm:grid-cols-3">
                  {[
                    [QuestionMessages.input, t.input],
                    [QuestionMessages.expectedOutput, t.expectedOutput],
                    [QuestionMessages.actualOutput, t.actualOutput],
                  ]
                    .filter((pair): pair is [string, string] => pair[1] !== null)
                    .map(([label, text]) => (
                      <div key={label} className="grid min-w-0 gap-0.5">
                        <dt className="text-xs text-muted-foreground">{label}</dt>
                        <dd className={outputBox}>{text || ' '}</dd>
                      </div>
                    ))}
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReplyForm({ thread, editor }: { thread: QuestionThreadDetail; editor: ReturnType<typeof useReplyEditor> }) {
  const reply = useReply(thread.id);
  return (
    <MessageForm
      label={QuestionMessages.replyLabel}
      body={editor.body}
      onBodyChange={editor.setBody}
      send={(text) => reply.mutateAsync(text)}
      onSent={() => toast.success(QuestionMessages.replySent)}
      pending={reply.isPending}
      emptyMessage={QuestionMessages.bodyEmpty}
      textareaRef={editor.ref}
      onSelect={editor.remember}
      button={{ text: QuestionMessages.reply, icon: <ReplyIcon aria-hidden="true" /> }}
    />
  );
}

/** The reply's text, and where quoted lines go into it: where the caret last was in the reply, or at the end. */
function useReplyEditor() {
  const ref = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const [body, setBody] = useState('');
  const remember = () => {
    caret.current = ref.current?.selectionStart ?? null;
  };
  function insert(text: string) {
    const at = Math.min(caret.current ?? body.length, body.length);
    const before = body.slice(0, at);
    const quoted = `${before && !before.endsWith('\n') ? '\n\n' : ''}${text}`;
    const next = `${before}${quoted}${body.slice(at)}`;
    setBody(next);
    caret.current = at + quoted.length;
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(at + quoted.length, at + quoted.length);
    });
  }
  return { ref, body, setBody, insert, remember };
}

/** One thread on the tutor's Questions page: the student's messages, what they attached, Reply and Mark Resolved. */
export function QuestionThread({ thread }: { thread: QuestionThreadDetail }) {
  const editor = useReplyEditor();
  const resolve = useResolve(thread.id);
  const badge = statusBadges[thread.status];
  const quote = ({ from, to }: LineRange) => editor.insert(quoteCodeLines(thread.code ?? '', from, to, thread.exercise?.language ?? ''));
  return (
    <article
      aria-labelledby="question-thread-title"
      className="grid min-w-0 gap-6 rounded-xl border bg-card p-4 sm:p-5"
      data-testid="question-thread-detail"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="question-thread-title" className="text-lg font-semibold break-words">
              {thread.studentName}
            </h2>
            <Badge variant={badge.variant}>{badge.text}</Badge>
          </div>
          <p className="text-sm break-words text-muted-foreground">
            {thread.studentEmail} ·{' '}
            <Link
              className="font-medium text-primary underline underline-offset-2"
              to={`${paths.course.href(thread.courseId)}?lesson=${encodeURIComponent(thread.lessonId)}`}
            >
              {thread.lessonTitle}
            </Link>{' '}
            in {thread.courseTitle}
            {thread.exercise && <> · {thread.exercise.title}</>}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={thread.status === 'resolved' || resolve.isPending}
          onClick={() =>
            resolve.mutate(undefined, {
              onSuccess: () => toast.success(QuestionMessages.resolvedDone),
              onError: (err) => toast.error(isApiError(err) ? err.message : String(err)),
            })
          }
        >
          <CheckCircle2Icon aria-hidden="true" />
          {thread.status === 'resolved' ? QuestionMessages.statusResolved : QuestionMessages.markResolved}
        </Button>
      </header>

      <ol className="grid gap-3" aria-label={QuestionMessages.messagesLabel}>
        {thread.messages.map((m) => (
          <li
            key={m.id}
            className={cn(
              'min-w-0 rounded-lg p-3',
              m.from === 'tutor' ? 'border border-teal-200 bg-teal-50/60 dark:border-teal-900 dark:bg-teal-950/40' : 'bg-muted/50',
            )}
          >
            <p className="mb-1 text-xs text-muted-foreground">
              <span className="font-semibold text-foreground">{m.from === 'tutor' ? QuestionMessages.you : thread.studentName}</span> ·{' '}
              <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
            </p>
            <Markdown markdown={m.body} headingsBelow={3} surface={m.from === 'tutor' ? 'plain' : 'muted'} />
          </li>
        ))}
      </ol>

      {thread.code !== null && (
        <Block title={QuestionMessages.attachedCode}>
          <AttachedCode code={thread.code} language={thread.exercise?.language ?? ''} onQuote={quote} />
        </Block>
      )}
      {thread.result && (
        <Block title={QuestionMessages.attachedResult}>
          <AttachedResult result={thread.result} />
        </Block>
      )}
      {thread.aiConversation && (
        <Block title={QuestionMessages.attachedConversation}>
          <ol className="grid max-h-96 gap-2 overflow-y-auto rounded-lg border p-3">
            {thread.aiConversation.messages.map((m, i) => (
              <li key={i} className="grid min-w-0 gap-1">
                <p className="flex items-center gap-1 text-xs font-semibold">
                  {m.role === 'user' ? (
                    <UserIcon aria-hidden="true" className="size-3.5" />
                  ) : (
                    <BotIcon aria-hidden="true" className="size-3.5" />
                  )}
                  {m.role === 'user' ? thread.studentName : QuestionMessages.aiTutor}
                </p>
                <Markdown markdown={m.content} headingsBelow={4} />
              </li>
            ))}
          </ol>
        </Block>
      )}

      <ReplyForm thread={thread} editor={editor} />
    </article>
  );
}
