import type { QuizStats } from '@common/quizzes';

/** The tutor's figures of a quiz, from students' attempts: attempts, pass rate, average score, the hardest question. */
export function QuizStatsView({ stats }: { stats: QuizStats }) {
  if (stats.attempts === 0) return <p className="text-sm text-muted-foreground">No student has taken this quiz yet.</p>;
  const items: [string, string][] = [
    ['Attempts', String(stats.attempts)],
    ['Pass rate', stats.passRate === null ? '–' : `${stats.passRate}%`],
    ['Average score', stats.averageScore === null ? '–' : `${stats.averageScore}%`],
  ];
  return (
    <div className="grid gap-2 text-sm">
      <dl className="grid grid-cols-3 gap-2">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-lg border p-2.5">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {stats.hardestQuestion && (
        <p className="text-muted-foreground">
          Hardest question:{' '}
          <span className="font-medium text-foreground">
            {stats.hardestQuestion.position}. {stats.hardestQuestion.prompt}
          </span>{' '}
          ({stats.hardestQuestion.rightPercent}% answered right, n = {stats.hardestQuestion.answered})
        </p>
      )}
    </div>
  );
}
