import { VIDEO_WATCH_SHARE_DEFAULT, type Course } from '@common/courses';
import { useId, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useUpdateCourse } from '../api/update-course';

type Settings = Pick<Course, 'id' | 'lessonsInOrder' | 'videoWatchShare'>;

/**
 * How students progress through the course. Each change is saved at once (they are switches, not
 * text being typed), apart from the course details, which 'Save Course' saves.
 */
export function CourseSettingsCard({ course }: { course: Settings | undefined }) {
  const ids = { order: useId(), orderHint: useId(), watch: useId(), share: useId(), shareHint: useId() };
  const update = useUpdateCourse();
  const [share, setShare] = useState(String(course?.videoWatchShare ?? VIDEO_WATCH_SHARE_DEFAULT));
  // The boxes show a click at once; a refused save puts them back.
  const [inOrder, setInOrder] = useState(course?.lessonsInOrder ?? false);
  const [watch, setWatch] = useState(course?.videoWatchShare != null);
  const disabled = !course;

  const save = (patch: { lessonsInOrder?: boolean; videoWatchShare?: number | null }, done: string, undo: () => void) => {
    if (!course) return;
    update.mutate(
      { courseId: course.id, ...patch },
      {
        onSuccess: () => toastSuccess(done),
        onError: (err) => {
          undo();
          toastFailure(err, 'Failed to save the setting');
        },
      },
    );
  };
  const shareNumber = () => {
    const n = Number(share.trim());
    return Number.isInteger(n) ? n : NaN;
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Progression</CardTitle>
        <CardDescription>
          {course ? 'How students move through the lessons. Changes are saved at once.' : 'Save the course first to choose these.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-start gap-3">
          <input
            id={ids.order}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-describedby={ids.orderHint}
            checked={inOrder}
            disabled={disabled}
            onChange={(e) => {
              const on = e.target.checked;
              setInOrder(on);
              save({ lessonsInOrder: on }, on ? 'Lessons now open in order' : 'Lessons are open in any order', () => setInOrder(!on));
            }}
          />
          <div className="grid gap-1">
            <label htmlFor={ids.order} className="text-sm font-medium">
              Lessons must be completed in order
            </label>
            <p id={ids.orderHint} className="text-sm text-muted-foreground">
              A lesson opens once every lesson before it is completed.
            </p>
          </div>
        </div>
        <div className="flex items-start gap-3">
          <input
            id={ids.watch}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-describedby={ids.shareHint}
            checked={watch}
            disabled={disabled}
            onChange={(e) => {
              const on = e.target.checked;
              setWatch(on);
              save(
                { videoWatchShare: on ? shareNumber() : null },
                on ? 'Videos must now be watched' : 'Videos no longer need watching',
                () => setWatch(!on),
              );
            }}
          />
          <div className="grid gap-2">
            <label htmlFor={ids.watch} className="text-sm font-medium">
              Videos must be watched
            </label>
            <div className="flex items-center gap-2">
              <label htmlFor={ids.share} className="text-sm text-muted-foreground">
                Share of each video
              </label>
              <Input
                id={ids.share}
                inputMode="numeric"
                className="h-8 w-20"
                value={share}
                disabled={disabled}
                onChange={(e) => setShare(e.target.value)}
                onBlur={() => {
                  if (watch && course && shareNumber() !== course.videoWatchShare)
                    save({ videoWatchShare: shareNumber() }, 'Share of each video saved', () =>
                      setShare(String(course.videoWatchShare ?? VIDEO_WATCH_SHARE_DEFAULT)),
                    );
                }}
              />
              <span aria-hidden="true" className="text-sm">
                %
              </span>
            </div>
            <p id={ids.shareHint} className="text-sm text-muted-foreground">
              Mark Complete on a video lesson waits until the student has really played this share of its video.
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
