import { CourseEditorMessages, isThumbnailUrl, THUMBNAIL_URL_NOT_WEB, type CourseEditorResponse } from '@common/courses';
import { CalendarMessages } from '@common/calendar-texts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, EyeIcon, EyeOffIcon, LoaderCircleIcon, RotateCcwIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@web/lib/paths';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { isApiError } from '@web/lib/api';
import { toastInvalid, toastSuccess } from '@web/lib/notify';
import { useCreateCourse } from './api/create-course';
import { useCourse } from './api/get-course';
import { useSetCoursePublished } from './api/set-course-published';
import { storeCourse, useUpdateCourse } from './api/update-course';
import { BulkUploadTab } from './components/bulk-upload-tab';
import { CourseContentTab } from './components/course-content-tab';
import { CourseDetailsTab, type CourseDetails } from './components/course-details-tab';
import { PublishedBadge } from './components/published-badge';
import { SaveStatus } from './components/save-status';
import { toastFailure } from '@web/lib/notify';

const TABS = ['details', 'content', 'bulk'] as const;
type Tab = (typeof TABS)[number];
const back = { to: paths.admin.courses, label: 'Back to Courses' };

const detailsOf = (data: CourseEditorResponse | undefined): CourseDetails => ({
  title: data?.course.title ?? '',
  description: data?.course.description ?? '',
  thumbnailUrl: data?.course.thumbnailUrl ?? '',
});

const sameDetails = (a: CourseDetails, b: CourseDetails) =>
  a.title.trim() === b.title.trim() && a.description.trim() === b.description.trim() && a.thumbnailUrl.trim() === b.thumbnailUrl.trim();

/**
 * The create and edit form ('new' mode creates, then replaces the address with the edit route).
 * One way of saving on every tab (CourseEditorMessages.saveModel, said once under the tabs): a form
 * is saved with its own button, a switch, a move or a deletion at once; the status beside Publish
 * follows every save.
 */
function CourseEditor({ data }: { data: CourseEditorResponse | undefined }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const course = data?.course;
  const isNew = course === undefined;
  const requested = searchParams.get('tab');
  const tab: Tab = !isNew && TABS.includes(requested as Tab) ? (requested as Tab) : 'details';
  const setTab = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'details') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  const [details, setDetails] = useState<CourseDetails>(() => detailsOf(data));
  const [titleInvalid, setTitleInvalid] = useState(false);
  const formId = useId();
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const publish = useSetCoursePublished();
  const queryClient = useQueryClient();
  const saving = create.isPending || update.isPending;
  const dirty = !isNew && !sameDetails(details, detailsOf(data));
  const [lateDirty, setLateDirty] = useState(false);

  const save = () => {
    if (saving) return;
    const title = details.title.trim();
    const thumbnailUrl = details.thumbnailUrl.trim();
    if (!title) {
      setTitleInvalid(true);
      setTab('details');
      return toastInvalid('Validation Error', 'Course title is required');
    }
    setTitleInvalid(false);
    if (thumbnailUrl && !isThumbnailUrl(thumbnailUrl)) {
      setTab('details');
      return toastInvalid('Validation Error', THUMBNAIL_URL_NOT_WEB);
    }
    const description = details.description.trim();
    if (isNew) {
      create.mutate(
        { title, description, thumbnailUrl: thumbnailUrl || undefined },
        {
          onSuccess: ({ course: created }) => {
            toastSuccess('Course created successfully');
            void navigate(paths.admin.courseEdit.href(created.id), { replace: true });
          },
          onError: (err) => toastFailure(err, 'Failed to save course'),
        },
      );
    } else {
      update.mutate(
        { courseId: course.id, title, description, thumbnailUrl: thumbnailUrl || null },
        {
          onSuccess: () => toastSuccess('Course updated successfully'),
          onError: (err) => toastFailure(err, 'Failed to save course'),
        },
      );
    }
  };

  const togglePublished = () => {
    if (!course) return;
    const isPublished = !course.isPublished;
    publish.mutate(
      { courseId: course.id, isPublished },
      {
        onSuccess: () => toastSuccess(isPublished ? 'Course published successfully.' : 'Course unpublished successfully.'),
        onError: (err) => toastFailure(err, 'Failed to update course status'),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={isNew ? 'Create New Course' : 'Edit Course'}
        back={back}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <PublishedBadge isPublished={course?.isPublished ?? false} />
            <span className="min-w-0 break-words">{isNew ? 'Start with the details; chapters and lessons come next.' : course.title}</span>
          </span>
        }
        actions={
          course && (
            <>
              <SaveStatus
                notSaved={dirty ? CourseEditorMessages.detailsNotSaved : lateDirty ? CalendarMessages.lateAndGradingNotSaved : null}
              />
              <Button variant="outline" onClick={togglePublished} disabled={publish.isPending}>
                {publish.isPending ? (
                  <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                ) : course.isPublished ? (
                  <EyeOffIcon aria-hidden="true" />
                ) : (
                  <EyeIcon aria-hidden="true" />
                )}
                {course.isPublished ? 'Unpublish' : 'Publish'}
              </Button>
            </>
          )
        }
      />

      {/* Every tab stays mounted (hidden when inactive): a half-filled lesson form or pasted bulk data survives a look at another tab. */}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="flex h-auto w-full sm:inline-flex sm:w-auto">
          <TabsTrigger value="details" className="flex-auto px-2 text-[13px] whitespace-normal sm:flex-none sm:px-3 sm:text-sm">
            Course Details
          </TabsTrigger>
          <TabsTrigger
            value="content"
            disabled={isNew}
            className="flex-auto px-2 text-[13px] whitespace-normal sm:flex-none sm:px-3 sm:text-sm"
          >
            Course Content
          </TabsTrigger>
          <TabsTrigger
            value="bulk"
            disabled={isNew}
            className="flex-auto px-2 text-[13px] whitespace-normal sm:flex-none sm:px-3 sm:text-sm"
          >
            Bulk Upload
          </TabsTrigger>
        </TabsList>
        <p className="mt-2 text-sm text-muted-foreground">
          {isNew ? 'Create the course to add its content, one lesson at a time or in bulk.' : CourseEditorMessages.saveModel}
        </p>
        <TabsContent value="details" forceMount className="data-[state=inactive]:hidden">
          <CourseDetailsTab
            formId={formId}
            values={details}
            onChange={(next) => {
              setDetails(next);
              if (titleInvalid && next.title.trim()) setTitleInvalid(false);
            }}
            onSubmit={save}
            titleInvalid={titleInvalid}
            dirty={dirty}
            onLateDirtyChange={setLateDirty}
            saving={saving}
            course={course}
            onThumbnailChosen={(chosen) => {
              // Saved on the server already: the form shows it, other unsaved edits stay as they are.
              void storeCourse(queryClient, chosen);
              setDetails((d) => ({ ...d, thumbnailUrl: chosen.thumbnailUrl ?? '' }));
            }}
          />
        </TabsContent>
        {data && (
          <>
            <TabsContent value="content" forceMount className="data-[state=inactive]:hidden">
              <CourseContentTab courseId={data.course.id} chapters={data.chapters} />
            </TabsContent>
            <TabsContent value="bulk" forceMount className="data-[state=inactive]:hidden">
              <BulkUploadTab courseId={data.course.id} onShowContent={() => setTab('content')} />
            </TabsContent>
          </>
        )}
      </Tabs>
    </>
  );
}

function EditCourseLoader({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  const { isError, error, errorUpdatedAt } = course;
  const notFound = isApiError(error) && error.status === 404;
  useEffect(() => {
    if (isError && !notFound) toastFailure(error, 'Failed to load course data');
  }, [isError, error, errorUpdatedAt, notFound]);

  if (course.data) return <CourseEditor key={courseId} data={course.data} />;
  return (
    <>
      <PageHeader title="Edit Course" back={back} />
      {course.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border bg-card p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm text-muted-foreground">
            {notFound ? 'Course not found. It may have been deleted.' : 'Failed to load course data'}
          </p>
          {notFound ? (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.admin.courses}>
                <ArrowLeftIcon aria-hidden="true" />
                Back to Courses
              </Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={() => void course.refetch()}>
              <RotateCcwIcon aria-hidden="true" />
              Try Again
            </Button>
          )}
        </div>
      ) : (
        <Spinner label="Loading course data..." showLabel className="rounded-xl border bg-card py-16" />
      )}
    </>
  );
}

export function CourseEditorPage() {
  const { courseId } = useParams();
  return courseId === undefined ? <CourseEditor key="new" data={undefined} /> : <EditCourseLoader key={courseId} courseId={courseId} />;
}

export { CourseEditorPage as Component };
