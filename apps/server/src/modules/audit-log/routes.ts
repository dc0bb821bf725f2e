import { auditRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { auditCsv, auditPage } from './service.js';

/** The restaurant's audit log, for its administrator (its Audit Logs tab). */
export const auditLogRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, auditRoutes.getAuditLog, async (request, reply) => {
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
  });
};
