import { ReviewMessages } from '@common/reviews';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Markdown } from '@web/components/markdown';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toastFailure } from '@web/lib/notify';
import { plural } from '@web/lib/plural';
import { useDeleteSavedComment, useSavedComments } from '../api/reviews';
import { Disclosure } from '../components/disclosure';

/** The tutor's 'Saved Comments', to read and delete; they are picked from when writing a comment. */
export function SavedCommentsBank() {
  const [open, setOpen] = useState(false);
  const saved = useSavedComments(open);
  const remove = useDeleteSavedComment();
  return (
    <div className="rounded-lg border" onClickCapture={() => setOpen(true)} onFocusCapture={() => setOpen(true)}>
      <Disclosure summary={<span className="text-sm font-medium">{ReviewMessages.savedComments}</span>} panelClassName="px-3 pb-3">
        {saved.isPending ? (
          <Spinner label="Loading saved comments…" showLabel className="py-3" />
        ) : !saved.data?.length ? (
          <p className="text-sm text-muted-foreground">
            No saved comments yet. Write a comment and press {ReviewMessages.saveToBank} to keep it for later.
          </p>
        ) : (
          <>
            <p className="mb-2 text-xs text-muted-foreground">{plural(saved.data.length, 'saved comment')}.</p>
            <ul className="grid gap-2" data-testid="saved-comments">
              {saved.data.map((c) => (
                <li key={c.id} className="flex items-start gap-2 rounded-lg border bg-card p-2">
                  <Markdown markdown={c.body} headingsBelow={5} className="min-w-0 flex-1 text-sm" />
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete saved comment: ${c.body.slice(0, 60)}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(c.id, { onError: (err) => toastFailure(err, 'The saved comment could not be deleted.') })}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </Disclosure>
    </div>
  );
}
