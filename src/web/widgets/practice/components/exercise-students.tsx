import type { AdminExercise } from '@common/practice';
import { CheckIcon, EyeIcon, XIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate } from '@web/lib/format-date';
import { useExerciseReport } from '../api/get-exercise-report';
import { ExerciseFigures } from './exercise-figures';

type Props = { exercise: AdminExercise; onViewWork: (student: { id: string; name: string }) => void };

/** Who worked on an exercise: submissions, passed or not, when last; each with a look at their latest code. */
export function ExerciseStudents({ exercise, onViewWork }: Props) {
  const report = useExerciseReport(exercise.id);
  return (
    <div className="grid min-w-0 gap-3">
      <ExerciseFigures exerciseId={exercise.id} />
      {report.isPending ? (
        <Spinner label="Loading students…" showLabel className="py-8" />
      ) : report.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          The students' work could not be loaded.
        </p>
      ) : report.data.students.length === 0 ? (
        <p className="text-sm text-muted-foreground">No student has worked on this exercise yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label="Students' work">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Student
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Submissions
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Passed
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                  Last submitted
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Code</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {report.data.students.map((s) => (
                <tr key={s.studentId}>
                  <td className="px-3 py-2">
                    <span className="block font-medium break-words">{s.name}</span>
                    <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">{s.email}</span>
                  </td>
                  <td className="px-3 py-2 tabular-nums">{s.submissions}</td>
                  <td className="px-3 py-2">
                    {s.passed ? (
                      <span className="flex items-center gap-1 text-green-700 dark:text-green-400">
                        <CheckIcon aria-hidden="true" className="size-4" />
                        Yes
                      </span>
                    ) : (
                      <span className="flex items-center gap-1 text-muted-foreground">
                        <XIcon aria-hidden="true" className="size-4" />
                        No
                      </span>
                    )}
                  </td>
                  <td className="hidden px-3 py-2 text-muted-foreground sm:table-cell">
                    {s.lastSubmittedAt ? formatDate(s.lastSubmittedAt) : '—'}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <Button variant="outline" size="sm" onClick={() => onViewWork({ id: s.studentId, name: s.name })}>
                      <EyeIcon aria-hidden="true" />
                      View<span className="sr-only"> the code of {s.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
