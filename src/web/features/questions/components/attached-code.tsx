import type { ElementContent, Root } from 'hast';
import { QuoteIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { CODE_TOKEN_COLOURS, highlightCode } from '@web/components/highlight-code';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { linesOf } from '../code-lines';
import { QuestionMessages } from '@common/questions';

function render(nodes: ElementContent[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return null;
    const className = Array.isArray(node.properties.className) ? node.properties.className.join(' ') : undefined;
    return (
      <span key={i} className={className}>
        {render(node.children)}
      </span>
    );
  });
}

export type LineRange = { from: number; to: number };

/**
 * The code a student attached, highlighted and with line numbers. Each number is a button: pressing
 * it selects the line, pressing another with Shift held selects the lines between; 'Quote Selected
 * Lines' hands them on, to be put into the reply as a quoted code block.
 */
export function AttachedCode({ code, language, onQuote }: { code: string; language: string; onQuote: (range: LineRange) => void }) {
  const lines = useMemo(() => {
    const tree: Root | null = highlightCode(code, language);
    return tree
      ? linesOf(tree.children as ElementContent[])
      : code.split('\n').map((l): ElementContent[] => (l ? [{ type: 'text', value: l }] : []));
  }, [code, language]);
  const [range, setRange] = useState<LineRange | null>(null);
  const selected = (n: number) => !!range && n >= Math.min(range.from, range.to) && n <= Math.max(range.from, range.to);

  function pick(n: number, extend: boolean) {
    if (extend && range) return setRange({ from: range.from, to: n });
    setRange(range && range.from === n && range.to === n ? null : { from: n, to: n });
  }

  return (
    <div className="grid gap-2">
      <div
        className={cn(
          'max-h-[28rem] overflow-auto rounded-lg border bg-white font-mono text-[0.8rem] leading-6 text-slate-900 dark:bg-slate-950 dark:text-slate-100',
          CODE_TOKEN_COLOURS,
        )}
        data-testid="attached-code"
      >
        <div className="min-w-max py-2">
          {lines.map((line, i) => {
            const n = i + 1;
            const on = selected(n);
            return (
              <div key={n} className={cn('flex', on && 'bg-amber-100 dark:bg-amber-900/40')}>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={`Line ${n}`}
                  onClick={(e) => pick(n, e.shiftKey)}
                  className={cn(
                    'sticky left-0 w-12 shrink-0 select-none border-r pr-2 text-right tabular-nums focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                    on
                      ? 'bg-amber-200 font-semibold text-slate-900 dark:bg-amber-800 dark:text-white'
                      : 'bg-slate-50 text-slate-600 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-400 dark:hover:bg-slate-800',
                  )}
                >
                  {n}
                </button>
                <code className="whitespace-pre px-3">{line.length ? render(line) : ' '}</code>
              </div>
            );
          })}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!range}
          onClick={() => {
            if (!range) return;
            onQuote(range);
            setRange(null);
          }}
        >
          <QuoteIcon aria-hidden="true" />
          {QuestionMessages.quoteLines}
        </Button>
        <p className="text-xs text-muted-foreground">
          {range
            ? QuestionMessages.linesSelected(Math.min(range.from, range.to), Math.max(range.from, range.to))
            : QuestionMessages.selectLinesHint}
        </p>
      </div>
    </div>
  );
}
