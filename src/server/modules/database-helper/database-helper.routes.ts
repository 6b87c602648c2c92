import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbHelperQuerySchema, dbHelperResponseSchema, tableItemsResponseSchema, tablesResponseSchema } from '../../../common/database-helper';
import { requireAdmin } from '../auth/auth.plugin';
import type { DatabaseHelperService } from './database-helper.service';

export const databaseHelperRoutes: FastifyPluginAsyncZod<{ helper: DatabaseHelperService }> = async (app, { helper }) => {
  app.get(
    '/api/admin/database-helper',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['database helper'],
        summary: 'User search (name, surname or e-mail), the first Java course, and all courses',
        querystring: dbHelperQuerySchema,
        response: { 200: dbHelperResponseSchema },
      },
    },
    (request) => helper.overview(request.query.search),
  );

  app.get(
    '/api/admin/tables',
    {
      onRequest: requireAdmin,
      schema: { tags: ['database helper'], summary: 'The readable tables, their fields and the filter operators', response: { 200: tablesResponseSchema } },
    },
    () => helper.tables(),
  );

  app.get(
    '/api/admin/tables/:table/items',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['database helper'],
        summary: 'Read a table: _limit (max 100), _cursor, _sort, _order, and per-field filters value | op:value | BETWEEN:low,high',
        params: z.object({ table: z.string() }),
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: { 200: tableItemsResponseSchema },
      },
    },
    (request) => helper.items(request.params.table, request.query),
  );
};
