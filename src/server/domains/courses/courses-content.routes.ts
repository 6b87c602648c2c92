import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chapterBodySchema,
  chapterCalendarBodySchema,
  chapterMoveBodySchema,
  chapterResponseSchema,
  courseEditorResponseSchema,
  lessonCreateBodySchema,
  lessonUpdateBodySchema,
  lessonMoveBodySchema,
  lessonResponseSchema,
} from '../../../common/courses';
import { requireAdmin } from '../../platform/http/guards';
import type { CoursesContentService } from './courses-content.service';

const idParams = z.object({ id: z.string() });

/** Chapters and lessons of the course editor's Content tab. */
export const coursesContentRoutes: FastifyPluginAsyncZod<{ content: CoursesContentService }> = async (app, { content }) => {
  app.post(
    '/api/admin/courses/:id/chapters',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['course content'],
        summary: 'Add a chapter at the end of the course',
        params: idParams,
        body: chapterBodySchema,
        response: { 201: chapterResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send({ chapter: await content.addChapter(request.params.id, request.body.title) }),
  );

  app.patch(
    '/api/admin/chapters/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['course content'],
        summary: 'Rename a chapter',
        params: idParams,
        body: chapterBodySchema,
        response: { 200: chapterResponseSchema },
      },
    },
    async (request) => ({ chapter: await content.renameChapter(request.params.id, request.body.title) }),
  );

  app.put(
    '/api/admin/chapters/:id/calendar',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['course content'],
        summary: "Set a chapter's release (a date, or days after each student's enrollment) and its due date",
        params: idParams,
        body: chapterCalendarBodySchema,
        response: { 200: chapterResponseSchema },
      },
    },
    async (request) => ({ chapter: await content.setChapterCalendar(request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/chapters/:id',
    {
      onRequest: requireAdmin,
      schema: { tags: ['course content'], summary: 'Delete a chapter and all its lessons; the others renumber 1..n', params: idParams },
    },
    async (request, reply) => {
      await content.deleteChapter(request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/admin/chapters/:id/position',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['course content'],
        summary: 'Move a chapter to a 1-based place; answers the whole editor tree',
        params: idParams,
        body: chapterMoveBodySchema,
        response: { 200: courseEditorResponseSchema },
      },
    },
    (request) => content.moveChapter(request.params.id, request.body.order),
  );

  app.post(
    '/api/admin/chapters/:id/lessons',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['course content'],
        summary: 'Add a lesson to a chapter (last, or at `order`)',
        params: idParams,
        body: lessonCreateBodySchema,
        response: { 201: lessonResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send({ lesson: await content.addLesson(request.params.id, request.body) }),
  );

  app.put(
    '/api/admin/lessons/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['course content'],
        summary: "Edit a lesson in place: its title, type, video, PDFs and summary; its exercises, quiz and the students' progress stay",
        params: idParams,
        body: lessonUpdateBodySchema,
        response: { 200: lessonResponseSchema },
      },
    },
    async (request) => ({ lesson: await content.updateLesson(request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/lessons/:id',
    {
      onRequest: requireAdmin,
      schema: { tags: ['course content'], summary: 'Delete a lesson; the chapter renumbers 1..n', params: idParams },
    },
    async (request, reply) => {
      await content.deleteLesson(request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/admin/lessons/:id/position',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['course content'],
        summary: 'Move a lesson within its chapter or into another chapter of the course; answers the whole editor tree',
        params: idParams,
        body: lessonMoveBodySchema,
        response: { 200: courseEditorResponseSchema },
      },
    },
    (request) => content.moveLesson(request.params.id, request.body.order, request.body.chapterId),
  );
};
