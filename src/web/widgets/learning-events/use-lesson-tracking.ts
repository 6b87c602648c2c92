import { HEARTBEAT_INTERVAL_SECONDS } from '@common/learning-events';
import { useEffect, useMemo, useRef } from 'react';
import { useSession } from '@web/lib/auth';
import { flushLearningEvents, learningEventQueue } from './event-queue';
import { openLessonView, recordsLearningEvents, type LessonView } from './lesson-view';

export type LessonTracking = Pick<LessonView, 'pdfViewed' | 'tutorialDownloaded' | 'videoStarted'>;

/**
 * Records what a student does on the lesson in front of them (lesson opened, visible time, PDF,
 * tutorial, video); nothing in the administrator's preview. The callbacks never throw.
 */
export function useLessonTracking(lessonId: string, { heartbeatSeconds = HEARTBEAT_INTERVAL_SECONDS } = {}): LessonTracking {
  const { session } = useSession();
  const enabled = recordsLearningEvents(session?.user);
  const view = useRef<LessonView | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const opened = openLessonView({
      lessonId,
      queue: learningEventQueue(),
      page: { window, document },
      heartbeatMs: heartbeatSeconds * 1000,
    });
    view.current = opened;
    return () => {
      opened.close();
      if (view.current === opened) view.current = null;
    };
  }, [enabled, lessonId, heartbeatSeconds]);

  // Declared after the lesson's effect, so on leaving the course screen its last heartbeat goes too.
  useEffect(() => () => flushLearningEvents(), []);

  return useMemo(() => {
    const safely = (action: (v: LessonView) => void) => () => {
      try {
        if (view.current) action(view.current);
      } catch {
        // Measuring never gets in the student's way.
      }
    };
    return {
      pdfViewed: safely((v) => v.pdfViewed()),
      tutorialDownloaded: safely((v) => v.tutorialDownloaded()),
      videoStarted: safely((v) => v.videoStarted()),
    };
  }, []);
}
