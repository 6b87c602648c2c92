import { filesAsText, javaMainClass } from '@common/java-source';
import { useSyncExternalStore } from 'react';

/**
 * The exercise the student is working on in the lesson, for the AI tutor beside it: which one, the
 * code in its editor now, and whether their last submission failed. The practice cards write it as
 * the student types and gets results; the tutor reads it when a question is sent (the code then
 * goes to the server, which adds the statement and the latest results and nothing more).
 */
export type PracticeFocus = {
  lessonId: string;
  exerciseId: string;
  title: string;
  code: string;
  /** A Java exercise's further files, as their tabs hold them; none for one file. */
  files?: { name: string; content: string }[];
  lastFailed: boolean;
};

let focus: PracticeFocus | null = null;
const listeners = new Set<() => void>();

export function setPracticeFocus(next: PracticeFocus | null): void {
  const same =
    focus === next ||
    (focus !== null &&
      next !== null &&
      focus.exerciseId === next.exerciseId &&
      focus.code === next.code &&
      focus.files === next.files &&
      focus.lastFailed === next.lastFailed &&
      focus.title === next.title);
  if (same) return;
  focus = next;
  for (const listener of listeners) listener();
}

/**
 * The student's code as one text, for a question to the tutor (the person): the main file alone, or with several files
 * each under its name.
 */
export function codeAsText(code: string, files: readonly { name: string; content: string }[] | undefined): string {
  return files?.length ? filesAsText([{ name: javaMainClass(code).fileName, content: code }, ...files]) : code;
}

/** The focus as it is now (read when a question is sent, so it is never stale). */
export const currentPracticeFocus = (lessonId: string): PracticeFocus | null => (focus?.lessonId === lessonId ? focus : null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the last submission of the exercise in focus in this lesson failed (the tutor then offers 'Why does my code fail?'). */
export function usePracticeFailed(lessonId: string | null): boolean {
  return useSyncExternalStore(subscribe, () => Boolean(lessonId && focus?.lessonId === lessonId && focus.lastFailed));
}

/** Whether the student is working on an exercise of this lesson (the AI tutor then offers 'More Help'). */
export function usePracticeFocused(lessonId: string | null): boolean {
  return useSyncExternalStore(subscribe, () => Boolean(lessonId && focus?.lessonId === lessonId));
}
