import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  extensionCourseSchema,
  grantExtensionsBodySchema,
  grantExtensionsResponseSchema,
  removeExtensionResponseSchema,
  studentExtensionsResponseSchema,
} from '../../../common/deadline-extensions';
import { requireAdmin } from '../../platform/http/guards';
import type { ExtensionsService } from './extensions.service';

const tags = ['calendar'];

/** 'Extend Deadline': the tutor's per-student due dates. Admin only. */
export const extensionsRoutes: FastifyPluginAsyncZod<{ extensions: ExtensionsService }> = async (app, { extensions }) => {
  app.get(
    '/api/admin/students/:studentId/extensions',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "The student's enrolled courses with their chapters, exercises and quizzes (each with its due date), and the " +
          "student's extended deadlines (404 for an unknown student)",
        params: z.object({ studentId: z.string() }),
        response: { 200: studentExtensionsResponseSchema },
      },
    },
    (request) => extensions.forStudent(request.params.studentId),
  );

  app.get(
    '/api/admin/courses/:courseId/extension-items',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "A course's chapters, exercises and quizzes with their due dates: what a deadline can be extended for",
        params: z.object({ courseId: z.string() }),
        response: { 200: extensionCourseSchema },
      },
    },
    (request) => extensions.courseItems(request.params.courseId),
  );

  app.post(
    '/api/admin/extensions',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Extend the deadline of one or several students for a chapter, an exercise or a quiz of a course, replacing an ' +
          'extension they had for it. All or nothing: a student not enrolled, an item not of the course or without a due ' +
          'date, or a date before the chapter opens for a student is a 4xx and nothing is written',
        body: grantExtensionsBodySchema,
        response: { 200: grantExtensionsResponseSchema },
      },
    },
    (request) => extensions.grant(request.body, request.auth!.user.id),
  );

  app.delete(
    '/api/admin/extensions/:extensionId',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Remove an extension: the usual due date applies to the student again (404 for none)',
        params: z.object({ extensionId: z.string() }),
        response: { 200: removeExtensionResponseSchema },
      },
    },
    (request) => extensions.remove(request.params.extensionId),
  );
};
