// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const staffRoutes: RouteRefs<typeof contract.staffRoutes> = {
  listStaff: { operationId: 'listStaff', method: 'GET', path: '/api/staff', scope: 'staff' },
  createStaff: { operationId: 'createStaff', method: 'POST', path: '/api/staff', scope: 'staff' },
  updateStaff: {
    operationId: 'updateStaff',
    method: 'PUT',
    path: '/api/staff/:id',
    scope: 'staff',
  },
  setStaffPermissions: {
    operationId: 'setStaffPermissions',
    method: 'PUT',
    path: '/api/staff/:id/permissions',
    scope: 'staff',
  },
  deactivateStaff: {
    operationId: 'deactivateStaff',
    method: 'DELETE',
    path: '/api/staff/:id',
    scope: 'staff',
  },
};
