import { ErrorCode } from '@common/error-codes';
import { LearningMessages } from '@common/learning-rules';
import { useDeferredValue, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@web/lib/paths';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api';
import { useSession } from '@web/lib/auth';
import { useCourseOutline } from './api/get-course-outline';
import { CoursePlayer } from './components/course-player';
import { CourseUnavailable } from './components/course-unavailable';

/** /course/{courseId}: the course-learning screen. The server decides who may see it. */
export function CourseLearningPage() {
  const { courseId = '' } = useParams();
  // A new course id starts a new screen: selection and preview state belong to one course.
  return <CourseScreen key={courseId} courseId={courseId} />;
}

function CourseScreen({ courseId }: { courseId: string }) {
  const { session } = useSession();
  const outline = useCourseOutline(courseId);
  // Each new outline (the first answer, a lesson's new status) renders the player as a transition:
  // React builds it in short slices instead of one long task.
  const data = useDeferredValue(outline.data);
  const error = outline.error;
  const notEnrolled = isApiError(error) && error.code === ErrorCode.notEnrolled;
  const notFound = isApiError(error) && error.status === 404;

  useEffect(() => {
    if (!error) return;
    if (notEnrolled) toast.error(LearningMessages.notEnrolledTitle, { description: LearningMessages.notEnrolledMessage });
    else if (!notFound && !(isApiError(error) && error.status === 401))
      toast.error('Error', { description: 'Failed to load course content.' });
  }, [error, notEnrolled, notFound]);

  if (notEnrolled) return <Navigate to={paths.dashboard} replace />;
  if (error) {
    return notFound ? (
      <CourseUnavailable message="This course does not exist or is not available to you right now." />
    ) : (
      <CourseUnavailable
        message="Failed to load course. Please try again."
        onRetry={() => void outline.refetch()}
        retrying={outline.isFetching}
      />
    );
  }
  if (!data || !session) return <Spinner label="Loading course..." showLabel className="py-24" />;
  return <CoursePlayer outline={data} studentName={session.user.fullName} />;
}

export { CourseLearningPage as Component };
