import { SparklesIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

type Props = {
  questions: string[];
  disabled: boolean;
  onAsk: (q: string) => void;
  /** Once the chat has begun: one scrolling row, leaving the room to the messages. */
  compact: boolean;
};

const scrolling = 'overflow-x-auto pr-10 [scrollbar-width:thin] [mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]';

/** The 3 quick questions of this lesson; one click asks it. */
export function QuickQuestionList({ questions, disabled, onAsk, compact }: Props) {
  return (
    <div
      role="group"
      aria-label="Quick questions"
      // A row that scrolls fades out at its right edge (and leaves room past the last chip), so a cut-off chip reads as "more".
      // Disabled chips cannot take the focus that scrolls a row by keyboard, so then the row wraps instead of scrolling.
      className={cn(
        'flex gap-2 px-3 pt-2 pb-1',
        disabled ? 'flex-wrap' : scrolling,
        !compact && !disabled && 'md:flex-wrap md:overflow-visible md:pr-3 md:[mask-image:none]',
      )}
    >
      {questions.map((q) => (
        <button
          key={q}
          type="button"
          disabled={disabled}
          onClick={() => onAsk(q)}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full max-md:min-h-11 border border-input/60 bg-card px-3 py-1.5 text-left text-xs font-medium text-foreground transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-60"
        >
          <SparklesIcon className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
          {q}
        </button>
      ))}
    </div>
  );
}
