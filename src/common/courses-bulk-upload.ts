import { z } from 'zod';

/**
 * POST /api/admin/courses/:courseId/bulk-upload with `{ data }`: the pasted text. See
 * docs/decisions/005-bulk-upload-rows-fail-alone.md for the row rules.
 *
 * - First line: headers, separated by tabs (if the line has a tab) or commas, case-insensitive.
 *   Required: chapter, lesson, type, content. Optional: summary, tutorial_pdf, pdf.
 * - type: VIDEO, PDF or MIXED (any case). content: the video URL for VIDEO (converted to its
 *   embeddable address), the PDF URL for PDF, and for MIXED both as `videoUrl|pdfUrl`, or the
 *   video URL in content and the PDF URL in the optional `pdf` column.
 * - Fields may be quoted ("a, b" or with newlines inside), as in any CSV.
 */
export const BULK_UPLOAD_MAX_ROWS = 2000;
/** Request body limit of the bulk upload route. */
export const BULK_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const BULK_REQUIRED_HEADERS = ['chapter', 'lesson', 'type', 'content'] as const;
export const BULK_OPTIONAL_HEADERS = ['summary', 'tutorial_pdf', 'pdf'] as const;

export const BulkMessages = {
  dataRequired: 'Please enter bulk upload data',
  missingHeaders: (missing: string[]) => `Missing required headers: ${missing.join(', ')}. Expected: chapter, lesson, type, content`,
  noRows: 'No lesson rows found below the header line.',
  tooManyRows: (rows: number) =>
    `Too many rows: ${rows}. At most ${BULK_UPLOAD_MAX_ROWS.toLocaleString('en-US')} lessons can be uploaded at once.`,
  tooLarge: `The bulk upload data is too large. At most ${BULK_UPLOAD_MAX_BYTES / 1024 / 1024} MB can be uploaded at once.`,
  unclosedQuote: (row: number) => `The data could not be read: a quoted field starting near row ${row} is never closed.`,
  badQuote: (row: number) =>
    `The data could not be read: a quoted field near row ${row} is malformed (write a quote inside a quoted field as "").`,
  invalidType: (type: string) => `Invalid lesson type: ${type}. Must be VIDEO, PDF, or MIXED`,
  chapterRequired: 'Chapter error: Chapter title is required',
  chapterTooLong: (max: number) => `Chapter error: The chapter title must be at most ${max} characters.`,
  created: (chapter: string, order: number) => `Created as lesson ${order} of chapter '${chapter}'`,
} as const;

export const bulkUploadBodySchema = z.strictObject({
  data: z.string({ error: BulkMessages.dataRequired }).refine((v) => v.trim().length > 0, BulkMessages.dataRequired),
});
export type BulkUploadBody = z.infer<typeof bulkUploadBodySchema>;

export const bulkRowResultSchema = z.object({
  /** 1-based row number below the header line. */
  row: z.number().int(),
  chapter: z.string(),
  lesson: z.string(),
  status: z.enum(['success', 'error']),
  message: z.string(),
  /** The created lesson, on success. */
  lessonId: z.string().nullable(),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

export const bulkUploadResponseSchema = z.object({
  results: z.array(bulkRowResultSchema),
  successCount: z.number().int(),
  errorCount: z.number().int(),
  /** Chapters that did not exist before (matched case-insensitively). */
  chaptersCreated: z.number().int(),
});
export type BulkUploadResponse = z.infer<typeof bulkUploadResponseSchema>;

export const BULK_UPLOAD_EXAMPLE = [
  'chapter,lesson,type,content,summary,tutorial_pdf',
  'Getting Started,Installing Java,VIDEO,https://www.youtube.com/watch?v=eIrMbAQSU34,Install the JDK and an editor,',
  'Getting Started,Cheat sheet,PDF,https://example.com/java-cheatsheet.pdf,"Keywords, types and operators",',
  'Classes and Objects,Your first class,MIXED,https://youtu.be/eIrMbAQSU34|https://example.com/classes.pdf,Fields and methods,https://example.com/classes-exercises.pdf',
].join('\n');
