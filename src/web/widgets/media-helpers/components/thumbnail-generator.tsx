import type { Course } from '@common/courses';
import { SparklesIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { useMediaConfig } from '../use-media-config';

const ThumbnailDialog = lazy(() => import('./thumbnail-dialog'));

/**
 * 'Generate thumbnail' in the course editor: opens the dialog that asks the image model
 * for 1 to 4 pictures and makes the chosen one the course's thumbnail. Hidden unless the server has
 * an image model (IMAGE_MODEL); disabled, with a note, until the course is saved.
 */
export function ThumbnailGenerator({
  course,
  onChosen,
}: {
  course: { id: string; title: string } | undefined;
  onChosen: (course: Course) => void;
}) {
  const config = useMediaConfig();
  const [open, setOpen] = useState(false);
  if (!config?.thumbnails) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button type="button" variant="outline" size="sm" disabled={!course} onClick={() => setOpen(true)}>
        <SparklesIcon aria-hidden="true" />
        Generate thumbnail
      </Button>
      {!course && <p className="text-sm text-muted-foreground">Save the course first to generate a thumbnail.</p>}
      {course && open && (
        <Suspense fallback={null}>
          <ThumbnailDialog
            course={course}
            models={config.imageModels}
            open={open}
            onOpenChange={setOpen}
            onChosen={(chosen) => {
              onChosen(chosen);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
