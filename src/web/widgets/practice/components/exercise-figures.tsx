import type { ExerciseStats } from '@common/practice';
import { useExerciseReport } from '../api/get-exercise-report';

/** The hardest test in words: 'Test 3 (hidden), failed 5 times'. */
export function hardestTestText(stats: ExerciseStats): string {
  const t = stats.hardestTest;
  if (!t) return 'none failed';
  return `Test ${t.position}${t.hidden ? ' (hidden)' : ''}, failed ${t.failures} ${t.failures === 1 ? 'time' : 'times'}`;
}

/** An exercise's figures in one line: who tried, who passed, the median submissions to pass, the most-failed test. */
export function ExerciseFigures({ exerciseId }: { exerciseId: string }) {
  const report = useExerciseReport(exerciseId);
  if (report.isPending) return <p className="text-xs text-muted-foreground">Loading figures…</p>;
  if (report.isError) return <p className="text-xs text-muted-foreground">Figures unavailable.</p>;
  const { stats } = report.data;
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
