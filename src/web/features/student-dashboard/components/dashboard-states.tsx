import { AlertCircleIcon, GraduationCapIcon, RotateCcwIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';

export function NoCourses({ preview }: { preview: boolean }) {
  return (
    <section
      aria-labelledby="no-courses-title"
      className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center sm:py-20"
    >
      <div className="mb-4 flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <GraduationCapIcon className="size-7" aria-hidden="true" />
      </div>
      <h2 id="no-courses-title" className="text-lg font-semibold">
        No Courses Yet
      </h2>
      <p className="mt-2 max-w-md text-muted-foreground">
        {preview
          ? 'There are no published courses to preview yet. Publish a course and it appears here as your students would see it.'
          : "You haven't been enrolled in any courses yet. Contact your instructor to get started."}
      </p>
    </section>
  );
}

export function DashboardLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section
      role="alert"
      aria-labelledby="load-error-title"
      className="flex flex-col items-center rounded-2xl border bg-card px-6 py-14 text-center sm:py-20"
    >
      <div className="mb-4 flex size-14 items-center justify-center rounded-full bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200">
        <AlertCircleIcon className="size-7" aria-hidden="true" />
      </div>
      <h2 id="load-error-title" className="text-lg font-semibold">
        Unable to Load Courses
      </h2>
      <p className="mt-2 max-w-md text-muted-foreground">Failed to load dashboard data. Please try again.</p>
      <Button className="mt-6" variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCcwIcon aria-hidden="true" className={retrying ? 'animate-spin motion-reduce:animate-none' : undefined} />
        Try Again
      </Button>
    </section>
  );
}

/** The shape of the course grid while it loads. */
export function CourseGridSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading your courses...</span>
      <Skeleton className="mb-3 h-6 w-32" />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="overflow-hidden rounded-xl border bg-card shadow-sm">
            <Skeleton className="aspect-[5/2] rounded-none sm:aspect-[2/1]" />
            <div className="space-y-3 p-5">
              <Skeleton className="h-5 w-24 rounded-full" />
              <Skeleton className="h-6 w-3/4" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-2 w-full rounded-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
