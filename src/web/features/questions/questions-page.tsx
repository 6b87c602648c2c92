import { QuestionMessages, type QuestionThreadSummary } from '@common/questions';
import { ArrowLeftIcon, InboxIcon, MessageCircleQuestionIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyPanel } from '@web/components/empty-panel';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';
import { useQuestionThread, useQuestionThreads } from './api/questions-admin';
import { QuestionThread, statusBadges, when } from './components/question-thread';

function ThreadList({ threads, current }: { threads: QuestionThreadSummary[]; current: string | undefined }) {
  return (
    <nav aria-label={QuestionMessages.pageTitle}>
      <ul className="grid gap-2">
        {threads.map((t) => {
          const badge = statusBadges[t.status];
          const here = t.id === current;
          return (
            <li key={t.id}>
              <Link
                to={paths.admin.questionThread.href(t.id)}
                aria-current={here ? 'page' : undefined}
                data-testid="question-row"
                className={cn(
                  'grid gap-1 rounded-lg border bg-card p-3 transition-colors hover:border-primary/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  here && 'border-primary bg-secondary/60',
                )}
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold break-words">{t.studentName}</span>
                  <Badge variant={badge.variant}>{badge.text}</Badge>
                </span>
                <span className="text-sm break-words text-muted-foreground">
                  {t.lessonTitle} · {t.courseTitle}
                </span>
                <span className="line-clamp-2 text-sm break-words">{t.excerpt}</span>
                <span className="text-xs text-muted-foreground">
                  <time dateTime={t.lastMessageAt}>{when(t.lastMessageAt)}</time> · {QuestionMessages.messageCount(t.messageCount)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ThreadPane({ threadId }: { threadId: string }) {
  const thread = useQuestionThread(threadId);
  if (thread.isError) return <LoadError message={thread.error.message} onRetry={() => void thread.refetch()} />;
  if (!thread.data) return <Spinner label={QuestionMessages.loadingThread} showLabel className="rounded-xl border bg-card py-10" />;
  return <QuestionThread thread={thread.data} />;
}

/** The tutor's Questions page: every student's threads, unanswered first; one opens beside the list (below it on a phone). */
export function QuestionsPage() {
  const { threadId } = useParams();
  const list = useQuestionThreads();
  const subtitle = list.data
    ? `${QuestionMessages.unansweredCount(list.data.unanswered)}. ${QuestionMessages.pageSubtitle}`
    : QuestionMessages.pageSubtitle;
  return (
    <>
      <PageHeader title={QuestionMessages.pageTitle} subtitle={subtitle} />
      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Spinner label={QuestionMessages.loadingThreads} showLabel className="rounded-xl border bg-card py-10" />
      ) : list.data.threads.length === 0 ? (
        <EmptyPanel icon={InboxIcon} title={QuestionMessages.pageTitle} size="page">
          {QuestionMessages.noThreads}
        </EmptyPanel>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
          {/* On a phone the list or the thread, never both squeezed: a thread has its own back link. */}
          <div className={cn(threadId && 'hidden lg:block')}>
            <ThreadList threads={list.data.threads} current={threadId} />
          </div>
          <div className="grid min-w-0 content-start gap-3">
            {threadId ? (
              <>
                <div className="lg:hidden">
                  <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
                    <Link to={paths.admin.questions}>
                      <ArrowLeftIcon aria-hidden="true" />
                      {QuestionMessages.backToQuestions}
                    </Link>
                  </Button>
                </div>
                <ThreadPane threadId={threadId} />
              </>
            ) : (
              <div className="hidden lg:block">
                <EmptyPanel icon={MessageCircleQuestionIcon}>{QuestionMessages.chooseThread}</EmptyPanel>
              </div>
            )}
          </div>
        </div>
      )}
    </>
  );
}

export { QuestionsPage as Component };
