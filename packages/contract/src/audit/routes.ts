import { defineRouteContract } from '../common/route.js';
import { auditLogQuerySchema, auditPageResponseSchema } from './schemas.js';
/** The restaurant's audit log, for its administrator (its Audit Logs tab). */
export const auditRoutes = {
  getAuditLog: defineRouteContract({
    method: 'GET',
    path: '/api/audit-log',
    operationId: 'getAuditLog',
    summary:
      "The restaurant's audit log, newest first, filtered by user, action and local dates: a page, or all of it as CSV",
    tags: ['Audit log'],
    scope: 'staff',
    permissions: ['full_access'],
    query: auditLogQuerySchema,
    response: auditPageResponseSchema,
    produces: ['text/csv'],
    responseDescription: 'format=json: one page; csv: the file',
    errors: [404, 413],
  }),
};
