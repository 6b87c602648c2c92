import { z } from 'zod';

/**
 * POST /api/admin/uploads?kind=pdf|tutorial, multipart/form-data with one part named `file`.
 * Only real PDFs (their bytes start with %PDF-) up to UPLOAD_MAX_MB (50 MB by default).
 * Failures answer `{ error: { code, message, title }, errCode, errMsg }` (errMsg = message),
 * so a client may read either the usual error or errCode/errMsg.
 */
export const uploadKindSchema = z.enum(['pdf', 'tutorial']);
export type UploadKind = z.infer<typeof uploadKindSchema>;
export const uploadQuerySchema = z.object({ kind: uploadKindSchema.default('pdf') });

export const UploadMessages = {
  notPdf: 'Please select a PDF file',
  notPdfTutorial: 'Please select a PDF file for the tutorial',
  tooLarge: (maxMb: number) => `The file is too large. The maximum size is ${maxMb} MB.`,
  failedTitle: 'Upload Failed',
  failedTitleTutorial: 'Tutorial Upload Failed',
  fileNotFound: 'File not found',
  noAccess: 'You do not have access to this file.',
  storageFull: 'The server has no room left to store this file. Nothing was saved; please try again later or free some space.',
  storageFailed: 'The file could not be stored right now. Nothing was saved; please try again in a moment.',
} as const;

export const UploadErrCode = {
  notPdf: 'INVALID_FILE',
  tooLarge: 'FILE_TOO_LARGE',
} as const;

export const uploadedFileSchema = z.object({
  id: z.string(),
  /** The name the file had on the tutor's computer. */
  name: z.string(),
  sizeBytes: z.number().int(),
  contentType: z.string(),
  /** Where signed-in users who may see the lesson read it: /api/files/{id}. */
  url: z.string(),
  createdAt: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadResponseSchema = z.object({ file: uploadedFileSchema });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const uploadErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), title: z.string().optional() }),
  errCode: z.string(),
  errMsg: z.string(),
});
export type UploadError = z.infer<typeof uploadErrorSchema>;

export const fileUrl = (id: string) => `/api/files/${id}`;
