import type { LearnLesson } from '@common/learning';
import { FileTextIcon, LayersIcon, PlayCircleIcon, type LucideIcon } from 'lucide-react';

export const LESSON_TYPE: Record<LearnLesson['lessonType'], { label: string; icon: LucideIcon }> = {
  VIDEO: { label: 'Video', icon: PlayCircleIcon },
  PDF: { label: 'PDF', icon: FileTextIcon },
  MIXED: { label: 'Video + PDF', icon: LayersIcon },
};

/** What a lesson holds, in the outline's words: "Video · 2 exercises · Quiz", "PDF · Quiz", "Video". */
export function lessonContents(lesson: Pick<LearnLesson, 'lessonType' | 'exerciseCount' | 'hasQuiz'>): string {
  const parts = [LESSON_TYPE[lesson.lessonType].label];
  if (lesson.exerciseCount > 0) parts.push(lesson.exerciseCount === 1 ? '1 exercise' : `${lesson.exerciseCount} exercises`);
  if (lesson.hasQuiz) parts.push('Quiz');
  return parts.join(' · ');
}
