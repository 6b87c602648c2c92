import { AlertCircleIcon, GraduationCapIcon, RotateCcwIcon } from 'lucide-react';
import { EmptyPanel } from '@web/components/empty-panel';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';

export function NoCourses({ preview }: { preview: boolean }) {
  return (
    <EmptyPanel icon={GraduationCapIcon} title="No Courses Yet" size="page">
      {preview
        ? 'There are no published courses to preview yet. Publish a course and it appears here as your students would see it.'
        : "You haven't been enrolled in any courses yet. Contact your instructor to get started."}
    </EmptyPanel>
  );
}

export function DashboardLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <EmptyPanel
      icon={AlertCircleIcon}
      title="Unable to Load Courses"
      size="page"
      tone="error"
      action={
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RotateCcwIcon aria-hidden="true" className={retrying ? 'animate-spin motion-reduce:animate-none' : undefined} />
          Try Again
        </Button>
      }
    >
      Failed to load dashboard data. Please try again.
    </EmptyPanel>
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
