import type { OutputMatch } from '@common/practice';
import { cn } from '@web/lib/cn';
import { markDifference } from '../output-difference';

const pre =
  'max-h-64 overflow-auto rounded-md border bg-white p-2 font-mono text-xs leading-snug whitespace-pre-wrap break-words text-slate-900 dark:bg-slate-950 dark:text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Output as it was printed; an empty one says so in words. */
export function OutputBlock({ label, text }: { label: string; text: string | null }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <pre tabIndex={0} aria-label={label} className={pre}>
        {text === null || text === '' ? <span className="text-muted-foreground italic">(nothing)</span> : text}
      </pre>
    </div>
  );
}

/**
 * The student's output with the first difference from the expected one marked: the character
 * highlighted and, beside it, where it is in words (line and column), so the mark is not colour alone.
 */
export function ActualOutput({ expected, actual, match }: { expected: string; actual: string; match: OutputMatch }) {
  const marked = markDifference(expected, actual, match);
  if (!marked) return <OutputBlock label="Your output" text={actual} />;
  return (
    <div className="grid min-w-0 content-start gap-1">
      <p className="text-xs font-medium text-muted-foreground">Your output</p>
      <pre tabIndex={0} aria-label="Your output" className={pre}>
        {marked.before}
        <mark className="rounded-sm bg-amber-300 px-px text-slate-950 outline outline-1 outline-amber-700 dark:bg-amber-400">
          {marked.at === '' ? '␄' : marked.at}
        </mark>
        {marked.after}
      </pre>
      <p className="text-xs font-medium text-amber-800 dark:text-amber-300">{marked.description}</p>
    </div>
  );
}

/** Code to read, not to edit (a test's code, a support file): kept as written, with its label as its name. */
export function CodeBlock({ label, code, showLabel = true }: { label: string; code: string; showLabel?: boolean }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      {showLabel && <p className="text-xs font-medium text-muted-foreground">{label}</p>}
      <pre tabIndex={0} aria-label={label} translate="no" className={cn(pre, 'max-h-80 whitespace-pre break-normal')}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
