import type { LatePolicy } from '../../../common/calendar';
import type { Chapter, Course, FileRef, Lesson } from '../../../common/courses';
import { fileUrl } from '../../../common/files';
import type { chapters, courses, lessons } from '../../platform/db/schema/index';

type CourseRow = typeof courses.$inferSelect;
type ChapterRow = typeof chapters.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;
type FileInfo = { id: string; originalName: string; sizeBytes: number } | null;

export const toCourse = (c: CourseRow): Course => ({
  id: c.id,
  title: c.title,
  description: c.description,
  thumbnailUrl: c.thumbnailUrl,
  isPublished: c.isPublished,
  lessonsInOrder: c.lessonsInOrder,
  videoWatchShare: c.videoWatchShare,
  latePolicy: c.latePolicy as LatePolicy,
  latePenaltyPerDay: c.latePenaltyPerDay,
  latePenaltyCap: c.latePenaltyCap,
  hiddenTestsAfterDue: c.hiddenTestsAfterDue,
  exercisesWeight: c.exercisesWeight,
  quizzesWeight: c.quizzesWeight,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const toChapter = (c: ChapterRow): Chapter => ({
  id: c.id,
  courseId: c.courseId,
  title: c.title,
  order: c.position,
  releaseAt: c.releaseAt?.toISOString() ?? null,
  releaseAfterDays: c.releaseAfterDays,
  dueAt: c.dueAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

const toFileRef = (f: FileInfo): FileRef | null =>
  f ? { id: f.id, name: f.originalName, sizeBytes: f.sizeBytes, url: fileUrl(f.id) } : null;

export const toLesson = (l: LessonRow, pdfFile: FileInfo, tutorialFile: FileInfo, exerciseCount = 0, hasQuiz = false): Lesson => ({
  id: l.id,
  chapterId: l.chapterId,
  title: l.title,
  lessonType: l.lessonType,
  videoUrl: l.videoUrl,
  pdfUrl: l.pdfUrl,
  pdfFile: toFileRef(pdfFile),
  tutorialPdfUrl: l.tutorialPdfUrl,
  tutorialFile: toFileRef(tutorialFile),
  hasTutorial: Boolean(l.tutorialPdfUrl || l.tutorialFileId),
  summary: l.summary,
  order: l.position,
  exerciseCount,
  hasQuiz,
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});
