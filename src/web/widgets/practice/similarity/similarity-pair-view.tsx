import type { CodeRegion, SimilarityPairDetail } from '@common/similarity';
import { SimilarityMessages, similarityPercent } from '@common/similarity-texts';
import { useMemo, useRef, useState, type RefObject } from 'react';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { formatDate } from '@web/lib/format-date';
import { useSimilarityPair } from '../api/similarity';
import { fragmentLines } from './fragment-lines';

type Program = SimilarityPairDetail['left'];

const lineSpan = (r: CodeRegion) => (r.startRow === r.endRow ? `line ${r.startRow + 1}` : `lines ${r.startRow + 1}–${r.endRow + 1}`);

/** One program with its matching fragments highlighted and numbered beside their lines, in a scrolling pane. */
function ProgramPane({
  program,
  regions,
  selected,
  paneRef,
}: {
  program: Program;
  regions: CodeRegion[];
  selected: number | null;
  paneRef: RefObject<HTMLDivElement | null>;
}) {
  const { pieces, marks } = useMemo(() => fragmentLines(program.code, regions, selected), [program.code, regions, selected]);
  return (
    <section className="grid min-w-0 content-start gap-2" aria-label={`Code of ${program.student.name}`}>
      <header>
        <h3 className="font-semibold break-words">{program.student.name}</h3>
        <p className="text-xs text-muted-foreground">Submitted {formatDate(program.submittedAt)}</p>
      </header>
      <div
        ref={paneRef}
        tabIndex={0}
        role="region"
        aria-label={`Submitted code of ${program.student.name}`}
        className="relative max-h-[60vh] overflow-auto rounded-lg border bg-muted/30 py-2 font-mono text-xs leading-5"
      >
        {pieces.map((line, row) => {
          const m = marks[row]!;
          const inSelected = selected !== null && m.inside.includes(selected);
          return (
            <div
              key={row}
              className={cn('flex min-w-max', inSelected && 'bg-indigo-50 dark:bg-indigo-950/60')}
              data-fragment-start={m.starts.join(' ') || undefined}
            >
              <span className="w-9 shrink-0 pr-2 text-right text-muted-foreground select-none">{row + 1}</span>
              <span
                className={cn(
                  'w-9 shrink-0 border-l-2 pl-1 text-[0.7rem] font-semibold select-none',
                  m.inside.length ? 'border-amber-600 text-amber-800 dark:border-amber-400 dark:text-amber-200' : 'border-transparent',
                )}
              >
                {m.starts.length > 0 && (
                  <>
                    <span className="sr-only">Fragment </span>
                    {m.starts.join(',')}
                    <span className="sr-only"> starts</span>
                  </>
                )}
              </span>
              <span className="pr-3 whitespace-pre">
                {line.length === 0 && ' '}
                {line.map((piece, i) =>
                  piece.fragment === null ? (
                    <span key={i}>{piece.text}</span>
                  ) : (
                    <mark
                      key={i}
                      data-fragment={piece.fragment}
                      className={cn(
                        'text-foreground underline decoration-dotted underline-offset-2',
                        piece.fragment === selected
                          ? 'bg-indigo-200 decoration-solid dark:bg-indigo-700/70'
                          : 'bg-amber-100 dark:bg-amber-800/50',
                      )}
                    >
                      {piece.text}
                    </mark>
                  ),
                )}
              </span>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** Two students' programs side by side, with the fragments that match marked in both. */
export function SimilarityPairView({ exerciseId, pairId }: { exerciseId: string; pairId: string }) {
  const pair = useSimilarityPair(exerciseId, pairId);
  const [selected, setSelected] = useState<number | null>(null);
  const leftPane = useRef<HTMLDivElement>(null);
  const rightPane = useRef<HTMLDivElement>(null);
  const leftRegions = useMemo(() => pair.data?.fragments.map((f) => f.left) ?? [], [pair.data]);
  const rightRegions = useMemo(() => pair.data?.fragments.map((f) => f.right) ?? [], [pair.data]);

  if (pair.isPending) return <Spinner label="Loading the two programs…" showLabel className="py-10" />;
  if (pair.isError)
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        {SimilarityMessages.pairNotFound}
      </p>
    );
  const { left, right, fragments } = pair.data;

  // Brings a fragment's first line into view in both panes, scrolling the panes only (not the page).
  const show = (n: number) => {
    setSelected(n);
    for (const pane of [leftPane.current, rightPane.current]) {
      const line = pane?.querySelector<HTMLElement>(`[data-fragment-start~="${n}"]`);
      if (pane && line) pane.scrollTop = Math.max(0, line.offsetTop - 8);
    }
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        <h3 className="text-base font-semibold break-words">
          {left.student.name} and {right.student.name}: {similarityPercent(pair.data.pair.similarity)} matching code
        </h3>
        <p className="text-sm text-muted-foreground">{SimilarityMessages.pairIntro}</p>
      </div>
      {fragments.length > 0 && (
        <nav aria-label="Matching fragments">
          <ol className="flex flex-wrap gap-2">
            {fragments.map((f, i) => (
              <li key={i}>
                <button
                  type="button"
                  aria-pressed={selected === i + 1}
                  onClick={() => show(i + 1)}
                  className={cn(
                    'rounded-md border px-2 py-1 text-left text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    selected === i + 1
                      ? 'border-indigo-600 bg-indigo-50 font-semibold dark:border-indigo-400 dark:bg-indigo-950'
                      : 'hover:bg-muted',
                  )}
                >
                  <span className="font-semibold">Fragment {i + 1}</span>: {lineSpan(f.left)} and {lineSpan(f.right)}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <ProgramPane program={left} regions={leftRegions} selected={selected} paneRef={leftPane} />
        <ProgramPane program={right} regions={rightRegions} selected={selected} paneRef={rightPane} />
      </div>
    </div>
  );
}
