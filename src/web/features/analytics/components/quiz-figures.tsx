import type { AnalyticsResponse } from '@common/analytics';
import { ClipboardCheckIcon, ListChecksIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatNumber, formatPercent, hardestQuestionText, sampleSize } from '../view-model';
import { EngagementCard, Metric, MetricList, ScrollRegion } from './parts';

const QuizAttemptsDialog = lazy(() => import('@web/widgets/quizzes/components/quiz-attempts-dialog'));

type Quizzes = AnalyticsResponse['quizzes'];
type QuizFigures = Quizzes['quizzes'][number];

/** The hardest question by its text; the whole text is its tooltip. */
function Hardest({ q }: { q: QuizFigures }) {
  return (
    <span className="block [overflow-wrap:anywhere]" title={q.hardestQuestion?.prompt}>
      {hardestQuestionText(q)}
    </span>
  );
}

/** 'Students' Attempts' on a quiz's figures: each student's attempts, best score and standing. */
function StudentsAttemptsButton({ q }: { q: QuizFigures }) {
  const [open, setOpen] = useState(false);
  if (q.attempts === 0) return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="mt-1"
        aria-label={`Students' Attempts: ${q.lesson.title}`}
        onClick={() => setOpen(true)}
      >
        <ListChecksIcon aria-hidden="true" />
        Students&apos; Attempts
      </Button>
      {open && (
        <Suspense fallback={null}>
          <QuizAttemptsDialog quizId={q.quizId} lesson={q.lesson} course={q.course} open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

function QuizName({ q }: { q: QuizFigures }) {
  return (
    <span className="min-w-0 break-words">
      <span className="font-medium">{q.lesson.title}</span>
      <span className="block text-xs text-muted-foreground">{q.course.title}</span>
    </span>
  );
}

/** Content Engagement: quiz attempts in the period, and per quiz its attempts, pass rate, average score and hardest question. */
export function QuizEngagementCard({ quizzes, period }: { quizzes: Quizzes; period: string }) {
  return (
    <EngagementCard
      icon={ClipboardCheckIcon}
      title="Quizzes"
      description="Students’ graded attempts in the period. Per quiz: attempts, the share of students who passed, the average score, and the question answered right least often."
    >
      <MetricList className="sm:grid-cols-3">
        <Metric label={`Attempts (${period})`} value={formatNumber(quizzes.attempts)} />
        <Metric label={`Students attempting (${period})`} value={formatNumber(quizzes.studentsAttempting)} />
        <Metric label="Quizzes" value={formatNumber(quizzes.quizzes.length)} />
      </MetricList>
      {quizzes.quizzes.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">No lesson has a quiz yet.</p>
      ) : (
        <ScrollRegion label="Figures per quiz">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Figures per quiz</caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Quiz (lesson)
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Attempts
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Pass rate
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Average score
                </th>
                <th scope="col" className="py-2 font-medium">
                  Hardest question, and the students&apos; attempts
                </th>
              </tr>
            </thead>
            <tbody>
              {quizzes.quizzes.map((q) => (
                <tr key={q.quizId} className="border-t align-top">
                  <td className="py-2 pr-3">
                    <QuizName q={q} />
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(q.attempts)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {formatPercent(q.passRate)}
                    <span className="block text-xs text-muted-foreground">{sampleSize(q.students)}</span>
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatPercent(q.averageScore)}</td>
                  <td className="py-2">
                    <Hardest q={q} />
                    <StudentsAttemptsButton q={q} />
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

/** Drop-off: the quizzes students try and have not all passed, the lowest pass rate first. */
export function QuizStuckCard({ quizzes }: { quizzes: Quizzes }) {
  const stuck = quizzes.quizzes
    .filter((q) => q.passRate !== null && q.passRate < 100)
    .sort((a, b) => a.passRate! - b.passRate! || b.students - a.students);
  if (stuck.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Quizzes where students get stuck</h2>
        </CardTitle>
        <CardDescription>
          Quizzes that some of the students who tried have not passed yet, the lowest pass rate first, with how many tried (n) and the
          hardest question.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-3 text-sm">
          {stuck.map((q) => (
            <li key={q.quizId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <QuizName q={q} />
              <span className="min-w-0 tabular-nums text-muted-foreground">
                {formatPercent(q.passRate)} passed (n = {formatNumber(q.students)})
                <Hardest q={q} />
              </span>
              <StudentsAttemptsButton q={q} />
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
