import { NO_TEST_FAILED, NOT_TRIED_YET, testLabel } from '@common/analytics-texts';
import type { ExerciseStats } from '@common/practice';
import { useExerciseReport } from '../api/get-exercise-report';

/**
 * The hardest test in words, named by what the tutor wrote for it: 'Test 3 (hidden): input “5 7”,
 * failed 5 times'. Before anyone submitted, there is nothing to say but that.
 */
export function hardestTestText(stats: ExerciseStats): string {
  if (stats.tried === 0) return NOT_TRIED_YET;
  const t = stats.hardestTest;
  if (!t) return NO_TEST_FAILED;
  return `${testLabel(t)}, failed ${t.failures} ${t.failures === 1 ? 'time' : 'times'}`;
}

/** An exercise's figures in one line: who tried, who passed, the median submissions to pass, the most-failed test. */
export function ExerciseFigures({ exerciseId }: { exerciseId: string }) {
  const report = useExerciseReport(exerciseId);
  if (report.isPending) return <p className="text-xs text-muted-foreground">Loading figures…</p>;
  if (report.isError) return <p className="text-xs text-muted-foreground">Figures unavailable.</p>;
  const { stats } = report.data;
  if (stats.tried === 0) return <p className="text-xs text-muted-foreground">{NOT_TRIED_YET}: no student has submitted code for it.</p>;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <div className="flex gap-1">
        <dt>Tried</dt>
        <dd className="font-semibold text-foreground tabular-nums">{stats.tried}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Passed</dt>
        <dd className="font-semibold text-foreground tabular-nums">{stats.passed}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Median submissions to pass</dt>
        <dd className="font-semibold text-foreground tabular-nums">{stats.medianSubmissionsToPass ?? '—'}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Most failed</dt>
        <dd className="font-semibold text-foreground">{hardestTestText(stats)}</dd>
      </div>
    </dl>
  );
}
