// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const setupRoutes: RouteRefs<typeof contract.setupRoutes> = {
  getSetupChecklist: {
    operationId: 'getSetupChecklist',
    method: 'GET',
    path: '/api/setup/checklist',
    scope: 'staff',
  },
  dismissSetupChecklist: {
    operationId: 'dismissSetupChecklist',
    method: 'POST',
    path: '/api/setup/checklist/dismiss',
    scope: 'staff',
  },
};
