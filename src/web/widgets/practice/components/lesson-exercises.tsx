import type { Submission } from '@common/practice';
import { CodeIcon, RotateCcwIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useSession } from '@web/lib/auth';
import { useLessonExercises } from '../api/get-lesson-exercises';
import { ExerciseCard } from './exercise-card';

export type LessonExercisesProps = {
  lessonId: string;
  /** A graded submission that completed the lesson (and perhaps the course). */
  onLessonCompleted: (submission: Submission) => void;
};

/** The lesson's exercises in order, below its media and summary. */
export default function LessonExercises({ lessonId, onLessonCompleted }: LessonExercisesProps) {
  const query = useLessonExercises(lessonId);
  const { session } = useSession();
  const data = query.data;

  return (
    <section aria-labelledby="lesson-practice-title" className="grid gap-4">
      <h3 id="lesson-practice-title" className="flex items-center gap-2 text-lg font-semibold">
        <CodeIcon aria-hidden="true" className="size-5 text-muted-foreground" />
        Practice
      </h3>
      {query.isPending ? (
        <Spinner label="Loading exercises…" showLabel className="rounded-xl border bg-card py-10" />
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 text-sm">
          <p className="text-muted-foreground">The exercises could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RotateCcwIcon aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : data && data.exercises.length === 0 ? (
        <p className="text-sm text-muted-foreground">This lesson has no exercises yet.</p>
      ) : (
        data?.exercises.map((exercise, i) => (
          <ExerciseCard
            key={exercise.id}
            lessonId={lessonId}
            exercise={exercise}
            number={i + 1}
            userId={session?.user.id}
            preview={data.preview}
            onSubmitted={(submission) => {
              if (submission.mode === 'submit' && submission.lessonCompleted) onLessonCompleted(submission);
            }}
          />
        ))
      )}
    </section>
  );
}
