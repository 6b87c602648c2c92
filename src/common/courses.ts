import { z } from 'zod';
import { CalendarMessages, latePolicySchema, momentSchema, penaltySchema, weightSchema } from './calendar';
import { storedImageId } from './media-helpers-texts';
import { isWebUrl, toEmbedUrl } from './video';

/** Course, chapter and lesson contracts of the admin course list and the course editor. */

export const COURSE_TITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 5000;
export const CHAPTER_TITLE_MAX = 200;
export const LESSON_TITLE_MAX = 200;
export const LESSON_SUMMARY_MAX = 10_000;
export const URL_MAX = 2048;
/** The course list shows at most this many chapters per course. */
export const CHAPTER_PREVIEW_MAX = 3;

export const LessonMessages = {
  titleRequired: 'Lesson title is required',
  videoRequired: 'Video URL is required for video lessons',
  pdfRequired: 'PDF file is required for PDF lessons',
  bothRequired: 'Both video URL and PDF file are required for mixed content lessons',
  invalidType: 'Lesson type must be VIDEO, PDF, or MIXED',
  pdfBoth: 'Give either an uploaded PDF file or a PDF URL, not both.',
  tutorialBoth: 'Give either an uploaded tutorial PDF file or a tutorial PDF URL, not both.',
  pdfUrlNotWeb: 'The PDF URL must be a web address starting with http:// or https://',
  tutorialUrlNotWeb: 'The tutorial PDF URL must be a web address starting with http:// or https://',
  pdfFileNotFound: 'The uploaded PDF file was not found. Please upload it again.',
  tutorialFileNotFound: 'The uploaded tutorial PDF file was not found. Please upload it again.',
} as const;

/**
 * The course editor's one way of saving, said once at its top: a form (the course details, a
 * lesson, a quiz, an exercise) is saved with its own button; a switch, a move or a deletion is
 * saved at once. The status beside Publish follows every save.
 */
export const CourseEditorMessages = {
  saveModel: 'Each form has its own Save button; switches, moves and deletions are saved at once.',
  saveDetails: 'Save Details',
  createCourse: 'Create Course',
  saving: 'Saving...',
  saved: 'All changes saved',
  detailsNotSaved: 'Course details not saved',
  lastChangeFailed: 'Last change not saved',
  unsavedDetails: 'You have unsaved changes. Use Save Details to keep them.',
} as const;

export const lessonTypeSchema = z.enum(['VIDEO', 'PDF', 'MIXED'], { error: LessonMessages.invalidType });
export type LessonType = z.infer<typeof lessonTypeSchema>;

/** Optional text: absent, null or blank all mean "none" (undefined). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : undefined));

const optionalWebUrl = (notWeb: string) =>
  optionalText(URL_MAX, `URLs must be at most ${URL_MAX} characters.`).refine((v) => v === undefined || isWebUrl(v), notWeb);

const uuidOrUndefined = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : undefined));

// ---------- courses ----------

const courseTitle = z
  .string({ error: 'Course title is required' })
  .trim()
  .min(1, 'Course title is required')
  .max(COURSE_TITLE_MAX, `The course title must be at most ${COURSE_TITLE_MAX} characters.`);
const courseDescription = z
  .string()
  .trim()
  .max(COURSE_DESCRIPTION_MAX, `The description must be at most ${COURSE_DESCRIPTION_MAX} characters.`);
export const THUMBNAIL_URL_NOT_WEB = 'The thumbnail URL must be a web address starting with http:// or https://';
/** A thumbnail is a web address, or an image this server stored (a generated thumbnail, /api/images/{id}). */
export const isThumbnailUrl = (v: string) => isWebUrl(v) || storedImageId(v) !== undefined;
const optionalThumbnailUrl = () =>
  optionalText(URL_MAX, `URLs must be at most ${URL_MAX} characters.`).refine(
    (v) => v === undefined || isThumbnailUrl(v),
    THUMBNAIL_URL_NOT_WEB,
  );
const thumbnailUrl = optionalThumbnailUrl();

/** POST /api/admin/courses. New courses are drafts. */
export const courseCreateBodySchema = z.strictObject({
  title: courseTitle,
  description: courseDescription.nullish().transform((v) => v ?? ''),
  thumbnailUrl,
});
export type CourseCreateBody = z.input<typeof courseCreateBodySchema>;

export const VIDEO_WATCH_SHARE_RANGE = 'The share of a video to watch must be a whole percent from 1 to 100.';
export const VIDEO_WATCH_SHARE_DEFAULT = 90;

/** PATCH /api/admin/courses/:id: any of the details and settings; a thumbnailUrl of null or '' removes the thumbnail. */
export const courseUpdateBodySchema = z
  .strictObject({
    title: courseTitle.optional(),
    description: courseDescription.nullish().transform((v) => (v === null ? '' : v)),
    thumbnailUrl: optionalThumbnailUrl()
      .transform((v) => v ?? null)
      .optional(),
    lessonsInOrder: z.boolean().optional(),
    videoWatchShare: z
      .number({ error: VIDEO_WATCH_SHARE_RANGE })
      .int(VIDEO_WATCH_SHARE_RANGE)
      .min(1, VIDEO_WATCH_SHARE_RANGE)
      .max(100, VIDEO_WATCH_SHARE_RANGE)
      .nullable()
      .optional(),
    /** 'Late Submissions' (decision 034): the rule, and the penalty per day late and its cap, in percent. */
    latePolicy: latePolicySchema.optional(),
    latePenaltyPerDay: penaltySchema.optional(),
    latePenaltyCap: penaltySchema.optional(),
    /** 'Show Hidden Tests After the Due Date'. */
    hiddenTestsAfterDue: z.boolean().optional(),
    /** The gradebook's weights of its two categories; the server checks them together with the stored ones. */
    exercisesWeight: weightSchema.optional(),
    quizzesWeight: weightSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update.')
  .refine((b) => !(b.exercisesWeight === 0 && b.quizzesWeight === 0), {
    message: CalendarMessages.weightInvalid,
    path: ['quizzesWeight'],
  });
export type CourseUpdateBody = z.input<typeof courseUpdateBodySchema>;

/** PATCH /api/admin/courses/:id/publish */
export const coursePublishBodySchema = z.strictObject({ isPublished: z.boolean() });
export type CoursePublishBody = z.infer<typeof coursePublishBodySchema>;

export const courseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnailUrl: z.string().nullable(),
  isPublished: z.boolean(),
  /** Each lesson opens once every lesson before it is completed. */
  lessonsInOrder: z.boolean(),
  /** Percent of a video lesson's video to really play before Mark Complete; null: no such rule. */
  videoWatchShare: z.number().int().nullable(),
  /** 'Late Submissions': what work after its due date gets, and the penalty's percent per day and cap. */
  latePolicy: latePolicySchema,
  latePenaltyPerDay: z.number().int(),
  latePenaltyCap: z.number().int(),
  /** Hidden tests' names and results are shown to a student once their due date has passed. */
  hiddenTestsAfterDue: z.boolean(),
  /** The gradebook's weights of exercises and of quizzes in the course's total. */
  exercisesWeight: z.number().int(),
  quizzesWeight: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;
export const courseResponseSchema = z.object({ course: courseSchema });
export type CourseResponse = z.infer<typeof courseResponseSchema>;

export const chapterPreviewSchema = z.object({ id: z.string(), title: z.string(), order: z.number().int(), lessonCount: z.number().int() });

export const courseListItemSchema = courseSchema.extend({
  chapterCount: z.number().int(),
  lessonCount: z.number().int(),
  /** Enrolled students. */
  studentCount: z.number().int(),
  /** The first chapters (at most 3), in order, with their lesson counts. */
  chapterPreview: z.array(chapterPreviewSchema),
  /** For "... and n more chapters"; 0 when all are previewed. */
  moreChapterCount: z.number().int(),
});
export type CourseListItem = z.infer<typeof courseListItemSchema>;

/** GET /api/admin/courses: the whole course-list screen. */
export const courseListResponseSchema = z.object({
  stats: z.object({
    totalCourses: z.number().int(),
    published: z.number().int(),
    drafts: z.number().int(),
    totalEnrollments: z.number().int(),
  }),
  /** Newest first (same time: by title). */
  courses: z.array(courseListItemSchema),
});
export type CourseListResponse = z.infer<typeof courseListResponseSchema>;

// ---------- chapters ----------

const chapterTitle = z
  .string({ error: 'Chapter title is required' })
  .trim()
  .min(1, 'Chapter title is required')
  .max(CHAPTER_TITLE_MAX, `The chapter title must be at most ${CHAPTER_TITLE_MAX} characters.`);

/** POST /api/admin/courses/:courseId/chapters (appended at the end) and PATCH /api/admin/chapters/:id */
export const chapterBodySchema = z.strictObject({ title: chapterTitle });
export type ChapterBody = z.input<typeof chapterBodySchema>;

/**
 * PUT /api/admin/chapters/:id/calendar: the chapter's 'Release' (a date, a number of days after enrollment, or
 * neither: open from the start) and 'Due Date', as moments (the web converts the school's wall time). A due date
 * before the release date, of the chapter or of one of its exercises or quizzes, is refused.
 */
export const RELEASE_AFTER_DAYS_MAX = 3650;
export const chapterCalendarBodySchema = z
  .strictObject({
    releaseAt: momentSchema.nullable(),
    releaseAfterDays: z
      .number({ error: CalendarMessages.releaseDaysInvalid })
      .int(CalendarMessages.releaseDaysInvalid)
      .min(0, CalendarMessages.releaseDaysInvalid)
      .max(RELEASE_AFTER_DAYS_MAX, CalendarMessages.releaseDaysInvalid)
      .nullable(),
    dueAt: momentSchema.nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.releaseAt !== null && b.releaseAfterDays !== null)
      ctx.addIssue({ code: 'custom', path: ['releaseAfterDays'], message: CalendarMessages.releaseBothWays });
    else if (b.releaseAt !== null && b.dueAt !== null && Date.parse(b.dueAt) < Date.parse(b.releaseAt))
      ctx.addIssue({ code: 'custom', path: ['dueAt'], message: CalendarMessages.dueBeforeRelease });
  });
export type ChapterCalendarBody = z.input<typeof chapterCalendarBodySchema>;

/** PUT /api/admin/chapters/:id/position: move to this 1-based place; the others renumber 1..n. */
export const chapterMoveBodySchema = z.strictObject({ order: z.number().int().min(1, 'Order must be 1 or more.') });
export type ChapterMoveBody = z.infer<typeof chapterMoveBodySchema>;

export const chapterSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  title: z.string(),
  order: z.number().int(),
  /** 'Release' on a date: the chapter opens at this moment for everyone; null otherwise. */
  releaseAt: z.string().nullable(),
  /** 'Release' a number of days after each student's enrollment; null otherwise. Both null: open from the start. */
  releaseAfterDays: z.number().int().nullable(),
  /** 'Due Date' of the chapter's exercises and quizzes without one of their own; null: not due. */
  dueAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chapter = z.infer<typeof chapterSchema>;
export const chapterResponseSchema = z.object({ chapter: chapterSchema });

// ---------- lessons ----------

export const fileRefSchema = z.object({ id: z.string(), name: z.string(), sizeBytes: z.number().int(), url: z.string() });
export type FileRef = z.infer<typeof fileRefSchema>;

export const lessonSchema = z.object({
  id: z.string(),
  chapterId: z.string(),
  title: z.string(),
  lessonType: lessonTypeSchema,
  /** The embeddable address (already converted). */
  videoUrl: z.string().nullable(),
  /** An uploaded file's address (/api/files/{id}) or an external PDF URL. */
  pdfUrl: z.string().nullable(),
  pdfFile: fileRefSchema.nullable(),
  tutorialPdfUrl: z.string().nullable(),
  tutorialFile: fileRefSchema.nullable(),
  /** Shows the 'Tutorial' badge. */
  hasTutorial: z.boolean(),
  summary: z.string(),
  order: z.number().int(),
  /** The lesson's programming exercises (edited in their own dialog). */
  exerciseCount: z.number().int(),
  /** The lesson has a quiz (edited in its own dialog). */
  hasQuiz: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lesson = z.infer<typeof lessonSchema>;
export const lessonResponseSchema = z.object({ lesson: lessonSchema });

/**
 * POST /api/admin/chapters/:chapterId/lessons. A PDF is either an upload (pdfFileId from
 * POST /api/admin/uploads) or an external pdfUrl; likewise the tutorial PDF. The video URL is
 * converted to its embeddable address (src/common/video.ts). Without `order` the lesson goes last.
 */
const lessonFields = {
  title: z
    .string({ error: LessonMessages.titleRequired })
    .trim()
    .min(1, LessonMessages.titleRequired)
    .max(LESSON_TITLE_MAX, `The lesson title must be at most ${LESSON_TITLE_MAX} characters.`),
  lessonType: lessonTypeSchema,
  videoUrl: optionalText(URL_MAX, `URLs must be at most ${URL_MAX} characters.`),
  pdfFileId: uuidOrUndefined,
  pdfUrl: optionalWebUrl(LessonMessages.pdfUrlNotWeb),
  tutorialFileId: uuidOrUndefined,
  tutorialPdfUrl: optionalWebUrl(LessonMessages.tutorialUrlNotWeb),
  summary: optionalText(LESSON_SUMMARY_MAX, `The summary must be at most ${LESSON_SUMMARY_MAX} characters.`).transform((v) => v ?? ''),
};
type LessonFields = z.infer<z.ZodObject<typeof lessonFields>>;

/** What a lesson of each type must hold, the same when it is added and when it is edited. */
function checkLessonContent(b: LessonFields, ctx: z.RefinementCtx) {
  const hasVideo = b.videoUrl !== undefined;
  const hasPdf = b.pdfFileId !== undefined || b.pdfUrl !== undefined;
  if (b.lessonType === 'VIDEO' && !hasVideo) ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: LessonMessages.videoRequired });
  if (b.lessonType === 'PDF' && !hasPdf) ctx.addIssue({ code: 'custom', path: ['pdfFileId'], message: LessonMessages.pdfRequired });
  if (b.lessonType === 'MIXED' && !(hasVideo && hasPdf))
    ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: LessonMessages.bothRequired });
  if (b.pdfFileId !== undefined && b.pdfUrl !== undefined)
    ctx.addIssue({ code: 'custom', path: ['pdfUrl'], message: LessonMessages.pdfBoth });
  if (b.tutorialFileId !== undefined && b.tutorialPdfUrl !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['tutorialPdfUrl'], message: LessonMessages.tutorialBoth });
  }
  if (hasVideo) {
    const v = toEmbedUrl(b.videoUrl!);
    if (!v.ok) ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: v.message });
  }
}

export const lessonCreateBodySchema = z
  .strictObject({ ...lessonFields, order: z.number().int().min(1, 'Order must be 1 or more.').optional() })
  .superRefine(checkLessonContent);
export type LessonCreateBody = z.input<typeof lessonCreateBodySchema>;

/**
 * PUT /api/admin/lessons/:id ('Edit Lesson'): the lesson's whole content, checked as when it is added; its place,
 * exercises, quiz and the students' progress stay. A file id may be the one the lesson has already.
 */
export const lessonUpdateBodySchema = z.strictObject(lessonFields).superRefine(checkLessonContent);
export type LessonUpdateBody = z.input<typeof lessonUpdateBodySchema>;

/** PUT /api/admin/lessons/:id/position: move within its chapter, or into another chapter of the same course. */
export const lessonMoveBodySchema = z.strictObject({
  order: z.number().int().min(1, 'Order must be 1 or more.'),
  chapterId: z.string().optional(),
});
export type LessonMoveBody = z.infer<typeof lessonMoveBodySchema>;

// ---------- the editor ----------

export const chapterWithLessonsSchema = chapterSchema.extend({ lessons: z.array(lessonSchema) });
export type ChapterWithLessons = z.infer<typeof chapterWithLessonsSchema>;

/** GET /api/admin/courses/:id: the whole editor (details, chapters in order, lessons in order). */
export const courseEditorResponseSchema = z.object({
  course: courseSchema.extend({ enrollmentCount: z.number().int() }),
  chapters: z.array(chapterWithLessonsSchema),
});
export type CourseEditorResponse = z.infer<typeof courseEditorResponseSchema>;
