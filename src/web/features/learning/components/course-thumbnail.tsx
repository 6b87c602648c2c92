import { useState } from 'react';
import { CourseArt } from '@web/components/course-art';
import { cn } from '@web/lib/cn';

/** The course picture, or the course's drawn initials when there is none or it does not load. Decorative: the title sits beside it. */
export function CourseThumbnail({
  url,
  title,
  small = false,
  className,
}: {
  url: string | null;
  title: string;
  small?: boolean;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const show = url && failedUrl !== url;
  return (
    <div className={cn('relative overflow-hidden', className)}>
      {show ? (
        <img src={url} alt="" loading="lazy" className="size-full object-cover" onError={() => setFailedUrl(url)} />
      ) : (
        <CourseArt title={title} small={small} />
      )}
    </div>
  );
}
