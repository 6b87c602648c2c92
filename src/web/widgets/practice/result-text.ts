import type { ExerciseLanguage, GradingModeName, SubmissionResult, TestOutcome } from '@common/practice';
import { plural } from '@web/lib/plural';

/** A JavaScript program is not compiled: its compile_error is a syntax error, and says so. */
export const SYNTAX_ERROR = 'Syntax error';

/** The summary line of a result in the words of its language ('Syntax error' for JavaScript, not 'Compilation failed'). */
export function summaryText(result: Pick<SubmissionResult, 'verdict' | 'summary'>, language?: ExerciseLanguage): string {
  if (result.verdict === 'compile_error' && language === 'javascript') return SYNTAX_ERROR;
  return result.summary;
}

/** What the compiler's (for JavaScript, the parser's) output is called. */
export const compileOutputLabel = (language?: ExerciseLanguage) => (language === 'javascript' ? 'Error output' : 'Compiler output');

/** '1 pt', '2 pts'. */
export const pointsText = (points: number) => plural(points, 'pt');

/** 'Score: 7 of 10 points'. */
export const scoreText = (score: { earned: number; total: number }) => `Score: ${score.earned} of ${plural(score.total, 'point')}`;

/** Whether tests carry points worth showing: some test is worth other than one point. */
export const carriesPoints = (tests: readonly { points?: number; custom?: boolean }[]) =>
  tests.some((t) => !t.custom && t.points !== undefined && t.points !== 1);

/** The score, when the result has one and its points are not simply one a test. */
export function shownScore(result: Pick<SubmissionResult, 'score' | 'tests' | 'totalCount'>): { earned: number; total: number } | null {
  const score = result.score;
  if (!score) return null;
  return carriesPoints(result.tests) || score.total !== result.totalCount ? score : null;
}

/**
 * A test row's title: the tutor's name for the test (a JUnit test's display name) when it has one; else 'Your input',
 * 'Hidden test 1' (counted among the hidden ones), 'Test 2'.
 */
export function testTitle(outcome: Pick<TestOutcome, 'custom' | 'hidden' | 'position' | 'name'>, hiddenIndex: number): string {
  if (outcome.custom) return 'Your input';
  const name = outcome.name?.trim();
  if (name) return name;
  return outcome.hidden ? `Hidden test ${hiddenIndex}` : `Test ${outcome.position}`;
}

/** How a row shows a test: a WebGL check (its sentence and message), a JUnit test (name and message), or input and output. */
export function rowKind(
  outcome: Pick<TestOutcome, 'custom' | 'status' | 'input' | 'actualOutput'>,
  language?: ExerciseLanguage,
  mode?: GradingModeName,
): 'check' | 'junit' | 'io' {
  if (outcome.custom) return 'io';
  if (language === 'webgl') return 'check';
  if (mode === 'junit') return 'junit';
  // Without the language (an older caller), a check is known by having no input and no output at all.
  return outcome.status === null && outcome.input === null && outcome.actualOutput === null ? 'check' : 'io';
}
