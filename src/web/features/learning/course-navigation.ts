import type { LearnLesson, LearnResponse } from '@common/learning';

export type FlatLesson = LearnLesson & { chapterId: string; chapterTitle: string; index: number };

/** The lessons of the outline in reading order (chapters by order, lessons by order), numbered from 0. */
export function flattenLessons(outline: Pick<LearnResponse, 'chapters'>): FlatLesson[] {
  const flat: FlatLesson[] = [];
  for (const chapter of outline.chapters) {
    for (const lesson of chapter.lessons) {
      flat.push({ ...lesson, chapterId: chapter.id, chapterTitle: chapter.title, index: flat.length });
    }
  }
  return flat;
}

/** Lessons done and in total per chapter (the phone's 'Course Content' list shows them). */
export function chapterProgress(chapter: LearnResponse['chapters'][number]) {
  const completed = chapter.lessons.filter((l) => l.status === 'completed').length;
  return { completed, total: chapter.lessons.length };
}

/**
 * Why a chapter's lessons are locked, said once for the chapter (lessons in order): how many of its
 * lessons are locked, and the lesson that locks them (the server's learning_course_locks names the
 * same one for every locked lesson: the student's first lesson not completed). Null when none is.
 */
export function chapterLock(chapter: LearnResponse['chapters'][number]): { count: number; lockedBy: string } | null {
  const locked = chapter.lessons.filter((l) => l.lockedBy !== null);
  return locked.length ? { count: locked.length, lockedBy: locked[0]!.lockedBy! } : null;
}

/**
 * The chapters the outline opens by itself: the one of the lesson on screen, and the chapter in
 * progress (that of the first lesson not completed), which is where the student goes on.
 */
export function chaptersToOpen(lessons: readonly FlatLesson[], currentLessonId: string | null): string[] {
  const ids = new Set<string>();
  const current = lessons.find((l) => l.id === currentLessonId);
  if (current) ids.add(current.chapterId);
  const unfinished = lessons.find((l) => l.status !== 'completed');
  if (unfinished) ids.add(unfinished.chapterId);
  return [...ids];
}

/**
 * The neighbours of a lesson in reading order. In a course whose lessons must be completed in
 * order, Next (and a swipe) stops at the first locked lesson, which says what to complete first:
 * a locked lesson has no next one.
 */
export function neighbours(lessons: FlatLesson[], lessonId: string | null) {
  const current = lessons.find((l) => l.id === lessonId);
  if (!current) return { current: undefined, previous: undefined, next: undefined };
  return { current, previous: lessons[current.index - 1], next: current.lockedBy ? undefined : lessons[current.index + 1] };
}

/** Which lesson a swipe leads to: left moves forward, right moves back; under the threshold nothing. */
export const SWIPE_THRESHOLD_PX = 50;
export function swipeDirection(dx: number, dy: number): 'next' | 'previous' | undefined {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return undefined;
  return dx < 0 ? 'next' : 'previous';
}

/** The outline with some lessons marked completed (the administrator's preview keeps completions on the page only). */
export function withCompleted<T extends Pick<LearnResponse, 'chapters'>>(outline: T, completedIds: ReadonlySet<string>): T {
  if (completedIds.size === 0) return outline;
  return {
    ...outline,
    chapters: outline.chapters.map((chapter) => ({
      ...chapter,
      lessons: chapter.lessons.map((l) => (completedIds.has(l.id) ? { ...l, status: 'completed' as const } : l)),
    })),
  };
}

/**
 * Whether completing the lesson finishes the course, in the administrator's preview only. A
 * student's completions are the server's, and so is their "course just completed"
 * (learning_completion_outcome in src/server/platform/db/sql/learning.sql, told as justCompleted and
 * courseJustCompleted): the page never decides it for them. The preview's completions live on the
 * page (the simulated lessons of the outline, plus those completed here), which the server never
 * sees, so the page answers for them: the lesson was the last one not completed.
 */
export function previewCompletesCourse(lessons: readonly Pick<FlatLesson, 'id' | 'status'>[], lessonId: string): boolean {
  const lesson = lessons.find((l) => l.id === lessonId);
  if (!lesson || lesson.status === 'completed') return false;
  return lessons.filter((l) => l.status === 'completed').length === lessons.length - 1;
}
