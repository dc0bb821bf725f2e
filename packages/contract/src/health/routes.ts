import { healthResponseSchema } from '../common/envelope.js';
import { defineRouteContract } from '../common/route.js';

/** Whether the server and its database answer (load balancers and uptime checks call it). */
export const healthRoutes = {
  getHealth: defineRouteContract({
    method: 'GET',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Whether the server and its database answer',
    tags: ['Health'],
    scope: 'public',
    response: healthResponseSchema,
    errors: [503],
  }),
} as const;
