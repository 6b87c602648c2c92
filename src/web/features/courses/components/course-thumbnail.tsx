import { useState } from 'react';
import { CourseArt } from '@web/components/course-art';
import { cn } from '@web/lib/cn';

/** The course picture, or the course's drawn initials when there is none or it does not load. */
export function CourseThumbnail({ url, title, className }: { url: string | null; title: string; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const show = url && failedUrl !== url;
  return (
    <div className={cn('relative aspect-video overflow-hidden bg-gradient-to-br from-secondary to-muted', className)}>
      {show ? (
        <img src={url} alt={`Thumbnail of ${title}`} loading="lazy" className="size-full object-cover" onError={() => setFailedUrl(url)} />
      ) : (
        <CourseArt title={title} />
      )}
    </div>
  );
}
