import { VIDEO_WATCH_SHARE_DEFAULT, type Course } from '@common/courses';
import { LearningMessages } from '@common/learning-rules';
import { useId, useRef, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Input } from '@web/components/ui/input';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { getProgressSummary } from '../api/get-progress-summary';
import { useUpdateCourse } from '../api/update-course';

type Settings = Pick<Course, 'id' | 'lessonsInOrder' | 'videoWatchShare'>;

/**
 * How students progress through the course: switches, each saved at once (the editor's save model,
 * CourseEditorMessages.saveModel). Turning on lessons in order first asks the server how many
 * students are mid-course, and when there are any the tutor confirms or cancels before it applies.
 */
export function CourseSettingsCard({ course }: { course: Settings | undefined }) {
  const ids = { order: useId(), orderHint: useId(), watch: useId(), share: useId(), shareHint: useId() };
  const update = useUpdateCourse();
  const [share, setShare] = useState(String(course?.videoWatchShare ?? VIDEO_WATCH_SHARE_DEFAULT));
  // The boxes show a click at once; a refused save puts them back.
  const [inOrder, setInOrder] = useState(course?.lessonsInOrder ?? false);
  const [watch, setWatch] = useState(course?.videoWatchShare != null);
  // Lessons in order, while the students' count is asked and while the tutor decides.
  const [asking, setAsking] = useState(false);
  const [midCourse, setMidCourse] = useState<number | null>(null);
  const orderBox = useRef<HTMLInputElement>(null);
  // The confirmation has no trigger of its own to give focus back to: back to the box, once it has closed.
  const closeConfirm = (turnedOn: boolean) => {
    setMidCourse(null);
    if (!turnedOn) setInOrder(false);
    requestAnimationFrame(() => setTimeout(() => orderBox.current?.focus(), 0));
  };
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
  const turnOnInOrder = () => save({ lessonsInOrder: true }, 'Lessons now open in order', () => setInOrder(false));
  // The box shows the click at once; Cancel, or a failed question, puts it back.
  const askInOrder = async () => {
    if (!course || asking) return;
    setInOrder(true);
    setAsking(true);
    try {
      const { midCourse: n } = await getProgressSummary(course.id);
      if (n === 0) turnOnInOrder();
      else setMidCourse(n);
    } catch (err) {
      setInOrder(false);
      toastFailure(err, 'Failed to save the setting');
    } finally {
      setAsking(false);
    }
  };
  const shareNumber = () => {
    const n = Number(share.trim());
    return Number.isInteger(n) ? n : NaN;
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Progression</CardTitle>
        <CardDescription>{course ? 'How students move through the lessons.' : 'Create the course first to choose these.'}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-start gap-3">
          <input
            ref={orderBox}
            id={ids.order}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-describedby={ids.orderHint}
            checked={inOrder}
            // Not disabled while asking: the box keeps focus, which the confirmation gives back to it.
            disabled={disabled}
            aria-busy={asking || undefined}
            onChange={(e) => {
              if (asking) return;
              if (e.target.checked) return void askInOrder();
              setInOrder(false);
              save({ lessonsInOrder: false }, 'Lessons are open in any order', () => setInOrder(true));
            }}
          />
          <div className="grid gap-1">
            <label htmlFor={ids.order} className="text-sm font-medium">
              Lessons must be completed in order
            </label>
            <p id={ids.orderHint} className="text-sm text-muted-foreground">
              A lesson opens once every lesson before it is completed. What a student has completed stays open to them.
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
      <ConfirmDialog
        open={midCourse !== null}
        onOpenChange={(open) => !open && closeConfirm(false)}
        title={LearningMessages.inOrderConfirmTitle}
        description={LearningMessages.inOrderConfirm(midCourse ?? 0)}
        confirmLabel={LearningMessages.inOrderConfirmButton}
        onConfirm={() => {
          closeConfirm(true);
          turnOnInOrder();
        }}
      />
    </Card>
  );
}
