import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SimilarityMessages,
  similarityOverviewSchema,
  similarityPairDetailSchema,
  similarityQueuedSchema,
  similarityRequestSchema,
} from '../../../common/similarity';
import { requireAdmin } from '../../platform/http/guards';
import type { SimilarityService } from './similarity.service';

const tags = ['similarity'];
const stringify = () => (data: unknown) => JSON.stringify(data);

/** The tutor's similarity checks of an exercise: the results, 'Check Similarity', and one pair side by side. */
export const similarityRoutes: FastifyPluginAsyncZod<{ similarity: SimilarityService }> = async (app, { similarity }) => {
  app.get(
    '/api/admin/exercises/:exerciseId/similarity',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "The exercise's latest similarity check and the pairs of students above its threshold, the most similar first",
        params: z.object({ exerciseId: z.string() }),
        response: { 200: similarityOverviewSchema },
      },
    },
    async (request) => similarity.overview(request.params.exerciseId),
  );

  app.post(
    '/api/admin/exercises/:exerciseId/similarity',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "'Check Similarity': queue a comparison of every student's last submission (409 while one is queued or running); the results replace the last ones when it finishes",
        params: z.object({ exerciseId: z.string() }),
        body: similarityRequestSchema,
        response: { 202: similarityQueuedSchema },
      },
    },
    async (request, reply) => {
      await similarity.request(request.auth!.user.id, request.params.exerciseId, request.body.threshold);
      return reply.code(202).send({ message: SimilarityMessages.queued });
    },
  );

  app.get(
    '/api/admin/exercises/:exerciseId/similarity/pairs/:pairId',
    {
      onRequest: requireAdmin,
      // Students' code is sent as is: the zod serializer would copy it for nothing.
      serializerCompiler: stringify,
      schema: {
        tags,
        summary: 'One pair of the last check: both programs as submitted and the fragments that match',
        params: z.object({ exerciseId: z.string(), pairId: z.string() }),
        response: { 200: similarityPairDetailSchema },
      },
    },
    async (request) => similarity.pair(request.params.exerciseId, request.params.pairId),
  );
};
