import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schoolSettingsBodySchema, schoolSettingsSchema } from '../../../common/calendar';
import { requireAdmin } from '../../platform/http/guards';
import type { CalendarService } from './calendar.service';

const tags = ['calendar'];

/** The school's time zone ('School Time Zone'): the tutor's. Every visitor reads it in GET /api/public-config. */
export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (app, { calendar }) => {
  app.get(
    '/api/admin/school-settings',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: "The school's time zone, in which every date is shown", response: { 200: schoolSettingsSchema } },
    },
    () => calendar.settings(),
  );

  app.put(
    '/api/admin/school-settings',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Set the school's time zone (an IANA name such as Europe/Berlin); stored dates stay, they read in the new zone",
        body: schoolSettingsBodySchema,
        response: { 200: schoolSettingsSchema },
      },
    },
    (request) => calendar.setSettings(request.body),
  );
};
