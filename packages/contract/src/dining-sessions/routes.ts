import { defineRouteContract } from '../common/route.js';
import { idParamSchema } from '../common/schemas.js';
import { closeTableInputSchema, closedTableResponseSchema } from '../tables/close.js';
import {
  publicSummaryResponseSchema,
  startSessionInputSchema,
  startSessionResponseSchema,
  summaryQuerySchema,
} from './schemas.js';
const tags = ['Dining sessions'];

/** A guest sits down and reads the running bill; staff close a table's session. */
export const diningSessionsRoutes = {
  startSession: defineRouteContract({
    method: 'POST',
    path: '/api/sessions/public/start',
    operationId: 'startSession',
    summary: 'Sit down at a table: open its dining session, or join the open one',
    tags,
    scope: 'guest',
    body: startSessionInputSchema,
    response: startSessionResponseSchema,
    errors: [400, 404, 409],
  }),
  getSessionSummary: defineRouteContract({
    method: 'GET',
    path: '/api/sessions/public/summary',
    operationId: 'getSessionSummary',
    summary: "The table's running bill, in both currencies",
    tags,
    scope: 'guest',
    query: summaryQuerySchema,
    response: publicSummaryResponseSchema,
    errors: [404],
  }),
  closeTable: defineRouteContract({
    method: 'POST',
    path: '/api/tables/:id/close',
    operationId: 'closeTable',
    summary:
      'Close table: end its dining session and free it (unpaid orders: a manager voids or settles them, with a reason)',
    tags: ['Floor'],
    scope: 'staff',
    permissions: ['manage_orders'],
    params: idParamSchema,
    // No body is the same as {}: a table nobody ordered at needs no reason.
    body: closeTableInputSchema.nullish(),
    response: closedTableResponseSchema,
    errors: [403, 404, 409],
  }),
};
