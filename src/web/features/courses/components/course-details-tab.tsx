import { COURSE_DESCRIPTION_MAX, COURSE_TITLE_MAX, CourseEditorMessages as M, isThumbnailUrl, URL_MAX, type Course } from '@common/courses';
import { ImageOffIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { ThumbnailGenerator } from '@web/widgets/media-helpers/components/thumbnail-generator';
import { CourseLateGradingCard } from './course-late-grading-card';
import { CourseSettingsCard } from './course-settings-card';

export type CourseDetails = { title: string; description: string; thumbnailUrl: string };

function ThumbnailPreview({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!isThumbnailUrl(url)) return null;
  if (failedUrl === url) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <ImageOffIcon className="size-4" aria-hidden="true" />
        No preview: the image at this address could not be loaded.
      </p>
    );
  }
  return (
    <figure className="max-w-sm">
      <img
        src={url}
        alt="Thumbnail preview"
        className="aspect-video w-full rounded-lg border bg-muted object-cover"
        onError={() => setFailedUrl(url)}
      />
      <figcaption className="mt-1.5 text-xs text-muted-foreground">Preview</figcaption>
    </figure>
  );
}

/**
 * The course's own fields, a form with its own button (the editor's save model): 'Create Course'
 * for a new course, 'Save Details' after. The values live in the editor page, so the save status
 * on the other tabs can say that typed details are not saved yet.
 */
export function CourseDetailsTab({
  formId,
  values,
  onChange,
  onSubmit,
  titleInvalid,
  dirty,
  saving,
  course,
  onThumbnailChosen,
  onLateDirtyChange,
}: {
  /** The late work and grading form starts or stops differing from what is saved. */
  onLateDirtyChange?: (dirty: boolean) => void;
  /** The saved course (edit mode): thumbnails can be generated for it, and its settings changed. */
  course?: Pick<
    Course,
    | 'id'
    | 'title'
    | 'lessonsInOrder'
    | 'videoWatchShare'
    | 'latePolicy'
    | 'latePenaltyPerDay'
    | 'latePenaltyCap'
    | 'hiddenTestsAfterDue'
    | 'exercisesWeight'
    | 'quizzesWeight'
  >;
  /** A generated thumbnail was chosen and saved on the server. */
  onThumbnailChosen?: (course: Course) => void;
  formId: string;
  values: CourseDetails;
  onChange: (values: CourseDetails) => void;
  onSubmit: () => void;
  titleInvalid: boolean;
  /** Edit mode: the form differs from what is saved. */
  dirty: boolean;
  /** The form is being saved. */
  saving: boolean;
}) {
  const ids = { title: useId(), thumbnail: useId(), thumbnailHint: useId(), description: useId(), titleError: useId() };
  const set = (patch: Partial<CourseDetails>) => onChange({ ...values, ...patch });
  const titleRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (titleInvalid) titleRef.current?.focus();
  }, [titleInvalid]);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Course Details</CardTitle>
          <CardDescription>The title, picture and description students see in their course list.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            id={formId}
            noValidate
            className="grid gap-6"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor={ids.title}>
                Course Title{' '}
                <span className="text-red-700 dark:text-red-400" aria-hidden="true">
                  *
                </span>
              </Label>
              <Input
                ref={titleRef}
                id={ids.title}
                name="title"
                required
                aria-required="true"
                aria-invalid={titleInvalid || undefined}
                aria-describedby={titleInvalid ? ids.titleError : undefined}
                maxLength={COURSE_TITLE_MAX}
                placeholder="e.g. Java Object-Oriented Programming"
                value={values.title}
                onChange={(e) => set({ title: e.target.value })}
              />
              {titleInvalid && (
                <p id={ids.titleError} className="text-sm text-red-700 dark:text-red-400">
                  Course title is required
                </p>
              )}
            </div>

            <div className="grid gap-2">
              <Label htmlFor={ids.thumbnail}>Thumbnail URL</Label>
              <Input
                id={ids.thumbnail}
                name="thumbnailUrl"
                type="url"
                inputMode="url"
                maxLength={URL_MAX}
                placeholder="https://example.com/course-image.jpg"
                aria-describedby={ids.thumbnailHint}
                value={values.thumbnailUrl}
                onChange={(e) => set({ thumbnailUrl: e.target.value })}
              />
              <p id={ids.thumbnailHint} className="text-sm text-muted-foreground">
                Optional. The address of an image (16:9 works best); leave it empty for the default icon.
              </p>
              <ThumbnailGenerator course={course} onChosen={(chosen) => onThumbnailChosen?.(chosen)} />
              <ThumbnailPreview url={values.thumbnailUrl.trim()} />
            </div>

            <div className="grid gap-2">
              <Label htmlFor={ids.description}>Description</Label>
              <Textarea
                id={ids.description}
                name="description"
                maxLength={COURSE_DESCRIPTION_MAX}
                placeholder="What will students learn in this course?"
                value={values.description}
                onChange={(e) => set({ description: e.target.value })}
              />
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted-foreground" role="status">
                {dirty ? M.unsavedDetails : ''}
              </p>
              <Button type="submit" disabled={saving} className="shrink-0 self-start sm:self-auto">
                {saving ? (
                  <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                ) : (
                  <SaveIcon aria-hidden="true" />
                )}
                {saving ? M.saving : course ? M.saveDetails : M.createCourse}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <CourseSettingsCard course={course} />
      <CourseLateGradingCard course={course} onDirtyChange={onLateDirtyChange} />
    </div>
  );
}
