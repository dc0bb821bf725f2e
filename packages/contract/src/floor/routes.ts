import { defineRouteContract } from '../common/route.js';
import { floorResponseSchema } from './schemas.js';
/** The waiter's floor. */
export const floorRoutes = {
  getFloor: defineRouteContract({
    method: 'GET',
    path: '/api/tables/floor',
    operationId: 'getFloor',
    summary: 'Every table with its dining session, orders and open notifications',
    tags: ['Floor'],
    scope: 'staff',
    permissions: ['view_tables'],
    response: floorResponseSchema,
    errors: [404],
  }),
};
