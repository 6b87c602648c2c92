import { PracticeMessages, type ExerciseLanguage, type GradingModeName, type SubmissionResult as Result } from '@common/practice';
import { AlertTriangleIcon, CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { carriesPoints, compileOutputLabel, scoreText, shownScore, summaryText, testTitle } from '../result-text';
import { TestOutcomeItem } from './test-outcome-item';

/**
 * The summary line ('All tests passed', 'N of M tests passed', 'Compilation failed', for JavaScript 'Syntax error'),
 * coloured by verdict and marked by icon, with the score when the tests carry points ('Score: 7 of 10 points'). A WebGL
 * picture that came from the student's browser (this server could not draw it) is said in the same line, in the
 * student's words or, `forTutor`, the tutor's.
 */
export function ResultSummary({
  result,
  kind,
  forTutor = false,
  language,
}: {
  result: Result;
  kind: string;
  forTutor?: boolean;
  language?: ExerciseLanguage;
}) {
  const passed = result.verdict === 'passed';
  const trouble = result.verdict === 'unavailable' || result.verdict === 'error';
  const Icon = passed ? CheckCircle2Icon : trouble ? AlertTriangleIcon : XCircleIcon;
  const score = shownScore(result);
  return (
    <p
      className={cn(
        'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold',
        passed
          ? 'border-green-300 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950/60 dark:text-green-100'
          : trouble
            ? 'border-warning-border bg-warning-bg text-warning-foreground'
            : 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span>
        <span className="sr-only">{kind}: </span>
        {summaryText(result, language)}
        {score && (
          <span className="block font-normal tabular-nums" data-testid="result-score">
            {scoreText(score)}
          </span>
        )}
        {result.pictureSource === 'browser' && (
          <span className="block font-normal">
            {forTutor ? PracticeMessages.pictureFromBrowserTutor : PracticeMessages.pictureFromBrowser}
          </span>
        )}
      </span>
      <span aria-hidden="true" className="ml-auto text-xs font-normal opacity-80">
        {kind}
      </span>
    </p>
  );
}

type Props = {
  result: Result;
  /** 'Run', 'Submitted', 'Reference solution': what was graded. */
  kind: string;
  /** The tutor sees a hidden test's data too (and the notes are worded for the tutor). */
  showHiddenDetails?: boolean;
  /** Off when the caller shows the summary line itself (the student's card, in its live region). */
  showSummary?: boolean;
  /** The exercise's language and grading: 'Syntax error' for JavaScript, WebGL checks and JUnit tests as such. */
  language?: ExerciseLanguage;
  mode?: GradingModeName;
  className?: string;
};

/** A graded run or submission: the summary line, the compiler's output, then each test. */
export function SubmissionResult({ result, kind, showHiddenDetails = false, showSummary = true, language, mode, className }: Props) {
  let hidden = 0;
  const outputLabel = compileOutputLabel(language);
  const showPoints = carriesPoints(result.tests) || !!shownScore(result);
  return (
    <section aria-label={`${kind}: result`} className={cn('grid gap-3', className)}>
      {showSummary && <ResultSummary result={result} kind={kind} forTutor={showHiddenDetails} language={language} />}

      {result.compileOutput && (
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">{outputLabel}</p>
          {result.diagnostics.length > 0 && (
            <ul className="grid gap-0.5 text-sm">
              {result.diagnostics.map((d, i) => (
                <li key={i}>
                  <span className="font-medium">
                    {/* A further file of the student's (Java) is named; the main file's lines are the editor's. */}
                    {d.file ? `${d.file}, line` : 'Line'} {d.line}
                    {d.column !== null ? `, column ${d.column}` : ''} ({d.severity}):
                  </span>{' '}
                  {d.message}
                </li>
              ))}
            </ul>
          )}
          <pre
            tabIndex={0}
            aria-label={outputLabel}
            className="max-h-64 overflow-auto rounded-md border bg-white p-2 font-mono text-xs leading-snug whitespace-pre-wrap text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-slate-950 dark:text-slate-100"
          >
            {result.compileOutput}
          </pre>
        </div>
      )}

      {result.tests.length > 0 && (
        <ul className="grid gap-2" aria-label="Tests">
          {result.tests.map((outcome) => {
            if (outcome.hidden) hidden += 1;
            return (
              <TestOutcomeItem
                key={`${outcome.custom ? 'c' : 't'}${outcome.position}`}
                outcome={outcome}
                name={
                  showHiddenDetails && outcome.hidden
                    ? `${outcome.name?.trim() || `Test ${outcome.position}`} (hidden)`
                    : testTitle(outcome, hidden)
                }
                showHiddenDetails={showHiddenDetails}
                language={language}
                mode={mode}
                showPoints={showPoints}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
