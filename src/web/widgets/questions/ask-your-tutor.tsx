import { QuestionMessages } from '@common/questions-texts';
import { LoaderCircleIcon, MessageCircleQuestionIcon, SendIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { useAskQuestion, useLatestAiConversation } from './api/lesson-questions';

export type AskYourTutorProps = {
  lessonId: string;
  /** The exercise asked about: the server attaches the student's latest result of it. */
  exerciseId?: string;
  /** The editor's current draft of that exercise, attached as it is now. */
  code?: string;
  /** The AI tutor conversation to offer attaching; without it the dialog looks up the student's latest one on the lesson. */
  aiConversationId?: string;
  className?: string;
  /** The question already written for the student (e.g. asking for another quiz attempt). */
  initialQuestion?: string;
  /** The button's words, when 'Ask Your Tutor' is not the best for where it sits. */
  label?: string;
  variant?: ButtonProps['variant'];
  /** Told the exercise's title, to say that the code goes with the question. */
  exerciseTitle?: string;
};

/**
 * 'Ask Your Tutor': a button that opens a dialog to write a question to the tutor (the person) about
 * the lesson. The exercise, the draft and its latest result go with it; the conversation with the AI
 * tutor only if the student ticks the box. The answer comes back on the lesson and by e-mail.
 */
export function AskYourTutorButton({
  lessonId,
  exerciseId,
  code,
  aiConversationId,
  className,
  initialQuestion = '',
  label = QuestionMessages.askButton,
  variant = 'outline',
  exerciseTitle,
}: AskYourTutorProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size="sm" className={className} onClick={() => setOpen(true)}>
        <MessageCircleQuestionIcon aria-hidden="true" />
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <AskDialog
            lessonId={lessonId}
            exerciseId={exerciseId}
            code={code}
            aiConversationId={aiConversationId}
            initialQuestion={initialQuestion}
            exerciseTitle={exerciseTitle}
            onDone={() => setOpen(false)}
          />
        )}
      </Dialog>
    </>
  );
}

function AskDialog({
  lessonId,
  exerciseId,
  code,
  aiConversationId,
  initialQuestion,
  exerciseTitle,
  onDone,
}: Omit<AskYourTutorProps, 'className' | 'label' | 'variant'> & { initialQuestion: string; onDone: () => void }) {
  const questionId = useId();
  const attachId = useId();
  const errorId = useId();
  const [body, setBody] = useState(initialQuestion);
  const [error, setError] = useState<string | null>(null);
  const latest = useLatestAiConversation(lessonId, !aiConversationId);
  const conversationId = aiConversationId ?? latest.data ?? null;
  // Offered ticked when the student starts from the AI tutor's panel: that conversation is why they ask.
  const [attach, setAttach] = useState(!!aiConversationId);
  const ask = useAskQuestion(lessonId);

  function send(e: FormEvent) {
    e.preventDefault();
    if (!body.trim()) return setError(QuestionMessages.bodyEmpty);
    setError(null);
    ask.mutate(
      {
        body,
        ...(exerciseId ? { exerciseId, code: code ?? '' } : {}),
        ...(attach && conversationId ? { aiConversationId: conversationId } : {}),
      },
      {
        onSuccess: () => {
          toast.success(QuestionMessages.sent);
          onDone();
        },
        onError: (err) => setError(isApiError(err) ? err.message : String(err)),
      },
    );
  }

  return (
    <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <DialogTitle>{QuestionMessages.dialogTitle}</DialogTitle>
      <DialogDescription>{QuestionMessages.dialogDescription}</DialogDescription>
      <form noValidate className="grid gap-4" onSubmit={send}>
        <div className="grid gap-2">
          <Label htmlFor={questionId}>{QuestionMessages.yourQuestion}</Label>
          <Textarea
            id={questionId}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoFocus
          />
          {exerciseId && exerciseTitle && (
            <p className="text-xs text-muted-foreground">{QuestionMessages.attachedExercise(exerciseTitle)}</p>
          )}
        </div>
        {conversationId && (
          <div className="flex items-start gap-2">
            <input
              id={attachId}
              type="checkbox"
              className="mt-0.5 size-4 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              checked={attach}
              onChange={(e) => setAttach(e.target.checked)}
            />
            <Label htmlFor={attachId} className="font-normal leading-snug">
              {QuestionMessages.attachConversation}
            </Label>
          </div>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={ask.isPending}>
            {ask.isPending ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            ) : (
              <SendIcon aria-hidden="true" />
            )}
            {ask.isPending ? QuestionMessages.sending : QuestionMessages.sendQuestion}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
