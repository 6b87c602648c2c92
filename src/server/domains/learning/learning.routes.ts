import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courseProgressSummarySchema,
  dashboardResponseSchema,
  learnResponseSchema,
  progressBodySchema,
  progressResponseSchema,
  videoProgressBodySchema,
  videoProgressResponseSchema,
  videoUnplayableBodySchema,
} from '../../../common/learning';
import { requireAdmin, requireApproved } from '../../platform/http/guards';
import type { LearningService } from './learning.service';

const tags = ['learning'];

/**
 * The busiest answers of the app go out with JSON.stringify alone. Their schemas stay for the
 * request side and the API docs, but checking and copying a 30-lesson outline through zod on every
 * answer cost more than writing it; the services build these answers field by field, typed by the
 * same schemas, so nothing else can reach the client.
 */
const stringify = () => (data: unknown) => JSON.stringify(data);

/** The student's side: the student dashboard and the course-learning screen; and the tutor's view of a course's progress. */
export const learningRoutes: FastifyPluginAsyncZod<{ learning: LearningService }> = async (app, { learning }) => {
  app.get(
    '/api/student/dashboard',
    {
      onRequest: requireApproved,
      serializerCompiler: stringify,
      schema: {
        tags,
        summary: "The signed-in student's courses, progress and insights (the admin gets a simulated preview)",
        response: { 200: dashboardResponseSchema },
      },
    },
    (request) => learning.dashboard(request.auth!),
  );

  app.get(
    '/api/courses/:courseId/learn',
    {
      onRequest: requireApproved,
      serializerCompiler: stringify,
      schema: {
        tags,
        summary: 'The course-learning screen: outline, lesson statuses and progress (enrolled students; the admin previews)',
        params: z.object({ courseId: z.string() }),
        response: { 200: learnResponseSchema },
      },
    },
    (request) => learning.learn(request.auth!, request.params.courseId),
  );

  app.put(
    '/api/lessons/:lessonId/progress',
    {
      onRequest: requireApproved,
      serializerCompiler: stringify,
      schema: {
        tags,
        summary: 'Record opening (in_progress) or completing a lesson; idempotent, never downgrades; nothing saved in preview',
        params: z.object({ lessonId: z.string() }),
        body: progressBodySchema,
        response: { 200: progressResponseSchema },
      },
    },
    (request) => learning.recordProgress(request.auth!, request.params.lessonId, request.body),
  );

  app.get(
    '/api/admin/courses/:courseId/progress-summary',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "The course's enrolled students and how many are mid-course (the tutor asks before turning on lessons in order)",
        params: z.object({ courseId: z.string() }),
        response: { 200: courseProgressSummarySchema },
      },
    },
    (request) => learning.progressSummary(request.params.courseId),
  );

  app.put(
    '/api/lessons/:lessonId/video-progress',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary: "The lesson video's position and the seconds really played since the last report, credited against the server's clock",
        params: z.object({ lessonId: z.string() }),
        body: videoProgressBodySchema,
        response: { 200: videoProgressResponseSchema },
      },
    },
    (request) => learning.recordVideoProgress(request.auth!, request.params.lessonId, request.body),
  );

  app.post(
    '/api/lessons/:lessonId/video-unplayable',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary: "The student's player could not play the lesson's video (an error, or no answer): Mark Complete stops waiting for it",
        params: z.object({ lessonId: z.string() }),
        body: videoUnplayableBodySchema,
        response: { 200: videoProgressResponseSchema },
      },
    },
    (request) => learning.recordVideoUnplayable(request.auth!, request.params.lessonId, request.body),
  );
};
