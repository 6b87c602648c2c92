import { createContext, type ComponentType } from 'react';

export type LessonTutorProps = {
  courseId: string;
  lesson: { id: string; title: string } | null;
  preview: boolean;
  /** On a phone, the place in the lesson bar where the tutor's button goes, so that nothing floats over the lesson. */
  dock?: HTMLElement | null;
};

/**
 * The tutor the course screen shows beside the lesson (the AI tutor). The app fills it in
 * (app/providers.tsx), so this feature does not import the ai-tutor feature; without it, the
 * screen shows no tutor.
 */
export const LessonTutorSlot = createContext<ComponentType<LessonTutorProps> | null>(null);
