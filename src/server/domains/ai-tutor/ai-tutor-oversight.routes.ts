import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiTutorAllowanceBodySchema,
  aiTutorAllowanceSchema,
  aiTutorAllowancesResponseSchema,
  aiTutorCourseLimitBodySchema,
  studentAiConversationsResponseSchema,
  tutorOverseenConversationSchema,
} from '../../../common/ai-tutor';
import { requireAdmin } from '../../platform/http/guards';
import type { AiTutorOversightService } from './ai-tutor-oversight.service';

const tags = ['ai-tutor'];
const student = z.object({ studentId: z.string() });
const studentCourse = z.object({ studentId: z.string(), courseId: z.string() });

/** The tutor's side of the AI tutor: the students' conversations and their daily limits. Admin only. */
export const aiTutorOversightRoutes: FastifyPluginAsyncZod<{ oversight: AiTutorOversightService }> = async (app, { oversight }) => {
  app.get(
    '/api/admin/students/:studentId/ai-conversations',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "The student's conversations with the AI tutor, most recently used first, each with its course, lesson and every message: " +
          'the hint level each question asked for and, where the leak guard acted, the answer it kept from the student',
        params: student,
        response: { 200: studentAiConversationsResponseSchema },
      },
    },
    (request) => oversight.studentConversations(request.params.studentId),
  );

  app.get(
    '/api/admin/ai-conversations/:conversationId',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'One conversation with the AI tutor as the tutor reads it (404 for none)',
        params: z.object({ conversationId: z.string() }),
        response: { 200: tutorOverseenConversationSchema },
      },
    },
    (request) => oversight.conversation(request.params.conversationId),
  );

  app.get(
    '/api/admin/students/:studentId/ai-tutor-allowances',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "The student's daily AI tutor questions in each course they are enrolled in: the course's limit, the student's own, " +
          'the one that applies and how many they asked today',
        params: student,
        response: { 200: aiTutorAllowancesResponseSchema },
      },
    },
    async (request) => ({ allowances: await oversight.allowances(request.params.studentId) }),
  );

  app.put(
    '/api/admin/students/:studentId/ai-tutor-allowances/:courseId',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "Set the student's own daily AI tutor questions in the course (0 to 1000), over the course's limit. Refused (400, 404) " +
          'for a bad number, an unknown student or course, or a course the student is not enrolled in; nothing is written then',
        params: studentCourse,
        body: aiTutorAllowanceBodySchema,
        response: { 200: aiTutorAllowanceSchema },
      },
    },
    (request) => oversight.setAllowance(request.params.studentId, request.params.courseId, request.body.dailyMessages),
  );

  app.delete(
    '/api/admin/students/:studentId/ai-tutor-allowances/:courseId',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Remove the student's own daily limit in the course: the course's applies again",
        params: studentCourse,
        response: { 200: aiTutorAllowanceSchema },
      },
    },
    (request) => oversight.removeAllowance(request.params.studentId, request.params.courseId),
  );

  app.put(
    '/api/admin/courses/:courseId/ai-tutor-limit',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Set the course's daily AI tutor questions per student (0 to 1000), or null for the site's default (AI_DAILY_MESSAGES)",
        params: z.object({ courseId: z.string() }),
        body: aiTutorCourseLimitBodySchema,
        response: { 200: z.object({ courseId: z.string(), dailyMessages: z.number().int().nullable() }) },
      },
    },
    (request) => oversight.setCourseLimit(request.params.courseId, request.body.dailyMessages),
  );
};
