import { z } from 'zod';
import {
  IMAGE_ALT_MODELS,
  IMAGE_PROMPT_MAX,
  MediaMessages,
  NUM_OUTPUTS_DEFAULT,
  NUM_OUTPUTS_MAX,
  NUM_OUTPUTS_MIN,
  SPEECH_TEXT_MAX,
} from './media-helpers-texts';

/** Request and response contracts of the media and web helpers; limits and texts are in media-texts.ts. */

export * from './media-helpers-texts';

/** What the browser may know: which helpers are set up (their buttons are hidden otherwise). Never a key or an address. */
export const mediaConfigSchema = z.object({
  /** The course editor's 'Generate thumbnail' (IMAGE_MODEL). */
  thumbnails: z.boolean(),
  /** The alternative image models (of the fixed IMAGE_ALT_MODELS) this server's provider offers, besides its default. */
  imageModels: z.array(z.string()),
  /** The server reads aloud (TTS_MODEL); otherwise the browser's own voice does. */
  speech: z.boolean(),
  /** Spoken questions to the tutor (STT_MODEL). */
  transcription: z.boolean(),
  /** Web sources under the tutor's answers (SEARCH_URL). */
  webSources: z.boolean(),
});
export type MediaConfig = z.infer<typeof mediaConfigSchema>;

export const helperBudgetSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
});
export type HelperBudget = z.infer<typeof helperBudgetSchema>;

/** POST /api/admin/courses/:id/thumbnail-candidates: 1 to 4 images from the image model, kept for an hour. */
export const thumbnailGenerateBodySchema = z.strictObject({
  prompt: z
    .string({ error: MediaMessages.promptRequired })
    .trim()
    .min(1, MediaMessages.promptRequired)
    .max(IMAGE_PROMPT_MAX, MediaMessages.promptTooLong),
  numOutputs: z
    .number({ error: MediaMessages.numOutputsRange })
    .int(MediaMessages.numOutputsRange)
    .min(NUM_OUTPUTS_MIN, MediaMessages.numOutputsRange)
    .max(NUM_OUTPUTS_MAX, MediaMessages.numOutputsRange)
    .default(NUM_OUTPUTS_DEFAULT),
  /** One of the six alternative models (IMAGE_ALT_MODELS); omitted (or null): the server's IMAGE_MODEL. */
  model: z
    .string()
    .trim()
    .nullish()
    .refine((m) => !m || (IMAGE_ALT_MODELS as readonly string[]).includes(m), MediaMessages.modelNotAllowed)
    .transform((m) => m || undefined),
});
export type ThumbnailGenerateBody = z.input<typeof thumbnailGenerateBodySchema>;

export const thumbnailCandidateSchema = z.object({
  id: z.string(),
  /** The image, for the tutor's eyes only: /api/admin/thumbnail-candidates/{id}. */
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type ThumbnailCandidate = z.infer<typeof thumbnailCandidateSchema>;

export const thumbnailCandidatesResponseSchema = z.object({
  candidates: z.array(thumbnailCandidateSchema),
  /** Images asked for that the provider did not deliver (the others are offered). */
  failed: z.number().int(),
  budget: helperBudgetSchema,
});
export type ThumbnailCandidatesResponse = z.infer<typeof thumbnailCandidatesResponseSchema>;

/** PUT /api/admin/courses/:id/thumbnail: the offered image (by id) becomes the course's thumbnail. */
export const thumbnailChooseBodySchema = z.strictObject({
  candidateId: z.string({ error: MediaMessages.candidateRequired }).trim().uuid(MediaMessages.candidateRequired),
});
export type ThumbnailChooseBody = z.infer<typeof thumbnailChooseBodySchema>;

/** POST /api/lessons/:lessonId/speech: the text's audio (longer text is sent in pieces, see splitForSpeech). */
export const speechBodySchema = z.strictObject({
  text: z
    .string({ error: MediaMessages.textRequired })
    .trim()
    .min(1, MediaMessages.textRequired)
    .max(SPEECH_TEXT_MAX, MediaMessages.textTooLong),
});
export type SpeechBody = z.infer<typeof speechBodySchema>;

/** POST /api/lessons/:lessonId/transcriptions (multipart, one part named `audio`): the words, for the student to check before sending. */
export const transcriptionResponseSchema = z.object({ text: z.string() });
export type TranscriptionResponse = z.infer<typeof transcriptionResponseSchema>;

export const webSourceSchema = z.object({ n: z.number().int(), title: z.string(), url: z.string() });
