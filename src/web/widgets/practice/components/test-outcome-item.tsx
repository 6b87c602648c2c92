import type { ExerciseLanguage, GradingModeName, TestOutcome } from '@common/practice';
import { CheckCircle2Icon, TerminalIcon, XCircleIcon } from 'lucide-react';
import { pointsText, rowKind } from '../result-text';
import { Disclosure } from './disclosure';
import { ActualOutput, CodeBlock, OutputBlock } from './output-view';

type Props = {
  outcome: TestOutcome;
  /** The row's title: 'Test 2', 'Hidden test 1', 'Your input', or the test's own name (testTitle). */
  name: string;
  showHiddenDetails?: boolean;
  /** The exercise's language and grading: a WebGL check and a JUnit test are shown as such. */
  language?: ExerciseLanguage;
  mode?: GradingModeName;
  /** The exercise's tests carry points: each row says what it is worth ('2 pts'). */
  showPoints?: boolean;
};

/**
 * One test's outcome: passed or failed in words and by icon, then what the student may see of it. A row with input and
 * output folds behind a button with a chevron; it opens by itself for a failed test and for the student's own input.
 */
export function TestOutcomeItem({ outcome, name, showHiddenDetails = false, language, mode, showPoints = false }: Props) {
  const verdict = outcome.custom
    ? outcome.status === 'ok' || outcome.status === null
      ? 'ran'
      : 'stopped'
    : outcome.passed
      ? 'passed'
      : 'failed';
  // The student's own input has nothing to pass: it ran (a neutral mark) or it stopped (a failure's mark).
  const Icon = outcome.custom ? (verdict === 'ran' ? TerminalIcon : XCircleIcon) : outcome.passed ? CheckCircle2Icon : XCircleIcon;
  const iconColour =
    outcome.custom && verdict === 'ran'
      ? 'text-muted-foreground'
      : verdict === 'passed'
        ? 'text-green-700 dark:text-green-400'
        : 'text-red-700 dark:text-red-400';
  const heading = (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
      <Icon aria-hidden="true" className={`size-4 shrink-0 ${iconColour}`} />
      <span className="min-w-0 font-medium break-words">
        {name}: {verdict}
      </span>
      {showPoints && outcome.points !== undefined && !outcome.custom && (
        <span className="rounded-md bg-muted px-1.5 py-0.5 text-xs text-muted-foreground tabular-nums">{pointsText(outcome.points)}</span>
      )}
      {outcome.timeMs !== null && <span className="text-xs text-muted-foreground tabular-nums">{Math.round(outcome.timeMs)} ms</span>}
    </span>
  );
  const open = !outcome.hidden || showHiddenDetails;
  const kind = rowKind(outcome, language, mode);

  // A WebGL check has no input or output, only the sentence that says what it looks for and, when it fails, why.
  if (kind === 'check' && open) {
    return (
      <li className="rounded-lg border px-3 py-2 text-sm" data-testid="test-outcome">
        {heading}
        {outcome.expectedOutput && <p className="mt-1 text-muted-foreground">{outcome.expectedOutput}</p>}
        {outcome.message && !outcome.passed && <p className="mt-1 font-medium break-words">{outcome.message}</p>}
      </li>
    );
  }

  if (!open) {
    return (
      <li className="rounded-lg border px-3 py-2 text-sm" data-testid="test-outcome">
        {heading}
        {outcome.message && <p className="mt-1 text-muted-foreground">{outcome.message}</p>}
      </li>
    );
  }

  // A JUnit test: its display name and the assertion's message; what it printed folds below.
  if (kind === 'junit') {
    const printed = outcome.actualOutput || outcome.stderr;
    return (
      <li className="rounded-lg border px-3 py-2 text-sm" data-testid="test-outcome">
        {heading}
        {outcome.message && <p className="mt-1 font-mono text-xs whitespace-pre-wrap break-words">{outcome.message}</p>}
        {printed && (
          <Disclosure
            summary="Printed output"
            className="-mx-3 mt-1"
            buttonClassName="py-1.5 text-xs"
            panelClassName="grid gap-3 px-3 pt-1 pb-2"
          >
            {outcome.actualOutput && <OutputBlock label="Your output" text={outcome.actualOutput} />}
            {outcome.stderr && <OutputBlock label="Error output" text={outcome.stderr} />}
          </Disclosure>
        )}
      </li>
    );
  }

  const showExitCode = outcome.exitCode !== null && outcome.exitCode !== 0;
  const testCode = outcome.code?.trim() ? outcome.code : null;
  // A test that calls the student's functions may have no input of its own: then its code says it all.
  const showInput = outcome.input !== null && (outcome.input !== '' || !testCode);
  return (
    <li className="rounded-lg border text-sm" data-testid="test-outcome">
      <Disclosure summary={heading} defaultOpen={outcome.custom || !outcome.passed} panelClassName="grid gap-3 border-t px-3 py-3">
        {outcome.message && <p className="break-words">{outcome.message}</p>}
        {testCode && <CodeBlock label="Test Code" code={testCode} />}
        {showInput && <OutputBlock label="Input" text={outcome.input} />}
        <div className="grid gap-3 md:grid-cols-2">
          {outcome.expectedOutput !== null && <OutputBlock label="Expected output" text={outcome.expectedOutput} />}
          {outcome.expectedOutput !== null && outcome.actualOutput !== null && !outcome.passed ? (
            <ActualOutput expected={outcome.expectedOutput} actual={outcome.actualOutput} match={outcome.match ?? 'trailing_whitespace'} />
          ) : (
            <OutputBlock label="Your output" text={outcome.actualOutput} />
          )}
        </div>
        {outcome.stderr && <OutputBlock label="Error output" text={outcome.stderr} />}
        {showExitCode && <p className="text-xs text-muted-foreground">Exit code: {outcome.exitCode}</p>}
      </Disclosure>
    </li>
  );
}
