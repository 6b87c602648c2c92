import { CalendarMessages as M, LATE_POLICIES, type LatePolicy } from '@common/calendar';
import type { Course } from '@common/courses';
import { LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useUpdateCourse } from '../api/update-course';

type Settings = Pick<
  Course,
  'id' | 'latePolicy' | 'latePenaltyPerDay' | 'latePenaltyCap' | 'hiddenTestsAfterDue' | 'exercisesWeight' | 'quizzesWeight'
>;
type Values = { latePolicy: LatePolicy; perDay: string; cap: string; hiddenTests: boolean; exercises: string; quizzes: string };

const valuesOf = (c: Settings | undefined): Values => ({
  latePolicy: c?.latePolicy ?? 'accept',
  perDay: String(c?.latePenaltyPerDay ?? 10),
  cap: String(c?.latePenaltyCap ?? 50),
  hiddenTests: c?.hiddenTestsAfterDue ?? false,
  exercises: String(c?.exercisesWeight ?? 50),
  quizzes: String(c?.quizzesWeight ?? 50),
});
const same = (a: Values, b: Values) => (Object.keys(a) as (keyof Values)[]).every((k) => String(a[k]).trim() === String(b[k]).trim());
const whole = (text: string, max: number) => /^\d+$/.test(text.trim()) && Number(text) <= max;

/** What the browser can tell before the server checks everything again (the same messages). */
function problemOf(v: Values): string | null {
  if (v.latePolicy === 'penalty' && !(whole(v.perDay, 100) && whole(v.cap, 100))) return M.penaltyInvalid;
  if (!(whole(v.exercises, 1000) && whole(v.quizzes, 1000)) || Number(v.exercises) + Number(v.quizzes) === 0) return M.weightInvalid;
  return null;
}

/**
 * 'Late Submissions', 'Show Hidden Tests After the Due Date' and the gradebook's weights of a course: one form with
 * its own button (the editor's save model). The penalty's figures are kept while another rule is chosen, so a tutor
 * who tries 'Closed' and comes back finds them as they were.
 */
export function CourseLateGradingCard({
  course,
  onDirtyChange,
}: {
  course: Settings | undefined;
  /** Told when the form starts or stops differing from what is saved: the editor's save status says so on every tab. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const ids = {
    policy: useId(),
    policyHint: useId(),
    perDay: useId(),
    cap: useId(),
    hidden: useId(),
    hiddenHint: useId(),
    exercises: useId(),
    quizzes: useId(),
    weightsHint: useId(),
    error: useId(),
  };
  const saved = valuesOf(course);
  const [values, setValues] = useState<Values>(saved);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCourse();
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(null);
  };
  const disabled = !course;
  const dirty = !same(values, saved);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!course || update.isPending) return;
    const problem = problemOf(values);
    setError(problem);
    if (problem) return;
    update.mutate(
      {
        courseId: course.id,
        latePolicy: values.latePolicy,
        // Under another rule the penalty's figures go when they are figures, and stay as stored when not.
        ...(whole(values.perDay, 100) && whole(values.cap, 100)
          ? { latePenaltyPerDay: Number(values.perDay), latePenaltyCap: Number(values.cap) }
          : {}),
        hiddenTestsAfterDue: values.hiddenTests,
        exercisesWeight: Number(values.exercises),
        quizzesWeight: Number(values.quizzes),
      },
      {
        onSuccess: () => toastSuccess('Late work and grading saved'),
        onError: (err) => toastFailure(err, 'Failed to save the setting'),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{M.lateAndGrading}</CardTitle>
        <CardDescription>
          {course
            ? 'What work after its due date gets, and how the gradebook totals the course.'
            : 'Create the course first to choose these.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={M.lateAndGrading}>
          <fieldset className="grid gap-3" aria-describedby={ids.policyHint} disabled={disabled}>
            <legend className="mb-1 text-sm font-medium">{M.lateSubmissions}</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-5">
              {LATE_POLICIES.map((policy) => (
                <label key={policy} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={ids.policy}
                    className="size-4 accent-primary"
                    checked={values.latePolicy === policy}
                    onChange={() => set({ latePolicy: policy })}
                  />
                  {M.latePolicyLabels[policy]}
                </label>
              ))}
            </div>
            {values.latePolicy === 'penalty' && (
              <div className="grid gap-3 sm:grid-cols-2 sm:max-w-md">
                <div className="grid gap-2">
                  <Label htmlFor={ids.perDay}>{M.penaltyPerDay}</Label>
                  <Input id={ids.perDay} inputMode="numeric" value={values.perDay} onChange={(e) => set({ perDay: e.target.value })} />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={ids.cap}>{M.penaltyCap}</Label>
                  <Input id={ids.cap} inputMode="numeric" value={values.cap} onChange={(e) => set({ cap: e.target.value })} />
                </div>
              </div>
            )}
            <p id={ids.policyHint} className="text-sm text-muted-foreground">
              {values.latePolicy === 'closed'
                ? 'After their due date, a student can still Run their code but not Submit it or attempt the quiz. '
                : values.latePolicy === 'penalty'
                  ? 'Each day or part of a day late takes the penalty off the score, up to the cap. '
                  : ''}
              {M.latePenaltyNow}
            </p>
          </fieldset>

          <div className="flex items-start gap-3">
            <input
              id={ids.hidden}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              aria-describedby={ids.hiddenHint}
              checked={values.hiddenTests}
              disabled={disabled}
              onChange={(e) => set({ hiddenTests: e.target.checked })}
            />
            <div className="grid gap-1">
              <label htmlFor={ids.hidden} className="text-sm font-medium">
                {M.hiddenTestsAfterDue}
              </label>
              <p id={ids.hiddenHint} className="text-sm text-muted-foreground">
                {M.hiddenTestsAfterDueHint}
              </p>
            </div>
          </div>

          <fieldset className="grid gap-3" aria-describedby={ids.weightsHint} disabled={disabled}>
            <legend className="mb-1 text-sm font-medium">Gradebook Weights</legend>
            <div className="grid gap-3 sm:grid-cols-2 sm:max-w-md">
              <div className="grid gap-2">
                <Label htmlFor={ids.exercises}>{M.exercisesWeight}</Label>
                <Input
                  id={ids.exercises}
                  inputMode="numeric"
                  value={values.exercises}
                  onChange={(e) => set({ exercises: e.target.value })}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.quizzes}>{M.quizzesWeight}</Label>
                <Input id={ids.quizzes} inputMode="numeric" value={values.quizzes} onChange={(e) => set({ quizzes: e.target.value })} />
              </div>
            </div>
            <p id={ids.weightsHint} className="text-sm text-muted-foreground">
              {M.weightsHint}
            </p>
          </fieldset>

          {error && (
            <p id={ids.error} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground" role="status">
              {course && dirty ? `You have unsaved changes. Use ${M.saveLateAndGrading} to keep them.` : ''}
            </p>
            <Button type="submit" disabled={disabled || update.isPending} className="shrink-0 self-start sm:self-auto">
              {update.isPending ? (
                <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <SaveIcon aria-hidden="true" />
              )}
              {M.saveLateAndGrading}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
