import { ReviewMessages } from '@common/reviews';
import { BookmarkPlusIcon, SendIcon, UsersIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { toastSuccess } from '@web/lib/notify';
import { plural } from '@web/lib/plural';
import { useAddReviewComment, useSameCodeStudents, useSaveComment, useSavedComments, useSendToSameCode } from '../api/reviews';

const messageOf = (error: unknown) => (isApiError(error) ? error.message : 'Something went wrong. Please try again.');

/** Shortens a saved comment to fit an option of the list. */
const preview = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

type Props = { submissionId: string; line: number; onDone: () => void };

/**
 * Writing a comment on one line: Markdown, or picked from 'Saved Comments'; added as a draft of this review, saved to
 * the bank, or sent at once to every other student whose latest submission is the same code (how many it reaches is
 * shown before sending).
 */
export function CommentComposer({ submissionId, line, onDone }: Props) {
  const textId = useId();
  const savedId = useId();
  const errorId = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const [confirmBroadcast, setConfirmBroadcast] = useState(false);
  const add = useAddReviewComment(submissionId);
  const saved = useSavedComments();
  const save = useSaveComment();
  const sameCode = useSameCodeStudents(submissionId);
  const broadcast = useSendToSameCode(submissionId);
  const reach = sameCode.data?.students.length ?? 0;
  const empty = body.trim() === '';

  const submit = () => {
    if (empty) return setError(ReviewMessages.commentEmpty);
    setError('');
    add.mutate(
      { line, body },
      {
        onSuccess: () => onDone(),
        onError: (err) => setError(messageOf(err)),
      },
    );
  };

  return (
    <div
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 rounded-lg border bg-card p-3 font-sans text-sm"
      data-testid="comment-composer"
    >
      <Label htmlFor={textId}>Comment on line {line} (Markdown)</Label>
      <Textarea
        id={textId}
        autoFocus
        className="min-h-24 text-sm"
        value={body}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      />
      {saved.data && saved.data.length > 0 && (
        <div className="grid gap-1">
          <Label htmlFor={savedId}>{ReviewMessages.savedComments}</Label>
          <select
            id={savedId}
            className="h-10 w-full min-w-0 rounded-md border border-input/70 bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:h-11"
            value=""
            onChange={(e) => {
              const picked = saved.data.find((c) => c.id === e.target.value);
              if (picked) setBody((b) => (b.trim() ? `${b.trimEnd()}\n\n${picked.body}` : picked.body));
            }}
          >
            <option value="">Choose a saved comment to use…</option>
            {saved.data.map((c) => (
              <option key={c.id} value={c.id}>
                {preview(c.body)}
              </option>
            ))}
          </select>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={submit} disabled={add.isPending}>
          {ReviewMessages.addComment}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={empty || save.isPending}
          onClick={() =>
            save.mutate(body, {
              onSuccess: () => toastSuccess('Saved to Saved Comments'),
              onError: (err) => setError(messageOf(err)),
            })
          }
        >
          <BookmarkPlusIcon aria-hidden="true" />
          {ReviewMessages.saveToBank}
        </Button>
        <Button size="sm" variant="outline" disabled={empty || reach === 0} onClick={() => setConfirmBroadcast(true)}>
          <UsersIcon aria-hidden="true" />
          Send to Same Code ({reach})
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="same-code-reach">
        {sameCode.isPending ? 'Looking for other students with the same code…' : ReviewMessages.sameCodeReach(reach)}
      </p>
      <ConfirmDialog
        open={confirmBroadcast}
        onOpenChange={setConfirmBroadcast}
        title={`Send to ${plural(reach, 'other student')}?`}
        description={`This comment goes at once to ${plural(reach, 'other student')} whose latest submission is the same code (comments and spacing aside): ${
          sameCode.data?.students.map((s) => s.name).join(', ') ?? ''
        }. Each is notified.`}
        confirmLabel="Send Now"
        pending={broadcast.isPending}
        onConfirm={() =>
          broadcast.mutate(
            { line, body },
            {
              onSuccess: ({ sent }) => {
                setConfirmBroadcast(false);
                toastSuccess(ReviewMessages.sameCodeSent(sent));
                // This student gets the comment too, as a draft of this review, sent with the rest of it.
                submit();
              },
              onError: (err) => {
                setConfirmBroadcast(false);
                setError(messageOf(err));
              },
            },
          )
        }
      >
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <SendIcon aria-hidden="true" className="size-4 shrink-0" />
          This student gets it too, as a draft comment sent with the rest of your feedback.
        </p>
      </ConfirmDialog>
    </div>
  );
}
