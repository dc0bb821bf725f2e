// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const stationsRoutes: RouteRefs<typeof contract.stationsRoutes> = {
  listStations: {
    operationId: 'listStations',
    method: 'GET',
    path: '/api/stations',
    scope: 'staff',
  },
  createStation: {
    operationId: 'createStation',
    method: 'POST',
    path: '/api/stations',
    scope: 'staff',
  },
  updateStation: {
    operationId: 'updateStation',
    method: 'PUT',
    path: '/api/stations/:id',
    scope: 'staff',
  },
  deactivateStation: {
    operationId: 'deactivateStation',
    method: 'DELETE',
    path: '/api/stations/:id',
    scope: 'staff',
  },
};
