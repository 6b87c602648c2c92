import type { LearnLesson } from '@common/learning';
import { FileTextIcon, LayersIcon, PlayCircleIcon, type LucideIcon } from 'lucide-react';

export const LESSON_TYPE: Record<LearnLesson['lessonType'], { label: string; icon: LucideIcon }> = {
  VIDEO: { label: 'Video', icon: PlayCircleIcon },
  PDF: { label: 'PDF', icon: FileTextIcon },
  MIXED: { label: 'Video + PDF', icon: LayersIcon },
};
