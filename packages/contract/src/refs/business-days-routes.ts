// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const businessDaysRoutes: RouteRefs<typeof contract.businessDaysRoutes> = {
  getZReport: {
    operationId: 'getZReport',
    method: 'GET',
    path: '/api/business-days/report',
    scope: 'staff',
  },
  getJournal: {
    operationId: 'getJournal',
    method: 'GET',
    path: '/api/business-days/journal',
    scope: 'staff',
  },
  closeDay: {
    operationId: 'closeDay',
    method: 'POST',
    path: '/api/business-days/close',
    scope: 'staff',
  },
  reopenDay: {
    operationId: 'reopenDay',
    method: 'POST',
    path: '/api/business-days/reopen',
    scope: 'staff',
  },
};
