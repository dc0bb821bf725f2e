// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const restaurantAccountRoutes: RouteRefs<typeof contract.restaurantAccountRoutes> = {
  getRestaurantPlan: {
    operationId: 'getRestaurantPlan',
    method: 'GET',
    path: '/api/restaurant/plan',
    scope: 'staff',
  },
  changeOwnPlan: {
    operationId: 'changeOwnPlan',
    method: 'PUT',
    path: '/api/restaurant/plan',
    scope: 'staff',
  },
  requestPlanUpgrade: {
    operationId: 'requestPlanUpgrade',
    method: 'POST',
    path: '/api/restaurant/plan/upgrade-request',
    scope: 'staff',
  },
  listSupportTickets: {
    operationId: 'listSupportTickets',
    method: 'GET',
    path: '/api/support/tickets',
    scope: 'staff',
  },
  openSupportTicket: {
    operationId: 'openSupportTicket',
    method: 'POST',
    path: '/api/support/tickets',
    scope: 'staff',
  },
  writeSupportTicket: {
    operationId: 'writeSupportTicket',
    method: 'POST',
    path: '/api/support/tickets/:id/messages',
    scope: 'staff',
  },
  getRestaurantBranding: {
    operationId: 'getRestaurantBranding',
    method: 'GET',
    path: '/api/restaurant/branding',
    scope: 'staff',
  },
  updateRestaurantBranding: {
    operationId: 'updateRestaurantBranding',
    method: 'PUT',
    path: '/api/restaurant/branding',
    scope: 'staff',
  },
};
