import { AnalyticsRules, AnalyticsMessages, type AnalyticsResponse } from '@common/analytics';
import { LightbulbIcon, PartyPopperIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import {
  dropoffRows,
  dropoffSuggestions,
  formatMinutes,
  formatNumber,
  formatPercent,
  plural,
  sampleSize,
  severityTone,
  VERDICT_RULE,
} from '../view-model';
import { DropoffChart } from './charts';
import { EmptyPanel } from '@web/components/empty-panel';
import { Metric, MetricList, SampleBadge, VerdictRule } from './parts';
import { PracticeStuckCard } from './practice-figures';
import { QuizStuckCard } from './quiz-figures';

type Dropoff = AnalyticsResponse['dropoffAnalysis'][number];

const TYPE_LABELS = { VIDEO: 'Video', PDF: 'PDF', MIXED: 'Mixed' } as const;

export function DropoffTab({
  items,
  practice,
  quizzes,
}: {
  items: Dropoff[];
  practice: AnalyticsResponse['practice'];
  quizzes: AnalyticsResponse['quizzes'];
}) {
  return (
    <div className="flex flex-col gap-6">
      {items.length === 0 ? (
        <EmptyPanel icon={PartyPopperIcon}>{AnalyticsMessages.dropoffEmpty}</EmptyPanel>
      ) : (
        <LessonDropoffs items={items} />
      )}
      {practice.exercises.length > 0 && <PracticeStuckCard practice={practice} />}
      <QuizStuckCard quizzes={quizzes} />
    </div>
  );
}

function LessonDropoffs({ items }: { items: Dropoff[] }) {
  const rows = dropoffRows(items);
  const worst = items[0]!;
  return (
    <div className="flex flex-col gap-6">
      <VerdictRule />
      <Card>
        <CardContent className="pt-6">
          <DropoffChart
            rows={rows}
            summary={`${plural(items.length, 'lesson')} above ${AnalyticsRules.globalDropoffAbovePercent}% drop-off; the highest is ${worst.lesson.title} at ${formatNumber(worst.dropoffRate)}%.`}
          />
        </CardContent>
      </Card>
      <ol className="flex flex-col gap-4">
        {items.map((d) => (
          <li key={d.lesson.id}>
            <DropoffCard item={d} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function DropoffCard({ item: d }: { item: Dropoff }) {
  const verdict = severityTone(d.severity);
  const suggestions = dropoffSuggestions(d);
  const s = d.strugglingIndicators;
  const titleId = `dropoff-${d.lesson.id}`;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle asChild>
            <h2 id={titleId}>{d.lesson.title}</h2>
          </CardTitle>
          <SampleBadge tone={verdict.tone} n={d.studentsStarted}>
            {formatNumber(d.dropoffRate)}% dropoff · {sampleSize(d.studentsStarted)} · {verdict.label}
          </SampleBadge>
        </div>
        <CardDescription>
          {d.course.title} · Chapter: {d.chapter.title} · {TYPE_LABELS[d.lesson.lessonType]} lesson
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <MetricList className="sm:grid-cols-4">
          <Metric label="Students started" value={formatNumber(d.studentsStarted)} />
          <Metric label="Students completed" value={formatNumber(d.studentsCompleted)} />
          <Metric label="Recovery rate" value={formatPercent(s.recoveryRate)} hint="Share who return and finish after a week" />
          <Metric label="Stuck for over 7 days" value={formatNumber(s.strugglingStudents)} />
        </MetricList>
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
          <section aria-labelledby={`${titleId}-indicators`}>
            <h3 id={`${titleId}-indicators`} className="mb-2 text-sm font-semibold">
              Struggling indicators
            </h3>
            <dl className="flex flex-col gap-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Average time before dropoff</dt>
                <dd className="font-medium tabular-nums">{formatMinutes(s.timeSpentBeforeDropoff)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Share who return</dt>
                <dd className="font-medium tabular-nums">{formatPercent(s.recoveryRate)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Common exit points</dt>
                <dd>
                  {s.commonExitPoints.length === 0 ? (
                    <span className="text-muted-foreground">Nobody is part-way through this lesson.</span>
                  ) : (
                    <ul className="mt-1 flex flex-col gap-1">
                      {s.commonExitPoints.map((e) => (
                        <li key={e.point} className="flex justify-between gap-3">
                          <span>{e.label}</span>
                          <span className="tabular-nums text-muted-foreground">{plural(e.students, 'student')}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby={`${titleId}-suggestions`}>
            <h3 id={`${titleId}-suggestions`} className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
              <LightbulbIcon className="size-4" aria-hidden="true" />
              Improvement suggestions
            </h3>
            {suggestions.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Only {plural(d.studentsStarted, 'student')} started this lesson: too few for suggestions. {VERDICT_RULE}.
              </p>
            ) : (
              <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
                {suggestions.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </CardContent>
    </Card>
  );
}
