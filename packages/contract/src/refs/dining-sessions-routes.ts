// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const diningSessionsRoutes: RouteRefs<typeof contract.diningSessionsRoutes> = {
  startSession: {
    operationId: 'startSession',
    method: 'POST',
    path: '/api/sessions/public/start',
    scope: 'guest',
  },
  getSessionSummary: {
    operationId: 'getSessionSummary',
    method: 'GET',
    path: '/api/sessions/public/summary',
    scope: 'guest',
  },
  closeTable: {
    operationId: 'closeTable',
    method: 'POST',
    path: '/api/tables/:id/close',
    scope: 'staff',
  },
};
