import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courseCreateBodySchema,
  courseEditorResponseSchema,
  courseListResponseSchema,
  coursePublishBodySchema,
  courseResponseSchema,
  courseUpdateBodySchema,
} from '../../../common/courses';
import { requireAdmin } from '../../platform/http/guards';
import type { CoursesService } from './courses.service';

const idParams = z.object({ id: z.string() });

export const coursesRoutes: FastifyPluginAsyncZod<{ courses: CoursesService }> = async (app, { courses }) => {
  app.get(
    '/api/admin/courses',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['courses'],
        summary: 'The course list: statistics, and every course with counts and its first chapters',
        response: { 200: courseListResponseSchema },
      },
    },
    () => courses.list(),
  );

  app.post(
    '/api/admin/courses',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['courses'],
        summary: 'Create a course (a draft)',
        body: courseCreateBodySchema,
        response: { 201: courseResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send({ course: await courses.create(request.body) }),
  );

  app.get(
    '/api/admin/courses/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['courses'],
        summary: 'The course editor: details, chapters and lessons in order',
        params: idParams,
        response: { 200: courseEditorResponseSchema },
      },
    },
    (request) => courses.editor(request.params.id),
  );

  app.patch(
    '/api/admin/courses/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['courses'],
        summary: 'Update the course details (title, description, thumbnail URL)',
        params: idParams,
        body: courseUpdateBodySchema,
        response: { 200: courseResponseSchema },
      },
    },
    async (request) => ({ course: await courses.update(request.params.id, request.body) }),
  );

  app.patch(
    '/api/admin/courses/:id/publish',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['courses'],
        summary: 'Publish or unpublish a course',
        params: idParams,
        body: coursePublishBodySchema,
        response: { 200: courseResponseSchema },
      },
    },
    async (request) => ({ course: await courses.setPublished(request.params.id, request.body.isPublished) }),
  );

  app.delete(
    '/api/admin/courses/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['courses'],
        summary: 'Delete a course with its chapters, lessons, uploaded files, enrollments and progress',
        params: idParams,
      },
    },
    async (request, reply) => {
      await courses.remove(request.params.id);
      return reply.code(204).send();
    },
  );
};
