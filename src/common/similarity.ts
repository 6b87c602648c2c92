import { z } from 'zod';
import { SIMILARITY_THRESHOLD_MAX, SIMILARITY_THRESHOLD_MIN, SimilarityMessages } from './similarity-texts';

export {
  SIMILARITY_PAIRS_KEPT,
  SIMILARITY_THRESHOLD_DEFAULT,
  SIMILARITY_THRESHOLD_MAX,
  SIMILARITY_THRESHOLD_MIN,
  SimilarityMessages,
  similarityPercent,
} from './similarity-texts';

/**
 * The tutor's similarity checks: per exercise, the last submission of every student compared with every other's,
 * the exercise's starter code left out; the pairs above the tutor's threshold, and each pair side by side.
 */

/** POST /api/admin/exercises/:exerciseId/similarity: the threshold, in whole percent of matching code. */
export const similarityRequestSchema = z.object({
  threshold: z
    .number({ error: SimilarityMessages.threshold })
    .int(SimilarityMessages.threshold)
    .min(SIMILARITY_THRESHOLD_MIN, SimilarityMessages.threshold)
    .max(SIMILARITY_THRESHOLD_MAX, SimilarityMessages.threshold),
});
export type SimilarityRequest = z.infer<typeof similarityRequestSchema>;

const studentSchema = z.object({ id: z.string(), name: z.string() });

/** One pair of students above the threshold, as listed. */
export const similarityPairSchema = z.object({
  id: z.string(),
  left: studentSchema,
  right: studentSchema,
  /** The share of matching code, 0 to 1: the parts of both programs that the other has too (starter code left out). */
  similarity: z.number(),
  /** How many separate matching fragments, and the longest, in lines of the left program. */
  fragments: z.number().int(),
  longestLines: z.number().int(),
});
export type SimilarityPair = z.infer<typeof similarityPairSchema>;

export const similarityStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type SimilarityStatus = (typeof similarityStatuses)[number];

/** GET /api/admin/exercises/:exerciseId/similarity: the latest check and the pairs it kept. */
export const similarityOverviewSchema = z.object({
  exercise: z.object({ id: z.string(), title: z.string(), language: z.string() }),
  /** How many students have a submission to compare now. */
  submittedStudents: z.number().int(),
  check: z
    .object({
      status: z.enum(similarityStatuses),
      requestedAt: z.string(),
      /** The threshold of the latest request, in percent. */
      threshold: z.number().int(),
      /** Set when the latest request failed. */
      error: z.string().nullable(),
      /** The results on screen: those of the last check that finished (a re-run replaces them only when it finishes). */
      results: z
        .object({
          finishedAt: z.string(),
          threshold: z.number().int(),
          compared: z.number().int(),
          /** Pairs at or above the threshold; at most SIMILARITY_PAIRS_KEPT of them are listed. */
          pairsAbove: z.number().int(),
        })
        .nullable(),
    })
    .nullable(),
  pairs: z.array(similarityPairSchema),
});
export type SimilarityOverview = z.infer<typeof similarityOverviewSchema>;

/** A place in a program: rows from 0, columns from 0, the end column not included. */
export const codeRegionSchema = z.object({
  startRow: z.number().int(),
  startCol: z.number().int(),
  endRow: z.number().int(),
  endCol: z.number().int(),
});
export type CodeRegion = z.infer<typeof codeRegionSchema>;

const programSchema = z.object({ student: studentSchema, submissionId: z.string(), submittedAt: z.string(), code: z.string() });

/** GET /api/admin/exercises/:exerciseId/similarity/pairs/:pairId: the two programs and their matching fragments. */
export const similarityPairDetailSchema = z.object({
  pair: similarityPairSchema,
  language: z.string(),
  left: programSchema,
  right: programSchema,
  /** The matching fragments, in the order of the left program. */
  fragments: z.array(z.object({ left: codeRegionSchema, right: codeRegionSchema })),
});
export type SimilarityPairDetail = z.infer<typeof similarityPairDetailSchema>;

export const similarityQueuedSchema = z.object({ message: z.string() });
