// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const requestsRoutes: RouteRefs<typeof contract.requestsRoutes> = {
  callWaiter: {
    operationId: 'callWaiter',
    method: 'POST',
    path: '/api/tables/public/call-waiter',
    scope: 'guest',
  },
  requestPayment: {
    operationId: 'requestPayment',
    method: 'POST',
    path: '/api/tables/public/request-payment',
    scope: 'guest',
  },
  respondToTable: {
    operationId: 'respondToTable',
    method: 'POST',
    path: '/api/tables/:id/respond',
    scope: 'staff',
  },
};
