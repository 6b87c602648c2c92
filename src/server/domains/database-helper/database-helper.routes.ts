import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dbHelperQuerySchema,
  dbHelperResponseSchema,
  tableItemsResponseSchema,
  tablesResponseSchema,
} from '../../../common/database-helper';
import { requireAdmin } from '../../platform/http/guards';
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
      schema: {
        tags: ['database helper'],
        summary: 'The readable tables, their fields and the filter operators',
        response: { 200: tablesResponseSchema },
      },
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
        description:
          "Keyset pages: `_cursor` is the previous page's `nextCursor`, and every page is read from an index on (sort field, id), " +
          'so a deep page costs what the first one does, at a thousand rows or a million. Only the fields GET /api/admin/tables marks ' +
          '`sortable` are accepted in `_sort` (the id, the timestamps that are never empty, and a few short fields that are never empty: ' +
          'e-mail, names, titles, order, size); any field can still be filtered on. Default: `_sort=createdAt&_order=desc`. ' +
          'A forged or stale `_cursor` (another sort, a value that does not parse, a date that does not exist) answers 400.',
        params: z.object({ table: z.string() }),
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: { 200: tableItemsResponseSchema },
      },
    },
    (request) => helper.items(request.params.table, request.query),
  );
};
