import type { QuestionThreadStatus, StudentQuestionThread } from '@common/questions';
import { QuestionMessages } from '@common/questions-texts';
import { SendIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Markdown } from '@web/components/markdown';
import { MessageForm } from '@web/components/message-form';
import { Badge } from '@web/components/ui/badge';
import { useSession } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { useFollowUp, useLessonQuestions } from './api/lesson-questions';
import { AskYourTutorButton } from './ask-your-tutor';

const statusBadge: Record<QuestionThreadStatus, { text: string; variant: 'amber' | 'teal' | 'secondary' }> = {
  unanswered: { text: QuestionMessages.waitingForTutor, variant: 'amber' },
  answered: { text: QuestionMessages.statusAnswered, variant: 'teal' },
  resolved: { text: QuestionMessages.statusResolved, variant: 'secondary' },
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function FollowUpForm({ lessonId, threadId }: { lessonId: string; threadId: string }) {
  const [body, setBody] = useState('');
  const send = useFollowUp(lessonId, threadId);
  return (
    <MessageForm
      label={QuestionMessages.followUp}
      body={body}
      onBodyChange={setBody}
      send={(text) => send.mutateAsync(text)}
      pending={send.isPending}
      emptyMessage={QuestionMessages.bodyEmpty}
      textareaClassName="min-h-20"
      button={{ text: QuestionMessages.sendFollowUp, icon: <SendIcon aria-hidden="true" />, size: 'sm', variant: 'outline' }}
    />
  );
}

function Thread({ thread, lessonId, number }: { thread: StudentQuestionThread; lessonId: string; number: number }) {
  const titleId = useId();
  const badge = statusBadge[thread.status];
  return (
    <li aria-labelledby={titleId} className="grid gap-3 rounded-lg border p-4" data-testid="question-thread">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={titleId} className="font-medium">
          {QuestionMessages.questionNumber(number)}
          {thread.exerciseTitle && <span className="font-normal text-muted-foreground"> · {thread.exerciseTitle}</span>}
        </h4>
        <Badge variant={badge.variant}>{badge.text}</Badge>
      </div>
      <ol className="grid gap-3">
        {thread.messages.map((m) => (
          <li
            key={m.id}
            className={cn(
              'min-w-0 rounded-lg p-3',
              m.from === 'tutor' ? 'border border-teal-200 bg-teal-50/60 dark:border-teal-900 dark:bg-teal-950/40' : 'bg-muted/50',
            )}
          >
            <p className="mb-1 text-xs text-muted-foreground">
              <span className="font-semibold text-foreground">
                {m.from === 'tutor' ? QuestionMessages.yourTutor : QuestionMessages.you}
              </span>{' '}
              · <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
            </p>
            <Markdown markdown={m.body} headingsBelow={4} surface={m.from === 'tutor' ? 'plain' : 'muted'} />
          </li>
        ))}
      </ol>
      <FollowUpForm lessonId={lessonId} threadId={thread.id} />
    </li>
  );
}

/**
 * The student's questions to the tutor on this lesson: each thread with the tutor's replies and a
 * follow-up form, and 'Ask Your Tutor' for a new one. The tutor's own preview has none of it.
 */
export default function LessonQuestions({ lessonId }: { lessonId: string }) {
  const { session } = useSession();
  const student = session?.user.role === 'student';
  const query = useLessonQuestions(lessonId, student);
  if (!student) return null;
  const threads = query.data?.threads ?? [];
  return (
    <section aria-labelledby="lesson-questions-title" className="grid gap-3 rounded-xl border bg-card p-5" data-testid="lesson-questions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="lesson-questions-title" className="font-semibold">
          {QuestionMessages.lessonThreadsTitle}
        </h3>
        <AskYourTutorButton lessonId={lessonId} />
      </div>
      {threads.length === 0 ? (
        <p className="text-sm text-muted-foreground">{QuestionMessages.noLessonThreads}</p>
      ) : (
        <ol className="grid gap-3">
          {threads.map((thread, i) => (
            <Thread key={thread.id} thread={thread} lessonId={lessonId} number={i + 1} />
          ))}
        </ol>
      )}
    </section>
  );
}
