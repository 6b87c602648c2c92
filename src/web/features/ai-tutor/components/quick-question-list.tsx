import { SparklesIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

type Props = {
  questions: string[];
  disabled: boolean;
  onAsk: (q: string) => void;
  /** Once the chat has begun: one scrolling row, leaving the room to the messages. */
  compact: boolean;
};

/** The 3 quick questions of this lesson; one click asks it. */
export function QuickQuestionList({ questions, disabled, onAsk, compact }: Props) {
  return (
    <div
      role="group"
      aria-label="Quick questions"
      className={cn(
        'flex gap-2 px-3 pt-2 pb-1',
        compact ? 'overflow-x-auto [scrollbar-width:thin]' : 'overflow-x-auto [scrollbar-width:thin] md:flex-wrap md:overflow-visible',
      )}
    >
      {questions.map((q) => (
        <button
          key={q}
          type="button"
          disabled={disabled}
          onClick={() => onAsk(q)}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-input/60 bg-card px-3 py-1.5 text-left text-xs font-medium text-foreground transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-60"
        >
          <SparklesIcon className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
          {q}
        </button>
      ))}
    </div>
  );
}
