import { codeLines, ReviewMessages, type ReviewComment, type TutorReview } from '@common/reviews';
import { CheckIcon, MessageSquarePlusIcon, PencilIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Markdown } from '@web/components/markdown';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { formatDate } from '@web/lib/format-date';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { plural } from '@web/lib/plural';
import { useDeleteReviewComment, useEditReviewComment, useSaveReviewDraft, useSendReview, useSubmissionReview } from '../api/reviews';
import { CommentComposer } from './comment-composer';
import { SavedCommentsBank } from './saved-comments-bank';

type Props = { submissionId: string; code: string; name: string };

/**
 * The tutor's review of one submission: its code line by line, each line's number a button to add a comment under it;
 * the comments (drafts until sent); the overall comment and 'Send Feedback'.
 */
export function SubmissionReview({ submissionId, code, name }: Props) {
  const review = useSubmissionReview(submissionId);
  const lines = useMemo(() => codeLines(code), [code]);
  const [composing, setComposing] = useState<number | null>(null);
  const byLine = useMemo(() => {
    const map = new Map<number, ReviewComment[]>();
    for (const c of review.data?.comments ?? []) map.set(c.line, [...(map.get(c.line) ?? []), c]);
    return map;
  }, [review.data]);

  if (review.isPending) return <Spinner label="Loading the review…" showLabel className="py-6" />;
  if (review.isError)
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        {isApiError(review.error) ? review.error.message : 'The review could not be loaded.'}
      </p>
    );

  return (
    <div className="grid min-w-0 gap-3" data-testid="submission-review">
      <p className="text-xs text-muted-foreground">
        Press a line number to comment on that line. Comments are drafts, hidden from the student until you press{' '}
        {ReviewMessages.sendFeedback}.
      </p>
      <div role="region" aria-label={`Code of ${name}, with comments`} className="overflow-x-auto rounded-lg border bg-card">
        <ol className="min-w-0 py-1 font-mono text-xs leading-5">
          {lines.map((text, i) => {
            const line = i + 1;
            const comments = byLine.get(line) ?? [];
            return (
              <li key={line} data-testid="review-line" data-line={line}>
                <div className={comments.length ? 'flex bg-amber-50 dark:bg-amber-950/40' : 'flex'}>
                  <button
                    type="button"
                    aria-label={`${ReviewMessages.addComment} on line ${line}`}
                    title={`${ReviewMessages.addComment} on line ${line}`}
                    aria-expanded={composing === line}
                    onClick={() => setComposing(composing === line ? null : line)}
                    className="group flex w-12 shrink-0 items-start justify-end gap-1 px-2 text-right tabular-nums text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring max-md:min-h-8"
                  >
                    <MessageSquarePlusIcon
                      aria-hidden="true"
                      className="mt-0.5 size-3 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
                    />
                    {line}
                  </button>
                  <code className="min-w-0 flex-1 px-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{text || '\u00a0'}</code>
                </div>
                {(comments.length > 0 || composing === line) && (
                  <div className="grid grid-cols-[minmax(0,1fr)] gap-2 border-y bg-muted/30 px-3 py-2 sm:pl-12">
                    {comments.map((c) => (
                      <CommentItem key={c.id} comment={c} submissionId={submissionId} />
                    ))}
                    {composing === line && <CommentComposer submissionId={submissionId} line={line} onDone={() => setComposing(null)} />}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </div>
      <SendForm
        key={`${review.data?.id ?? 'new'}:${review.data?.sendCount ?? 0}`}
        submissionId={submissionId}
        review={review.data ?? null}
      />
      <SavedCommentsBank />
    </div>
  );
}

/** One comment under its line: a draft can be changed or deleted; a sent one stays as the student read it. */
function CommentItem({ comment, submissionId }: { comment: ReviewComment; submissionId: string }) {
  const edit = useEditReviewComment(submissionId);
  const remove = useDeleteReviewComment(submissionId);
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(comment.body);
  const fieldId = useId();
  const draft = comment.sentAt === null;
  return (
    <div className="grid gap-1 rounded-lg border bg-card p-2 font-sans text-sm" data-testid="review-comment">
      <div className="flex flex-wrap items-center gap-2">
        {draft ? (
          <Badge variant="amber">Draft</Badge>
        ) : (
          <Badge variant="green">
            <CheckIcon aria-hidden="true" />
            Sent
          </Badge>
        )}
        {draft && !editing && (
          <span className="ml-auto flex gap-1">
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit comment on line ${comment.line}`}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={remove.isPending}
              aria-label={`Delete comment on line ${comment.line}`}
              onClick={() => remove.mutate(comment.id, { onError: (err) => toastFailure(err, 'The comment could not be deleted.') })}
            >
              <Trash2Icon aria-hidden="true" />
              Delete
            </Button>
          </span>
        )}
      </div>
      {editing ? (
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>Comment on line {comment.line} (Markdown)</Label>
          <Textarea id={fieldId} autoFocus className="min-h-20 text-sm" value={body} onChange={(e) => setBody(e.target.value)} />
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={edit.isPending || body.trim() === ''}
              onClick={() =>
                edit.mutate(
                  { id: comment.id, body },
                  { onSuccess: () => setEditing(false), onError: (err) => toastFailure(err, 'The comment could not be saved.') },
                )
              }
            >
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => (setEditing(false), setBody(comment.body))}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Markdown markdown={comment.body} headingsBelow={5} className="text-sm" />
      )}
    </div>
  );
}

/** The overall comment and 'Send Feedback', with where the review stands. */
function SendForm({ submissionId, review }: { submissionId: string; review: TutorReview | null }) {
  const fieldId = useId();
  const statusId = useId();
  const [overall, setOverall] = useState(review?.draftOverallComment ?? review?.overallComment ?? '');
  const saveDraft = useSaveReviewDraft(submissionId);
  const send = useSendReview(submissionId);
  const drafts = review?.comments.filter((c) => c.sentAt === null).length ?? 0;
  const sent = review?.sentAt ?? null;
  const status = !sent
    ? drafts > 0
      ? `Draft: ${plural(drafts, 'comment')}, not sent. The student does not see them yet.`
      : 'Nothing sent yet.'
    : `Sent ${formatDate(sent)}${review?.seenAt ? ', seen by the student' : ', not seen yet'}.${drafts > 0 ? ` ${plural(drafts, 'new comment')} not sent yet.` : ''}`;
  const changed = overall.trim() !== '' && overall !== (review?.overallComment ?? '');
  const canSend = drafts > 0 || changed;
  return (
    <div className="grid gap-2 rounded-lg border p-3">
      <Label htmlFor={fieldId}>{ReviewMessages.overallComment} (Markdown)</Label>
      <Textarea
        id={fieldId}
        className="min-h-20 text-sm"
        value={overall}
        aria-describedby={statusId}
        onChange={(e) => setOverall(e.target.value)}
      />
      <p id={statusId} className="text-xs text-muted-foreground" data-testid="review-status">
        {status}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={!canSend || send.isPending}
          onClick={() =>
            send.mutate(overall, {
              onSuccess: () => toastSuccess('Feedback sent', 'The student has been notified.'),
              onError: (err) => toastFailure(err, 'The feedback could not be sent.'),
            })
          }
        >
          <SendIcon aria-hidden="true" />
          {ReviewMessages.sendFeedback}
        </Button>
        {!sent && (
          <Button
            variant="outline"
            disabled={saveDraft.isPending || overall === (review?.draftOverallComment ?? '')}
            onClick={() =>
              saveDraft.mutate(overall, {
                onSuccess: () => toastSuccess('Draft saved'),
                onError: (err) => toastFailure(err, 'The draft could not be saved.'),
              })
            }
          >
            Save Draft
          </Button>
        )}
      </div>
    </div>
  );
}
