import { CalendarMessages } from '@common/calendar-texts';
import type { AdminExercise, Submission, SubmissionHistory as HistoryPage, SubmissionHistoryEntry } from '@common/practice';
import { codeLines } from '@common/reviews';
import { diffArrays } from 'diff';
import { AlertTriangleIcon, CheckIcon, ClockIcon, LoaderCircleIcon, UnfoldVerticalIcon, XIcon } from 'lucide-react';
import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { formatDate } from '@web/lib/format-date';
import { plural } from '@web/lib/plural';
import { useHistoryAttempt, useSubmissionHistory } from '../api/get-submission-history';
import { SubmittedFiles } from './further-files';
import { scoreText, summaryText } from '../result-text';
import { SubmissionReview } from '../reviews/submission-review';
import { Disclosure } from './disclosure';
import { SubmissionResult } from './submission-result';

// ---------- the line diff ----------

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string; before: number | null; after: number | null };

// A code's lines are counted one way everywhere: the review's line comments use the same rule.
export { codeLines };

/** How long the line diff may take before two very different codes are shown as one replaced by the other. */
const DIFF_TIMEOUT_MS = 1000;

/**
 * The lines of two codes, each marked as in both, removed (only in the older) or added (only in the newer), with its
 * number in each. `exact` is false when the codes were too different to compare line by line in time.
 */
export function lineDiff(before: string, after: string): { lines: DiffLine[]; exact: boolean } {
  const a = codeLines(before);
  const b = codeLines(after);
  const changes = diffArrays(a, b, { timeout: DIFF_TIMEOUT_MS });
  const parts = changes ?? [
    { value: a, added: false, removed: true },
    { value: b, added: true, removed: false },
  ];
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  for (const part of parts)
    for (const text of part.value) {
      if (part.added) lines.push({ kind: 'added', text, before: null, after: ++j });
      else if (part.removed) lines.push({ kind: 'removed', text, before: ++i, after: null });
      else lines.push({ kind: 'same', text, before: ++i, after: ++j });
    }
  return { lines, exact: changes !== undefined };
}

/** Unchanged lines shown around each change; longer stretches fold away. */
const CONTEXT = 3;

export type Block = { kind: 'lines'; lines: DiffLine[] } | { kind: 'fold'; lines: DiffLine[]; at: number };

/** The diff's lines in blocks: each change with its context, and the unchanged stretches between them folded. */
export function blocksOf(lines: DiffLine[]): Block[] {
  const near = lines.map(() => false);
  lines.forEach((line, i) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, i - CONTEXT); k <= Math.min(lines.length - 1, i + CONTEXT); k++) near[k] = true;
  });
  const blocks: Block[] = [];
  let shown: DiffLine[] = [];
  let i = 0;
  while (i < lines.length) {
    let end = i;
    while (end < lines.length && near[end] === near[i]) end++;
    const run = lines.slice(i, end);
    // A fold of a line or two would take as much room as the lines themselves.
    if (!near[i] && run.length > 2) {
      if (shown.length) blocks.push({ kind: 'lines', lines: shown });
      blocks.push({ kind: 'fold', lines: run, at: i });
      shown = [];
    } else shown.push(...run);
    i = end;
  }
  if (shown.length) blocks.push({ kind: 'lines', lines: shown });
  return blocks;
}

/** Side by side: each unchanged line beside itself, and the removed lines of a change beside the lines added there. */
export function pairsOf(lines: DiffLine[]): [DiffLine | null, DiffLine | null][] {
  const pairs: [DiffLine | null, DiffLine | null][] = [];
  let k = 0;
  while (k < lines.length) {
    if (lines[k]!.kind === 'same') {
      pairs.push([lines[k]!, lines[k]!]);
      k++;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (k < lines.length && lines[k]!.kind === 'removed') removed.push(lines[k++]!);
    while (k < lines.length && lines[k]!.kind === 'added') added.push(lines[k++]!);
    for (let n = 0; n < Math.max(removed.length, added.length); n++) pairs.push([removed[n] ?? null, added[n] ?? null]);
  }
  return pairs;
}

// ---------- words and marks ----------

const two = (n: number) => String(n).padStart(2, '0');

/** 'Mar 7, 2026, 14:05:09': the reader's day and time to the second, never rounded. */
export function exactTime(iso: string): string {
  const d = new Date(iso);
  return `${formatDate(iso)}, ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

const modeText = (mode: SubmissionHistoryEntry['mode']) => (mode === 'run' ? 'Run' : 'Submit');
const attemptText = (e: SubmissionHistoryEntry) => `attempt ${e.number} (${modeText(e.mode)}, ${exactTime(e.createdAt)})`;

/** The verdict as a badge: a word and an icon besides its colour. */
function VerdictBadge({ entry, language }: { entry: SubmissionHistoryEntry; language: AdminExercise['language'] }) {
  const { result } = entry;
  if (!result)
    return entry.status === 'queued' ? (
      <Badge variant="secondary">
        <ClockIcon aria-hidden="true" />
        Queued
      </Badge>
    ) : (
      <Badge variant="secondary">
        <LoaderCircleIcon aria-hidden="true" className="motion-safe:animate-spin" />
        Grading
      </Badge>
    );
  switch (result.verdict) {
    case 'passed':
      return (
        <Badge variant="green">
          <CheckIcon aria-hidden="true" />
          Passed
        </Badge>
      );
    case 'failed':
      return (
        <Badge variant="rose">
          <XIcon aria-hidden="true" />
          Failed
        </Badge>
      );
    case 'compile_error':
      return (
        <Badge variant="rose">
          <XIcon aria-hidden="true" />
          {language === 'javascript' ? 'Syntax error' : 'Compile error'}
        </Badge>
      );
    default:
      return (
        <Badge variant="amber">
          <AlertTriangleIcon aria-hidden="true" />
          {result.verdict === 'unavailable' ? 'Not graded' : 'Error'}
        </Badge>
      );
  }
}

const checkboxClasses =
  'mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

/** One attempt in the list; its checkbox's name starts 'Attempt N' and says the kind, verdict and time. */
function EntryRow({
  entry,
  inputId,
  chosen,
  onToggle,
  language,
}: {
  entry: SubmissionHistoryEntry;
  inputId: string;
  chosen: boolean;
  onToggle: (checked: boolean) => void;
  language: AdminExercise['language'];
}) {
  const r = entry.result;
  // The count or the reason, where the badge alone does not say it.
  const detail = r && r.verdict !== 'passed' && r.verdict !== 'compile_error' ? summaryText(r, language) : null;
  return (
    <li data-testid="history-attempt">
      <label
        htmlFor={inputId}
        className={cn(
          'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 transition-colors hover:bg-muted/60',
          chosen && 'border-primary bg-primary/5 dark:bg-primary/10',
        )}
      >
        <input id={inputId} type="checkbox" className={checkboxClasses} checked={chosen} onChange={(e) => onToggle(e.target.checked)} />
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium">Attempt {entry.number}</span>
            <Badge variant="outline">{modeText(entry.mode)}</Badge>
            <VerdictBadge entry={entry} language={language} />
            {entry.late && (
              <Badge variant="amber" data-testid="history-late">
                {CalendarMessages.lateShort(entry.late.daysLate, entry.late.penalty)}
              </Badge>
            )}
          </span>
          <span className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
            <time dateTime={entry.createdAt} className="tabular-nums">
              {exactTime(entry.createdAt)}
            </time>
            {detail && <span>{detail}</span>}
            {r?.score && <span className="tabular-nums">{scoreText(r.score)}</span>}
            {entry.late && entry.late.penalty > 0 && entry.late.score !== null && entry.late.rawScore !== null && (
              <span className="tabular-nums">{CalendarMessages.scoreAfterPenalty(entry.late.score, entry.late.rawScore)}</span>
            )}
            {entry.lessonCompleted && <span>Completed the lesson</span>}
          </span>
        </span>
      </label>
    </li>
  );
}

// ---------- the diff's table ----------

const WIDE = '(min-width: 64rem)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** Room for two codes side by side; a phone gets the unified diff. */
const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );

const tone = {
  same: '',
  added: 'bg-green-50 text-green-950 dark:bg-green-950/50 dark:text-green-50',
  removed: 'bg-red-50 text-red-950 dark:bg-red-950/50 dark:text-red-50',
} as const;
const signTone = {
  same: 'text-muted-foreground',
  added: 'text-green-700 dark:text-green-300',
  removed: 'text-red-700 dark:text-red-300',
} as const;
const sign = { same: ' ', added: '+', removed: '−' } as const;
const signWord = { same: '', added: 'Added: ', removed: 'Removed: ' } as const;
const numberCell = 'w-px px-2 text-right align-top whitespace-nowrap text-muted-foreground tabular-nums select-none';

/** A line of code with its sign (+ added, − removed), said in words to a screen reader. */
function CodeCell({ line }: { line: DiffLine | null }) {
  if (!line) return <td className="bg-muted/40" />;
  return (
    <td className={cn('px-1 align-top', tone[line.kind])}>
      <div className="flex">
        <span aria-hidden="true" className={cn('w-4 shrink-0 text-center font-bold select-none', signTone[line.kind])}>
          {sign[line.kind]}
        </span>
        <span className="min-w-0 flex-1 whitespace-pre-wrap [overflow-wrap:anywhere]">
          {signWord[line.kind] && <span className="sr-only">{signWord[line.kind]}</span>}
          {line.text || '\u00a0'}
        </span>
      </div>
    </td>
  );
}

function DiffTable({
  lines,
  layout,
  beforeName,
  afterName,
}: {
  lines: DiffLine[];
  layout: 'unified' | 'split';
  beforeName: string;
  afterName: string;
}) {
  const blocks = useMemo(() => blocksOf(lines), [lines]);
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const columns = layout === 'split' ? 4 : 3;
  return (
    <div
      role="region"
      tabIndex={0}
      aria-label={`Changes from ${beforeName} to ${afterName}`}
      className="max-h-[36rem] overflow-auto rounded-lg border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full border-collapse font-mono text-xs leading-5" data-testid="history-diff" data-layout={layout}>
        <caption className="sr-only">
          Lines of {beforeName} and {afterName}: a line marked − was removed, a line marked + was added.
        </caption>
        <thead className={cn('bg-muted/50 font-sans text-muted-foreground', layout === 'unified' && 'sr-only')}>
          {layout === 'split' ? (
            <tr>
              <th scope="colgroup" colSpan={2} className="px-2 py-1 text-left font-medium">
                {beforeName}
              </th>
              <th scope="colgroup" colSpan={2} className="border-l px-2 py-1 text-left font-medium">
                {afterName}
              </th>
            </tr>
          ) : (
            <tr>
              <th scope="col">Line in {beforeName}</th>
              <th scope="col">Line in {afterName}</th>
              <th scope="col">Code</th>
            </tr>
          )}
        </thead>
        <tbody>
          {blocks.map((block) => {
            if (block.kind === 'fold' && !unfolded.has(block.at))
              return (
                <tr key={`fold-${block.at}`} className="bg-muted/40">
                  <td colSpan={columns} className="px-2 py-0.5 font-sans">
                    <button
                      type="button"
                      className="inline-flex items-center gap-1.5 rounded px-1 text-xs text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:min-h-11"
                      onClick={() => setUnfolded((s) => new Set(s).add(block.at))}
                    >
                      <UnfoldVerticalIcon aria-hidden="true" className="size-3.5" />
                      Show {plural(block.lines.length, 'unchanged line')}
                    </button>
                  </td>
                </tr>
              );
            if (layout === 'split')
              return pairsOf(block.lines).map(([left, right]) => (
                <tr key={`${left?.before ?? 'n'}-${right?.after ?? 'n'}`}>
                  <td className={numberCell}>{left?.before}</td>
                  <CodeCell line={left} />
                  <td className={cn(numberCell, 'border-l')}>{right?.after}</td>
                  <CodeCell line={right} />
                </tr>
              ));
            return block.lines.map((line) => (
              <tr key={`${line.before ?? 'n'}-${line.after ?? 'n'}`}>
                <td className={numberCell}>{line.before}</td>
                <td className={numberCell}>{line.after}</td>
                <CodeCell line={line} />
              </tr>
            ));
          })}
        </tbody>
      </table>
    </div>
  );
}

// ---------- an attempt, and two compared ----------

function resultKind(s: Submission) {
  return s.mode === 'run' ? 'Run' : 'Submitted';
}

function AttemptResult({ submission, exercise }: { submission: Submission; exercise: AdminExercise }) {
  if (!submission.result) return <p className="text-sm text-muted-foreground">Not graded yet.</p>;
  return (
    <SubmissionResult
      result={submission.result}
      kind={resultKind(submission)}
      showHiddenDetails
      language={exercise.language}
      mode={exercise.mode}
    />
  );
}

function Loading({ what, query }: { what: string; query: { isPending: boolean; isError: boolean } }): ReactNode {
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        The code of {what} could not be loaded.
      </p>
    );
  return <Spinner label={`Loading the code of ${what}…`} showLabel className="py-6" />;
}

/** One attempt: its code, with the tutor's review on its lines once graded, and how it did. */
function AttemptView({ entry, exercise, studentId }: { entry: SubmissionHistoryEntry; exercise: AdminExercise; studentId: string }) {
  const attempt = useHistoryAttempt(exercise.id, studentId, entry.id);
  const name = `attempt ${entry.number}`;
  return (
    <div className="grid min-w-0 gap-3">
      <h4 className="text-sm font-semibold">Attempt {entry.number}</h4>
      {attempt.data ? (
        <>
          {/* A Java exercise's further files under the main one; the review's line comments are on the main file. */}
          <SubmittedFiles
            code={attempt.data.code}
            files={attempt.data.files}
            language={exercise.language}
            owner={`Code of ${name}`}
            main={
              attempt.data.status === 'done' ? (
                <SubmissionReview submissionId={attempt.data.id} code={attempt.data.code} name={name} />
              ) : undefined
            }
          />
          <AttemptResult submission={attempt.data} exercise={exercise} />
        </>
      ) : (
        <Loading what={name} query={attempt} />
      )}
    </div>
  );
}

/** Two attempts compared, the older one's code against the newer one's. */
function Comparison({
  older,
  newer,
  exercise,
  studentId,
}: {
  older: SubmissionHistoryEntry;
  newer: SubmissionHistoryEntry;
  exercise: AdminExercise;
  studentId: string;
}) {
  const before = useHistoryAttempt(exercise.id, studentId, older.id);
  const after = useHistoryAttempt(exercise.id, studentId, newer.id);
  const wide = useWide();
  const [preferred, setPreferred] = useState<'unified' | 'split'>('split');
  const layout = wide ? preferred : 'unified';
  const beforeCode = before.data?.code;
  const afterCode = after.data?.code;
  const diff = useMemo(
    () => (beforeCode !== undefined && afterCode !== undefined ? lineDiff(beforeCode, afterCode) : null),
    [beforeCode, afterCode],
  );
  const beforeName = `attempt ${older.number}`;
  const afterName = `attempt ${newer.number}`;
  const added = diff?.lines.filter((l) => l.kind === 'added').length ?? 0;
  const removed = diff?.lines.filter((l) => l.kind === 'removed').length ?? 0;
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="min-w-0 flex-1 text-sm font-semibold">
          Attempt {older.number} compared with attempt {newer.number}
        </h4>
        {wide && diff && (added > 0 || removed > 0) && (
          <div role="group" aria-label="Layout of the changes" className="inline-flex gap-1 rounded-lg border p-0.5">
            {(
              [
                ['split', 'Side by Side'],
                ['unified', 'Unified'],
              ] as const
            ).map(([value, label]) => (
              <Button
                key={value}
                size="sm"
                variant={preferred === value ? 'secondary' : 'ghost'}
                className="h-8"
                aria-pressed={preferred === value}
                onClick={() => setPreferred(value)}
              >
                {label}
              </Button>
            ))}
          </div>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        From {attemptText(older)} to {attemptText(newer)}.
      </p>
      {!diff ? (
        <Loading what={before.data ? afterName : beforeName} query={before.data ? after : before} />
      ) : added === 0 && removed === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-2 text-sm" data-testid="history-diff-summary">
          The code is the same in both attempts.
        </p>
      ) : (
        <>
          <p className="text-sm" data-testid="history-diff-summary">
            <span className="font-medium text-green-700 dark:text-green-400">+{plural(added, 'line')} added</span>,{' '}
            <span className="font-medium text-red-700 dark:text-red-400">−{plural(removed, 'line')} removed</span>
            {!diff.exact && ' (the codes are too different to compare line by line: shown as one replacing the other)'}
          </p>
          <DiffTable lines={diff.lines} layout={layout} beforeName={beforeName} afterName={afterName} />
        </>
      )}
      {before.data && after.data && (
        <div className="grid gap-1 rounded-lg border">
          {[
            { entry: older, submission: before.data },
            { entry: newer, submission: after.data },
          ].map(({ entry, submission }) => (
            <Disclosure
              key={entry.id}
              summary={<span className="text-sm font-medium">Result of attempt {entry.number}</span>}
              panelClassName="px-3 pb-3"
            >
              <AttemptResult submission={submission} exercise={exercise} />
            </Disclosure>
          ))}
        </div>
      )}
    </div>
  );
}

// ---------- the history ----------

type Props = { exercise: AdminExercise; studentId: string; name: string };

/**
 * A student's Runs and Submits of an exercise, newest first, for the tutor: each with its time, kind, verdict and score.
 * One chosen shows its code and result; two chosen show what changed from the older to the newer, line by line.
 */
export function SubmissionHistory(props: Props) {
  const history = useSubmissionHistory(props.exercise.id, props.studentId);
  if (history.isPending) return <Spinner label="Loading the submission history…" showLabel className="py-8" />;
  if (history.isError)
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        The submission history could not be loaded.
      </p>
    );
  return (
    <HistoryList
      {...props}
      pages={history.data.pages}
      older={{ has: history.hasNextPage, loading: history.isFetchingNextPage, fetch: history.fetchNextPage }}
    />
  );
}

type Older = {
  has: boolean;
  loading: boolean;
  fetch: () => Promise<{ data?: { pages: HistoryPage[] } }>;
};

function HistoryList({ exercise, studentId, name, pages, older }: Props & { pages: HistoryPage[]; older: Older }) {
  const idPrefix = useId();
  const headingId = useId();
  const entries = useMemo(() => [...new Map(pages.flatMap((p) => p.entries).map((e) => [e.id, e])).values()], [pages]);
  const { total, runsKeptDays } = pages[0]!;
  // At first the two newest are compared: what changed last.
  const [chosen, setChosen] = useState<string[]>(() => entries.slice(0, 2).map((e) => e.id));
  const [announcement, setAnnouncement] = useState('');
  const byId = new Map(entries.map((e) => [e.id, e]));
  const picked = chosen
    .map((id) => byId.get(id))
    .filter((e): e is SubmissionHistoryEntry => e !== undefined)
    .sort((a, b) => a.number - b.number);
  const inputId = (id: string) => `${idPrefix}-${id}`;

  const toggle = (entry: SubmissionHistoryEntry, checked: boolean) => {
    const next = checked ? [...chosen.filter((id) => id !== entry.id), entry.id].slice(-2) : chosen.filter((id) => id !== entry.id);
    const dropped = chosen.find((id) => !next.includes(id) && id !== entry.id);
    setChosen(next);
    const shown = next.map((id) => byId.get(id)!).sort((a, b) => a.number - b.number);
    setAnnouncement(
      [
        dropped && byId.get(dropped) ? `Attempt ${byId.get(dropped)!.number} is no longer chosen.` : '',
        shown.length === 2
          ? `Comparing attempt ${shown[0]!.number} with attempt ${shown[1]!.number}.`
          : shown.length === 1
            ? `Showing attempt ${shown[0]!.number}.`
            : 'No attempt chosen.',
      ]
        .filter(Boolean)
        .join(' '),
    );
  };

  const showOlder = async () => {
    const shownBefore = entries.length;
    const result = await older.fetch();
    const now = result.data?.pages.flatMap((p) => p.entries) ?? [];
    if (now.length > shownBefore) {
      setAnnouncement(`Showing ${now.length} of ${plural(total, 'attempt')}.`);
      // The button may go with the last page: the keyboard goes on at the first attempt loaded.
      requestAnimationFrame(() => document.getElementById(inputId(now[shownBefore]!.id))?.focus());
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3" data-testid="submission-history">
      <div className="grid gap-1">
        <h3 id={headingId} className="text-base font-semibold">
          Submission History
        </h3>
        <p className="text-sm text-muted-foreground">
          {total === 0
            ? `${name} has not run or submitted this exercise yet.`
            : `${plural(total, 'attempt')} by ${name}, Runs and Submits, newest first. Choose one to read its code, or two to compare them.`}{' '}
          Runs are kept for {runsKeptDays} days; Submits are kept.
        </p>
      </div>
      {total > 0 && (
        <>
          <ol
            aria-label={`Attempts of ${name}`}
            className="grid max-h-96 gap-2 overflow-y-auto rounded-lg p-0.5"
            data-testid="history-attempts"
          >
            {entries.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                inputId={inputId(entry.id)}
                chosen={chosen.includes(entry.id)}
                onToggle={(checked) => toggle(entry, checked)}
                language={exercise.language}
              />
            ))}
          </ol>
          <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
            <span>
              Showing {entries.length} of {plural(total, 'attempt')}.
            </span>
            {older.has && (
              <Button variant="outline" size="sm" onClick={() => void showOlder()} disabled={older.loading}>
                {older.loading ? 'Loading…' : 'Show Older Attempts'}
              </Button>
            )}
          </div>
          {picked.length === 2 ? (
            <Comparison
              key={`${picked[0]!.id}:${picked[1]!.id}`}
              older={picked[0]!}
              newer={picked[1]!}
              exercise={exercise}
              studentId={studentId}
            />
          ) : picked.length === 1 ? (
            <AttemptView key={picked[0]!.id} entry={picked[0]!} exercise={exercise} studentId={studentId} />
          ) : (
            <p className="text-sm text-muted-foreground">Choose an attempt to read its code, or two to compare them.</p>
          )}
        </>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
