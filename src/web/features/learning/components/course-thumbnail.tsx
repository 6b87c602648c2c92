import { GraduationCapIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@web/lib/cn';

/** The course picture, or an icon when there is none or it does not load. Decorative: the title sits beside it. */
export function CourseThumbnail({ url, className, iconClassName }: { url: string | null; className?: string; iconClassName?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const show = url && failedUrl !== url;
  return (
    <div className={cn('relative overflow-hidden bg-gradient-to-br from-secondary via-secondary to-accent', className)}>
      {show ? (
        <img src={url} alt="" loading="lazy" className="size-full object-cover" onError={() => setFailedUrl(url)} />
      ) : (
        <div className="flex size-full items-center justify-center text-secondary-foreground/70">
          <GraduationCapIcon className={cn('size-10', iconClassName)} aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
