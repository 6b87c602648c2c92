import { CheckIcon, ChevronLeftIcon, ChevronRightIcon, LoaderCircleIcon } from 'lucide-react';
import { memo } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

type Props = {
  position: number;
  total: number;
  completed: boolean;
  /** The lesson is completed by passing its checks (exercises, quiz), or is locked: no Complete button (the lesson says why). */
  noCompleteButton: boolean;
  /** The video is not watched enough yet: Complete is disabled (the lesson says why). */
  completeDisabled: boolean;
  completing: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onComplete: () => void;
  /** The place for the AI tutor's button at the end of the bar (when the screen has a tutor): no button floats over the lesson. */
  tutorDock?: (element: HTMLDivElement | null) => void;
};

/** Below 768px: previous, 'Lesson X of Y', Complete while the lesson is not done (and has no checks), next — fixed at the bottom. */
export const MobileLessonBar = memo(function MobileLessonBar({
  position,
  total,
  completed,
  noCompleteButton,
  completeDisabled,
  completing,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onComplete,
  tutorDock,
}: Props) {
  return (
    <nav
      aria-label="Lesson navigation"
      data-lesson-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card/95 px-3 pb-[max(0.5rem,env(safe-area-inset-bottom))] pt-2 backdrop-blur md:hidden"
    >
      <div className="mx-auto flex max-w-lg items-center gap-2">
        <Button variant="outline" size="icon" onClick={onPrevious} disabled={!hasPrevious} aria-label="Previous lesson">
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <p className="min-w-0 flex-1 whitespace-nowrap text-center text-sm font-medium tabular-nums">
          {/* With Complete and the AI tutor beside it, a 390-px bar has room for "1 of 3" (the lesson's header says "Lesson 1 of 3"). */}
          <span className={cn(tutorDock && !completed && !noCompleteButton && 'max-[429px]:sr-only')}>Lesson </span>
          {position} of {total}
        </p>
        {!completed && !noCompleteButton && (
          <Button onClick={onComplete} disabled={completing || completeDisabled}>
            {completing ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            ) : (
              <CheckIcon aria-hidden="true" />
            )}
            Complete
          </Button>
        )}
        <Button variant="outline" size="icon" onClick={onNext} disabled={!hasNext} aria-label="Next lesson">
          <ChevronRightIcon aria-hidden="true" />
        </Button>
        {/* Its room is kept from the start, so the bar does not move when the tutor's button arrives. */}
        {tutorDock && <div ref={tutorDock} data-testid="ai-tutor-dock" className="flex size-11 shrink-0" />}
      </div>
    </nav>
  );
});
