import type { AnalyticsResponse } from '@common/analytics';
import { LANGUAGE_LABELS } from '@common/practice';
import { CodeIcon, FileCode2Icon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatNumber, formatPercent, hardestTestText, NO_DATA, stuckExercises } from '../view-model';
import { EngagementCard, Metric, MetricList, ScrollRegion } from './parts';

const ExerciseWorkDialog = lazy(() => import('@web/widgets/practice/components/exercise-work-dialog'));

type Practice = AnalyticsResponse['practice'];
type ExerciseFigures = Practice['exercises'][number];

/** 'Students' Code' on an exercise's figures: opens who worked on it, and each one's latest code. */
function StudentsCodeButton({ x }: { x: ExerciseFigures }) {
  const [open, setOpen] = useState(false);
  if (x.tried === 0) return null;
  return (
    <>
      <Button variant="outline" size="sm" className="mt-1" aria-label={`Students' Code: ${x.exercise.title}`} onClick={() => setOpen(true)}>
        <FileCode2Icon aria-hidden="true" />
        Students&apos; Code
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExerciseWorkDialog exercise={x.exercise} lesson={x.lesson} open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

function ExerciseName({ x }: { x: ExerciseFigures }) {
  return (
    <span className="min-w-0 break-words">
      <span className="font-medium">{x.exercise.title}</span>{' '}
      <span className="text-xs text-muted-foreground">({LANGUAGE_LABELS[x.language]})</span>
      <span className="block text-xs text-muted-foreground">
        {x.course.title} · {x.lesson.title}
      </span>
    </span>
  );
}

/** Content Engagement: how much code students submit, and per exercise who tried and who passed. */
export function PracticeEngagementCard({ practice, period }: { practice: Practice; period: string }) {
  return (
    <EngagementCard
      icon={CodeIcon}
      title="Exercises"
      description="Students’ graded submissions of code. Per exercise, over all time: who tried, who passed, how many submissions passing took, the test failed most often (by its input), and the students’ code."
    >
      <MetricList className="sm:grid-cols-3">
        <Metric label={`Submissions (${period})`} value={formatNumber(practice.submissions)} />
        <Metric label={`Students submitting (${period})`} value={formatNumber(practice.studentsSubmitting)} />
        <Metric label="Exercises" value={formatNumber(practice.exercises.length)} />
      </MetricList>
      {practice.exercises.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">No lesson has an exercise yet.</p>
      ) : (
        <ScrollRegion label="Figures per exercise">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Figures per exercise</caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Exercise
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Tried
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Passed
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Submissions to pass (median)
                </th>
                <th scope="col" className="py-2 font-medium">
                  Failed most, and the students&apos; code
                </th>
              </tr>
            </thead>
            <tbody>
              {practice.exercises.map((x) => (
                <tr key={x.exercise.id} className="border-t align-top">
                  <td className="py-2 pr-3">
                    <ExerciseName x={x} />
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(x.tried)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {formatNumber(x.passed)}
                    {x.passRate !== null && <span className="block text-xs text-muted-foreground">{formatPercent(x.passRate)}</span>}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {x.medianSubmissionsToPass === null ? NO_DATA : formatNumber(x.medianSubmissionsToPass)}
                  </td>
                  <td className="py-2">
                    <span className="block [overflow-wrap:anywhere]">{hardestTestText(x)}</span>
                    <StudentsCodeButton x={x} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </EngagementCard>
  );
}

/** Drop-off: the exercises students tried and have not all passed, where they get stuck. */
export function PracticeStuckCard({ practice }: { practice: Practice }) {
  const stuck = stuckExercises(practice.exercises);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Exercises where students get stuck</h2>
        </CardTitle>
        <CardDescription>
          Exercises that some of the students who tried have not passed yet, the lowest pass rate first, with how many tried (n).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {stuck.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every student who tried an exercise has passed it.</p>
        ) : (
          <ol className="flex flex-col gap-3 text-sm">
            {stuck.map((x) => (
              <li key={x.exercise.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <ExerciseName x={x} />
                <span className="min-w-0 tabular-nums text-muted-foreground [overflow-wrap:anywhere]">
                  {formatPercent(x.passRate)} passed (n = {formatNumber(x.tried)}) · failed most: {hardestTestText(x)}
                </span>
                <StudentsCodeButton x={x} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
