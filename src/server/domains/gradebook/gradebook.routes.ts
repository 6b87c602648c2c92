import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gradebookRowResponseSchema, gradebookSchema, myGradesSchema, overrideBodySchema } from '../../../common/gradebook';
import { requireAdmin, requireApproved } from '../../platform/http/guards';
import type { GradebookService } from './gradebook.service';

const tags = ['gradebook'];
// A class's gradebook is 50,000 cells: sent as built, since the zod serializer would copy every one of them for nothing.
const stringify = () => (data: unknown) => JSON.stringify(data);
const overridePath = '/api/admin/courses/:courseId/gradebook/students/:studentId/items/:itemId/override';
const overrideParams = z.object({ courseId: z.string(), studentId: z.string(), itemId: z.string() });

/** The tutor's gradebook, its CSV and 'Override Score'; the student's My Grades. */
export const gradebookRoutes: FastifyPluginAsyncZod<{ gradebook: GradebookService }> = async (app, { gradebook }) => {
  app.get(
    '/api/admin/courses/:courseId/gradebook',
    {
      onRequest: requireAdmin,
      serializerCompiler: stringify,
      schema: {
        tags,
        summary:
          "Every enrolled student's score on each exercise and quiz of the course (outline order), with marks for late, extended and overridden, and the totals per chapter and for the course",
        params: z.object({ courseId: z.string() }),
        response: { 200: gradebookSchema },
      },
    },
    (request) => gradebook.gradebook(request.params.courseId),
  );

  app.get(
    '/api/admin/courses/:courseId/gradebook.csv',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'The gradebook as a CSV file, with the same figures as GET .../gradebook',
        params: z.object({ courseId: z.string() }),
      },
    },
    async (request, reply) => {
      const { body, filename } = await gradebook.csv(request.params.courseId);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );

  app.put(
    overridePath,
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "'Override Score': the tutor's score (0 to 100) for one student's exercise or quiz, with the reason; replaces an earlier override. Answers the student's row",
        params: overrideParams,
        body: overrideBodySchema,
        response: { 200: gradebookRowResponseSchema },
      },
    },
    (request) => {
      const { courseId, studentId, itemId } = request.params;
      return gradebook.setOverride(request.auth!.user.id, courseId, studentId, itemId, request.body);
    },
  );

  app.delete(
    overridePath,
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Removes an override: the graded score counts again. Answers the student's row",
        params: overrideParams,
        response: { 200: gradebookRowResponseSchema },
      },
    },
    (request) => {
      const { courseId, studentId, itemId } = request.params;
      return gradebook.removeOverride(courseId, studentId, itemId);
    },
  );

  app.get(
    '/api/courses/:courseId/grades',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary: "My Grades: the caller's own scores and totals in a course they are enrolled in, as the gradebook computes them",
        params: z.object({ courseId: z.string() }),
        response: { 200: myGradesSchema },
      },
    },
    (request) => gradebook.myGrades(request.auth!, request.params.courseId),
  );
};
