// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const auditRoutes: RouteRefs<typeof contract.auditRoutes> = {
  getAuditLog: {
    operationId: 'getAuditLog',
    method: 'GET',
    path: '/api/audit-log',
    scope: 'staff',
  },
};
