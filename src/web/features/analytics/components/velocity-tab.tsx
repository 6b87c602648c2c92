import { AnalyticsRules, AnalyticsMessages, type AnalyticsResponse, type EngagementTrend, type VelocityStudent } from '@common/analytics';
import { AlertTriangleIcon, DownloadIcon, GaugeIcon, MinusIcon, TrendingDownIcon, TrendingUpIcon, type LucideIcon } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { studentsCsvUrl } from '../api/get-analytics';
import { formatDate } from '@web/lib/format-date';
import { completionEstimate, formatNumber, formatSigned, plural, riskTone, TREND_LABELS, velocityNote } from '../view-model';
import { EmptyPanel } from '@web/components/empty-panel';
import { NudgeAtRiskButton } from './nudge-at-risk-button';
import { ToneBadge } from './parts';

type Velocity = AnalyticsResponse['learningVelocity'];

const TREND_ICONS: Record<EngagementTrend, LucideIcon> = { increasing: TrendingUpIcon, stable: MinusIcon, decreasing: TrendingDownIcon };
const TREND_BADGES = { increasing: 'green', stable: 'secondary', decreasing: 'rose' } as const;

export function VelocityTab({ velocity: v }: { velocity: Velocity }) {
  if (v.studentsWithEnrollments === 0) return <EmptyPanel icon={GaugeIcon}>{AnalyticsMessages.velocityEmpty}</EmptyPanel>;
  const shown = v.students.length;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(
            [
              ['Increasing', v.increasing],
              ['Stable', v.stable],
              ['Decreasing', v.decreasing],
              ['At risk', v.atRisk],
            ] as const
          ).map(([label, count]) => (
            <div key={label} className="rounded-lg border bg-card px-4 py-2">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatNumber(count)}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          <NudgeAtRiskButton
            students={v.students
              .filter((s) => s.riskFactors.length > 0)
              .map((s) => ({ id: s.student.id, name: `${s.student.firstName} ${s.student.lastName}` }))}
          />
          <Button asChild variant="outline">
            <a href={studentsCsvUrl} download>
              <DownloadIcon aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {shown < v.studentsWithEnrollments
          ? `The ${formatNumber(shown)} students most at risk of ${formatNumber(v.studentsWithEnrollments)}, most risk factors first; the CSV has all of them.`
          : `${plural(v.studentsWithEnrollments, 'student')} with enrollments, most risk factors first.`}{' '}
        Recent pace counts the last {AnalyticsRules.recentWindowHours / 24} days.
      </p>
      <p className="text-sm text-muted-foreground" data-testid="risk-rules">
        Risk factors, weighed only for a student with lessons left: <strong className="font-medium text-foreground">Low activity</strong>{' '}
        under {AnalyticsRules.lowActivityBelowPerWeek} lesson a week once enrolled {AnalyticsRules.riskHistoryDays} days;{' '}
        <strong className="font-medium text-foreground">Declining engagement</strong> when the recent pace is more than{' '}
        {AnalyticsRules.trendThreshold} lesson a week below the average;{' '}
        <strong className="font-medium text-foreground">Struggling with content</strong> when a course they started is under{' '}
        {AnalyticsRules.strugglingContentBelowPercent}% with no lesson completed in it for {AnalyticsRules.stalledAfterDays} days;{' '}
        <strong className="font-medium text-foreground">Overdue work</strong> {AnalyticsMessages.overdueWorkRule} A course not started yet
        is not a risk.
      </p>
      <ul aria-label="Students by learning velocity" className="grid grid-cols-1 gap-3 xl:grid-cols-2">
        {v.students.map((s) => (
          <li key={s.student.id}>
            <StudentCard student={s} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function StudentCard({ student: s }: { student: VelocityStudent }) {
  const TrendIcon = TREND_ICONS[s.engagementTrend];
  const name = `${s.student.firstName} ${s.student.lastName}`;
  const note = velocityNote(s);
  const risks = s.riskFactors.length;
  return (
    <Card role="group" aria-label={name} className="flex h-full flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{name}</p>
          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{s.student.email}</p>
        </div>
        <Badge variant={TREND_BADGES[s.engagementTrend]}>
          <TrendIcon aria-hidden="true" />
          {TREND_LABELS[s.engagementTrend]}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted-foreground">Courses enrolled</dt>
          <dd className="font-medium tabular-nums">{formatNumber(s.coursesEnrolled)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Lessons per week</dt>
          <dd className="font-medium tabular-nums">{formatNumber(s.averageLessonsPerWeek)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Acceleration</dt>
          <dd className="font-medium tabular-nums">{formatSigned(s.learningAcceleration)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Estimated completion</dt>
          <dd className="font-medium">{completionEstimate(s, formatDate)}</dd>
          <dd className="text-xs text-muted-foreground">{plural(s.lessonsLeft, 'lesson')} left</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-1.5 text-sm">
        <span className="text-xs text-muted-foreground">Risk factors:</span>
        {risks === 0 ? (
          <ToneBadge tone="green">None</ToneBadge>
        ) : (
          s.riskFactors.map((r) => (
            <ToneBadge key={r} tone={riskTone(risks)}>
              {r}
            </ToneBadge>
          ))
        )}
      </div>
      {note && (
        <Alert variant={note.kind === 'positive' ? 'success' : 'warning'} className="p-3">
          {note.kind === 'positive' ? <TrendingUpIcon aria-hidden="true" /> : <AlertTriangleIcon aria-hidden="true" />}
          <p>{note.text}</p>
        </Alert>
      )}
    </Card>
  );
}
