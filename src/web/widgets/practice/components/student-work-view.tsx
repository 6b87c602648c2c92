import type { AdminExercise } from '@common/practice';
import { HistoryIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate } from '@web/lib/format-date';
import { useStudentWork } from '../api/get-student-work';
import { SubmittedFiles } from './further-files';
import { SubmissionHistory } from './submission-history';
import { SubmissionResult } from './submission-result';

const sourceText = {
  submission: 'Their latest submission.',
  draft: 'Their draft: not submitted yet.',
  none: 'They have not written anything yet.',
} as const;

/** A student's latest code on an exercise and how it did, read only. */
export function StudentWorkView({ exercise, studentId }: { exercise: AdminExercise; studentId: string }) {
  const work = useStudentWork(exercise.id, studentId);
  const [showHistory, setShowHistory] = useState(false);
  const historyId = useId();
  if (work.isPending) return <Spinner label="Loading the student's code…" showLabel className="py-10" />;
  if (work.isError)
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        The student's code could not be loaded.
      </p>
    );
  const { name, code, files, source, latestSubmission } = work.data;
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-sm text-muted-foreground">
          {sourceText[source]}
          {latestSubmission?.finishedAt && ` Graded ${formatDate(latestSubmission.finishedAt)}.`}
        </p>
        <Button variant="outline" size="sm" aria-expanded={showHistory} aria-controls={historyId} onClick={() => setShowHistory((s) => !s)}>
          <HistoryIcon aria-hidden="true" />
          Submission History
        </Button>
      </div>
      <div id={historyId} hidden={!showHistory} className="rounded-lg border p-3">
        {showHistory && <SubmissionHistory exercise={exercise} studentId={studentId} name={name} />}
      </div>
      <SubmittedFiles code={code} files={files} language={exercise.language} owner={`Code of ${name}`} />
      {latestSubmission?.result && (
        <SubmissionResult result={latestSubmission.result} kind={latestSubmission.mode === 'run' ? 'Run' : 'Submitted'} showHiddenDetails />
      )}
    </div>
  );
}
