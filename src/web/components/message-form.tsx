import { LoaderCircleIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';

type Props = {
  label: string;
  body: string;
  onBodyChange: (body: string) => void;
  /** Sends the text; the promise settles when the server answered. */
  send: (body: string) => Promise<unknown>;
  pending: boolean;
  /** Said when the text is empty, before anything is sent. */
  emptyMessage: string;
  button: { text: string; icon: ReactNode; size?: 'sm' | 'default'; variant?: 'default' | 'outline' };
  textareaRef?: Ref<HTMLTextAreaElement>;
  onSelect?: () => void;
  textareaClassName?: string;
  onSent?: () => void;
};

/**
 * A message in a conversation with the tutor: the tutor's reply on the Questions page and the student's follow-up
 * in the lesson are the same form. An empty text, or the server's refusal, is said under the box and read out.
 */
export function MessageForm(props: Props) {
  const { label, body, onBodyChange, send, pending, emptyMessage, button, textareaRef, onSelect, textareaClassName, onSent } = props;
  const id = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!body.trim()) return setError(emptyMessage);
    setError(null);
    send(body).then(
      () => {
        onBodyChange('');
        onSent?.();
      },
      (err: unknown) => setError(isApiError(err) ? err.message : String(err)),
    );
  }
  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        ref={textareaRef}
        className={cn(textareaClassName)}
        value={body}
        onChange={(e) => onBodyChange(e.target.value)}
        onSelect={onSelect}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" size={button.size} variant={button.variant} disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : button.icon}
          {button.text}
        </Button>
      </div>
    </form>
  );
}
