import { AnalyticsRules, AnalyticsMessages, type AnalyticsResponse } from '@common/analytics';
import { RouteIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { chapterRows, difficultyTone, formatNumber, formatPercent, NO_DATA, plural, sampleSize, severityTone } from '../view-model';
import { ChapterChart } from './charts';
import { EmptyPanel } from '@web/components/empty-panel';
import { Metric, MetricList, SampleBadge, ToneBar, toneText, VerdictRule } from './parts';

type Path = AnalyticsResponse['learningPathInsights'][number];

export function LearningPathsTab({ paths }: { paths: Path[] }) {
  if (paths.length === 0) return <EmptyPanel icon={RouteIcon}>{AnalyticsMessages.learningPathsEmpty}</EmptyPanel>;
  return (
    <div className="flex flex-col gap-6">
      <VerdictRule />
      {paths.map((p) => (
        <PathCard key={p.course.id} path={p} />
      ))}
    </div>
  );
}

function chapterSummary(p: Path): string {
  const scored = p.difficultyProgression.filter((c) => c.difficultyScore !== null);
  if (scored.length === 0) return 'Too few students yet for a difficulty verdict on any chapter.';
  const hardest = scored.reduce((a, b) => ((b.difficultyScore ?? 0) > (a.difficultyScore ?? 0) ? b : a));
  return `${plural(p.difficultyProgression.length, 'chapter')}; the hardest is ${hardest.chapter.title} (difficulty ${hardest.difficultyScore} out of 100, ${hardest.completionRate}% of started lessons completed).`;
}

function PathCard({ path: p }: { path: Path }) {
  return (
    <Card role="region" aria-labelledby={`path-${p.course.id}`}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={`path-${p.course.id}`}>{p.course.title}</h2>
        </CardTitle>
        <CardDescription>{plural(p.enrollmentCount, 'enrollment')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <MetricList className="sm:grid-cols-3">
          <Metric
            label="Average completion time"
            value={p.averageCompletionTimeDays === null ? NO_DATA : `${formatNumber(p.averageCompletionTimeDays)} days`}
            hint="From enrollment to the last lesson, over finished enrollments"
          />
          <Metric
            label="Lessons in the optimal sequence"
            value={formatNumber(p.lessonsInSequence)}
            hint="Chapters, then lessons, in course order"
          />
          <Metric
            label="Dropoff points"
            value={formatNumber(p.dropoffPointCount)}
            hint={`Lessons above ${AnalyticsRules.courseDropoffAbovePercent}% drop-off`}
          />
        </MetricList>

        <section aria-labelledby={`dropoffs-${p.course.id}`}>
          <h3 id={`dropoffs-${p.course.id}`} className="mb-2 text-sm font-semibold">
            Critical dropoff points
          </h3>
          {p.commonDropoffPoints.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No lesson of this course is above {AnalyticsRules.courseDropoffAbovePercent}% drop-off.
            </p>
          ) : (
            <ul className="flex flex-col divide-y rounded-lg border">
              {p.commonDropoffPoints.map((d) => {
                const verdict = severityTone(d.severity);
                return (
                  <li key={d.lesson.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                    <div className="min-w-0">
                      <p className="font-medium">{d.lesson.title}</p>
                      <p className="text-xs text-muted-foreground">Chapter: {d.chapter.title}</p>
                    </div>
                    <div className="flex shrink-0 flex-wrap items-center gap-2 text-sm">
                      <SampleBadge tone={verdict.tone} n={d.studentsStarted}>
                        {formatNumber(d.dropoffRate)}% dropoff · {sampleSize(d.studentsStarted)} · {verdict.label}
                      </SampleBadge>
                      <span className="text-muted-foreground">{plural(d.studentsAffected, 'student')} affected</span>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section aria-labelledby={`difficulty-${p.course.id}`} className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <div>
            <h3 id={`difficulty-${p.course.id}`} className="mb-2 text-sm font-semibold">
              Chapter difficulty progression
            </h3>
            <ol className="flex flex-col gap-4">
              {p.difficultyProgression.map((c) => {
                const tone = difficultyTone(c.difficultyScore);
                return (
                  <li key={c.chapter.id}>
                    <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                      <span className="min-w-0 font-medium [overflow-wrap:anywhere]">
                        {c.order}. {c.chapter.title}
                      </span>
                      <span className="text-muted-foreground">
                        Completion {formatPercent(c.completionRate)} · {sampleSize(c.students)} ·{' '}
                        <span data-sample={c.students} className={tone ? `font-semibold ${toneText[tone]}` : undefined}>
                          Difficulty{' '}
                          {c.difficultyScore !== null ? `${c.difficultyScore}/100` : c.completionRate === null ? NO_DATA : 'no verdict yet'}
                        </span>
                      </span>
                    </div>
                    {tone && c.difficultyScore !== null ? (
                      <ToneBar
                        value={c.difficultyScore}
                        tone={tone}
                        label={`Difficulty of ${c.chapter.title}: ${c.difficultyScore} out of 100`}
                      />
                    ) : (
                      <div className="h-2 rounded-full bg-muted" />
                    )}
                    <p className="mt-1 text-xs text-muted-foreground">
                      {plural(c.lessons, 'lesson')} · {plural(c.studentsStarted, 'lesson start')} · {plural(c.students, 'student')} on its
                      most-started lesson
                    </p>
                  </li>
                );
              })}
            </ol>
          </div>
          {p.difficultyProgression.some((c) => c.difficultyScore !== null) && (
            <ChapterChart rows={chapterRows(p)} toneOf={difficultyTone} summary={chapterSummary(p)} />
          )}
        </section>
      </CardContent>
    </Card>
  );
}
