import type { CourseListItem } from '@common/courses';
import { CalendarIcon, EyeIcon, EyeOffIcon, LoaderCircleIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { Button } from '@web/components/ui/button';
import { formatDate } from '@web/lib/format-date';
import { plural } from '@web/lib/plural';
import { CourseThumbnail } from './course-thumbnail';
import { PublishedBadge } from './published-badge';

export function CourseCard({
  course,
  onTogglePublished,
  onDelete,
  publishing,
}: {
  course: CourseListItem;
  onTogglePublished: () => void;
  onDelete: () => void;
  /** The publish/unpublish call for this course is running. */
  publishing: boolean;
}) {
  const titleId = useId();
  const counts = [
    { label: 'Chapters', value: course.chapterCount },
    { label: 'Lessons', value: course.lessonCount },
    { label: 'Students', value: course.studentCount },
  ];
  // Each button names its course for screen readers ("Edit Java Basics"); sighted users see the card.
  const forCourse = <span className="sr-only"> {course.title}</span>;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="course-card"
      className="flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <CourseThumbnail url={course.thumbnailUrl} title={course.title} className="aspect-[5/2] sm:aspect-video" />
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="min-w-0 text-lg font-semibold leading-snug break-words">
            {course.title}
          </h3>
          <PublishedBadge isPublished={course.isPublished} className="mt-0.5" />
        </div>
        {course.description ? (
          <p className="line-clamp-3 text-sm text-muted-foreground break-words">{course.description}</p>
        ) : (
          <p className="text-sm italic text-muted-foreground">No description provided.</p>
        )}

        <dl className="grid grid-cols-3 divide-x rounded-lg bg-muted/70 py-2.5 text-center">
          {counts.map(({ label, value }) => (
            <div key={label} className="flex flex-col-reverse px-1">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>

        <div className="text-sm">
          <p className="mb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Chapters</p>
          {course.chapterPreview.length === 0 ? (
            <p className="text-muted-foreground">No chapters yet.</p>
          ) : (
            <ol className="space-y-1">
              {course.chapterPreview.map((chapter) => (
                <li key={chapter.id} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 truncate">
                    <span className="text-muted-foreground tabular-nums">{chapter.order}.</span> {chapter.title}
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{plural(chapter.lessonCount, 'lesson')}</span>
                </li>
              ))}
            </ol>
          )}
          {course.moreChapterCount > 0 && (
            <p className="mt-1 text-muted-foreground">... and {plural(course.moreChapterCount, 'more chapter')}</p>
          )}
        </div>

        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <CalendarIcon className="size-3.5" aria-hidden="true" />
          Created <time dateTime={course.createdAt}>{formatDate(course.createdAt)}</time>
        </p>

        <div className="mt-auto flex flex-wrap items-center gap-2 border-t pt-4">
          <Button asChild size="sm" variant="outline">
            <Link to={paths.admin.courseEdit.href(course.id)}>
              <PencilIcon aria-hidden="true" />
              Edit{forCourse}
            </Link>
          </Button>
          <Button size="sm" variant={course.isPublished ? 'outline' : 'secondary'} onClick={onTogglePublished} disabled={publishing}>
            {publishing ? (
              <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : course.isPublished ? (
              <EyeOffIcon aria-hidden="true" />
            ) : (
              <EyeIcon aria-hidden="true" />
            )}
            {course.isPublished ? 'Unpublish' : 'Publish'}
            {forCourse}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950/50 dark:hover:text-red-300"
            onClick={onDelete}
          >
            <Trash2Icon aria-hidden="true" />
            Delete{forCourse}
          </Button>
        </div>
      </div>
    </article>
  );
}
