import { auditLogQuerySchema, auditPageResponseSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses, fileContent } from '../../core/http/responses.js';
import { auditCsv, auditPage } from './service.js';

/** The restaurant's audit log, for its administrator (spec §2, Audit Logs). */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit-log',
    {
      schema: {
        tags: ['Audit log'],
        summary:
          "The restaurant's audit log, newest first, filtered by user, action and local dates: a page, or all of it as CSV",
        querystring: auditLogQuerySchema,
        response: {
          200: {
            description: 'format=json: one page; csv: the file',
            content: {
              'application/json': { schema: auditPageResponseSchema },
              ...fileContent('text/csv'),
            },
          },
          ...errorResponses(404, 413),
        },
      },
      preHandler: requirePermission('full_access'),
    },
    async (request, reply) => {
      const restaurantId = requireRestaurantId(request);
      const { format, page, pageSize, ...filter } = request.query;
      if (format === 'csv') {
        const csv = await auditCsv(app.db, restaurantId, filter);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit-log.csv"')
          .send(csv);
      }
      return {
        success: true as const,
        data: await auditPage(app.db, restaurantId, { ...filter, page, pageSize }),
      };
    },
  );
};
