import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dueThisWeekSchema } from '../../../common/calendar';
import { requireApproved } from '../../platform/http/guards';
import type { DueDatesService } from './due-dates.service';

const tags = ['learning'];

/** The student's due dates on their dashboard ('Due This Week'). */
export const dueDatesRoutes: FastifyPluginAsyncZod<{ dueDates: DueDatesService }> = async (app, { dueDates }) => {
  app.get(
    '/api/student/due-this-week',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary:
          "The signed-in student's exercises and quizzes due in the next 7 days, and those past due and not passed (the tutor's preview: none)",
        response: { 200: dueThisWeekSchema },
      },
    },
    (request) => dueDates.dueThisWeek(request.auth!),
  );
};
