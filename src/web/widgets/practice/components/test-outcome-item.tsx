import type { TestOutcome } from '@common/practice';
import { CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { ActualOutput, OutputBlock } from './output-view';

/** 'Test 2', 'Hidden test 1' (counted among the hidden ones), or 'Your input'. */
export function testName(outcome: TestOutcome, hiddenIndex: number): string {
  if (outcome.custom) return 'Your input';
  return outcome.hidden ? `Hidden test ${hiddenIndex}` : `Test ${outcome.position}`;
}

/** One test's outcome: passed or failed in words and by icon, then what the student may see of it. */
export function TestOutcomeItem({
  outcome,
  name,
  showHiddenDetails = false,
}: {
  outcome: TestOutcome;
  name: string;
  showHiddenDetails?: boolean;
}) {
  const verdict = outcome.custom
    ? outcome.status === 'ok' || outcome.status === null
      ? 'ran'
      : 'stopped'
    : outcome.passed
      ? 'passed'
      : 'failed';
  const good = outcome.custom ? verdict === 'ran' : outcome.passed;
  const Icon = good ? CheckCircle2Icon : XCircleIcon;
  const heading = (
    <span className="flex flex-wrap items-center gap-2">
      <Icon aria-hidden="true" className={good ? 'size-4 text-green-700 dark:text-green-400' : 'size-4 text-red-700 dark:text-red-400'} />
      <span className="font-medium">
        {name}: {verdict}
      </span>
      {outcome.timeMs !== null && <span className="text-xs text-muted-foreground tabular-nums">{Math.round(outcome.timeMs)} ms</span>}
    </span>
  );

  // A WebGL check has no input or output, only the sentence that says what it looks for.
  const canvasCheck = !outcome.custom && outcome.status === null && outcome.input === null && outcome.actualOutput === null;
  if (canvasCheck && (!outcome.hidden || showHiddenDetails)) {
    return (
      <li className="rounded-lg border px-3 py-2 text-sm">
        {heading}
        {outcome.expectedOutput && <p className="mt-1">{outcome.expectedOutput}</p>}
        {outcome.message && !outcome.passed && <p className="mt-1 text-muted-foreground">{outcome.message}</p>}
      </li>
    );
  }

  if (outcome.hidden && !showHiddenDetails) {
    return (
      <li className="rounded-lg border px-3 py-2 text-sm">
        {heading}
        {outcome.message && <p className="mt-1 text-muted-foreground">{outcome.message}</p>}
      </li>
    );
  }

  const showExitCode = outcome.exitCode !== null && outcome.exitCode !== 0;
  return (
    <li className="rounded-lg border text-sm">
      <details open={!outcome.passed} className="group">
        <summary className="cursor-pointer list-none rounded-lg px-3 py-2 hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
          {heading}
          <span className="sr-only"> (details)</span>
        </summary>
        <div className="grid gap-3 border-t px-3 py-3">
          {outcome.message && <p>{outcome.message}</p>}
          {outcome.input !== null && <OutputBlock label="Input" text={outcome.input} />}
          <div className="grid gap-3 md:grid-cols-2">
            {outcome.expectedOutput !== null && <OutputBlock label="Expected output" text={outcome.expectedOutput} />}
            {outcome.expectedOutput !== null && outcome.actualOutput !== null && !outcome.passed ? (
              <ActualOutput
                expected={outcome.expectedOutput}
                actual={outcome.actualOutput}
                match={outcome.match ?? 'trailing_whitespace'}
              />
            ) : (
              <OutputBlock label="Your output" text={outcome.actualOutput} />
            )}
          </div>
          {outcome.stderr && <OutputBlock label="Error output" text={outcome.stderr} />}
          {showExitCode && <p className="text-xs text-muted-foreground">Exit code: {outcome.exitCode}</p>}
        </div>
      </details>
    </li>
  );
}
