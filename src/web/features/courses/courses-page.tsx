import type { CourseListItem, CourseListResponse } from '@common/courses';
import { BookOpenIcon, CircleCheckIcon, PencilLineIcon, PlusIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { PageHeader } from '@web/components/page-header';
import { LoadError } from '@web/components/load-error';
import { EmptyPanel } from '@web/components/empty-panel';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { toastSuccess } from '@web/lib/notify';
import { useDeleteCourse } from './api/delete-course';
import { useCourses } from './api/get-courses';
import { useSetCoursePublished } from './api/set-course-published';
import { CourseCard } from './components/course-card';
import { SchoolTimeZoneCard } from './components/school-time-zone-card';
import { toastFailure } from '@web/lib/notify';
import { plural } from '@web/lib/plural';

const statItems: { key: keyof CourseListResponse['stats']; label: string; icon: LucideIcon; tone: string }[] = [
  {
    key: 'totalCourses',
    label: 'Total Courses',
    icon: BookOpenIcon,
    tone: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  },
  {
    key: 'published',
    label: 'Published',
    icon: CircleCheckIcon,
    tone: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  },
  { key: 'drafts', label: 'Drafts', icon: PencilLineIcon, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200' },
  {
    key: 'totalEnrollments',
    label: 'Total Enrollments',
    icon: UsersIcon,
    tone: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200',
  },
];

function NoCoursesYet() {
  return (
    <EmptyPanel
      size="page"
      icon={BookOpenIcon}
      title="No Courses Yet"
      action={
        <Button asChild>
          <Link to={paths.admin.courseNew}>
            <PlusIcon aria-hidden="true" />
            Create Your First Course
          </Link>
        </Button>
      }
    >
      Create your first course, add chapters and lessons to it, and publish it when it is ready for your students.
    </EmptyPanel>
  );
}

export function CoursesPage() {
  const courses = useCourses();
  const publish = useSetCoursePublished();
  const remove = useDeleteCourse();
  const [toDelete, setToDelete] = useState<CourseListItem | null>(null);

  // A toast on a failed load, once per failure (the inline message stays with a retry).
  const { isError, errorUpdatedAt, error } = courses;
  useEffect(() => {
    if (isError) toastFailure(error, 'Failed to load course data. Please try again.');
  }, [isError, errorUpdatedAt, error]);

  const togglePublished = (course: CourseListItem) => {
    const isPublished = !course.isPublished;
    publish.mutate(
      { courseId: course.id, isPublished },
      {
        onSuccess: () => toastSuccess(isPublished ? 'Course published successfully.' : 'Course unpublished successfully.'),
        onError: (err) => toastFailure(err, 'Failed to update course status. Please try again.'),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        toastSuccess('Course deleted successfully.');
      },
      onError: (err) => {
        setToDelete(null);
        toastFailure(err, 'Failed to delete course. Please try again.');
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Course Management"
        subtitle="Create, edit, publish and organise your courses."
        actions={
          <Button asChild>
            <Link to={paths.admin.courseNew}>
              <PlusIcon aria-hidden="true" />
              Create Course
            </Link>
          </Button>
        }
      />

      <section aria-labelledby="course-stats-title">
        <h2 id="course-stats-title" className="sr-only">
          Course statistics
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={courses.isPending}>
          {statItems.map(({ key, label, icon, tone }) => (
            <li key={key}>
              <StatCard label={label} value={courses.data?.stats[key]} icon={icon} iconClassName={tone} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="course-list-title" className="mt-8">
        <h2 id="course-list-title" className="sr-only">
          Your courses
        </h2>
        {courses.isPending ? (
          <Spinner label="Loading course data..." showLabel className="rounded-xl border bg-card py-16" />
        ) : courses.isError ? (
          <LoadError message="Failed to load course data. Please try again." onRetry={() => void courses.refetch()} />
        ) : courses.data.courses.length === 0 ? (
          <NoCoursesYet />
        ) : (
          <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3">
            {courses.data.courses.map((course) => (
              <li key={course.id}>
                <CourseCard
                  course={course}
                  publishing={publish.isPending && publish.variables?.courseId === course.id}
                  onTogglePublished={() => togglePublished(course)}
                  onDelete={() => setToDelete(course)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* The one clock of every course's calendar, below the courses it applies to. */}
      <section aria-label="School settings" className="mt-8">
        <SchoolTimeZoneCard />
      </section>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? `Delete “${toDelete.title}”?` : 'Delete course?'}
        description="Are you sure you want to delete this course? This action cannot be undone."
        confirmLabel="Delete Course"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        {toDelete && (toDelete.chapterCount > 0 || toDelete.studentCount > 0) && (
          <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
            This also deletes its {plural(toDelete.chapterCount, 'chapter')}, {plural(toDelete.lessonCount, 'lesson')} with their uploaded
            files, and {plural(toDelete.studentCount, 'student enrollment')}.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

export { CoursesPage as Component };
