import { ArrowLeftIcon, BookXIcon, RotateCcwIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { DocumentTitle } from '@web/components/document-title';
import { Button } from '@web/components/ui/button';

/** 'Course Not Available': the course does not exist for this student, or could not be loaded. */
export function CourseUnavailable({ message, onRetry, retrying }: { message: string; onRetry?: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <DocumentTitle title="Course Not Available" />
      <div className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <BookXIcon aria-hidden="true" className="size-7" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">Course Not Available</h1>
      <p className="text-muted-foreground">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry && (
          <Button variant="outline" onClick={onRetry} disabled={retrying}>
            <RotateCcwIcon aria-hidden="true" />
            Try Again
          </Button>
        )}
        <Button asChild>
          <Link to={paths.student.dashboard}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
      </div>
    </div>
  );
}
