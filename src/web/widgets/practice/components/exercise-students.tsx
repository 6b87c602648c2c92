import type { AdminExercise } from '@common/practice';
import { CheckIcon, EyeIcon, XIcon } from 'lucide-react';
import { StudentNameCell, StudentTable } from '@web/components/student-table';
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
        <StudentTable
          label="Students' work"
          columns={[
            { header: 'Student' },
            { header: 'Submissions' },
            { header: 'Passed' },
            { header: 'Last submitted', wideOnly: true },
            { header: 'Code', srOnly: true },
          ]}
        >
          {report.data.students.map((s) => (
            <tr key={s.studentId}>
              <StudentNameCell name={s.name} email={s.email} />
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
        </StudentTable>
      )}
    </div>
  );
}
