import { AI_TUTOR_MESSAGE_MAX_CHARS, AiTutorMessages } from '@common/ai-tutor';
import { SendHorizontalIcon } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/textarea';
import { MicButton } from '@web/widgets/media-helpers/components/mic-button';

type Props = {
  /** The lesson asked about: spoken questions are transcribed for it. */
  lessonId: string | null;
  disabled: boolean;
  onSend: (text: string) => boolean;
  /** A refused question handed back (a new id each time). */
  returnedDraft: { id: string; text: string } | null;
  /** A modest line under the hint, e.g. '12 questions left today'. */
  footnote?: string;
  inputRef: Ref<HTMLTextAreaElement>;
};

/** The question box: Enter sends, Shift+Enter breaks the line; it grows with its text up to a few lines. */
export function TutorComposer({ lessonId, disabled, onSend, returnedDraft, footnote, inputRef }: Props) {
  const [text, setText] = useState('');
  /** While a spoken question is recorded or transcribed: what the hint line says instead. */
  const [voiceStatus, setVoiceStatus] = useState<string | null>(null);
  const hintId = useId();
  const inputId = useId();
  const area = useRef<HTMLTextAreaElement | null>(null);

  useEffect(() => {
    if (returnedDraft) setText(returnedDraft.text);
  }, [returnedDraft]);

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 160)}px`;
  }, [text]);

  const send = () => {
    if (disabled || !text.trim()) return;
    if (onSend(text)) setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a word, Enter confirms the word, not the message.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  return (
    <form
      className="border-t bg-card p-3"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Your question
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={inputId}
          ref={(el) => {
            area.current = el;
            if (typeof inputRef === 'function') inputRef(el);
            else if (inputRef) inputRef.current = el;
          }}
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={AiTutorMessages.placeholder}
          maxLength={AI_TUTOR_MESSAGE_MAX_CHARS}
          disabled={disabled}
          aria-describedby={hintId}
          className="max-h-40 min-h-10 resize-none py-2"
        />
        {lessonId && (
          <MicButton
            lessonId={lessonId}
            disabled={disabled}
            onStatus={setVoiceStatus}
            onTranscript={(words) => {
              // Into the box, after anything typed already, for the student to check and send.
              setText((current) => (current.trim() ? `${current.trimEnd()} ${words}` : words).slice(0, AI_TUTOR_MESSAGE_MAX_CHARS));
              area.current?.focus();
            }}
          />
        )}
        <Button type="submit" size="icon" aria-label="Send message" disabled={disabled || !text.trim()}>
          <SendHorizontalIcon aria-hidden="true" />
        </Button>
      </div>
      <div className="mt-1.5 flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
        <p id={hintId} className={voiceStatus ? 'font-medium text-foreground' : undefined}>
          {voiceStatus ?? AiTutorMessages.hint}
        </p>
        {footnote && <p>{footnote}</p>}
      </div>
      {/* Screen readers hear each step of a spoken question once, not the clock. */}
      <p className="sr-only" role="status">
        {voiceStatus?.startsWith('Recording') ? 'Recording your question. Press Stop recording when you are done.' : voiceStatus}
      </p>
    </form>
  );
}
