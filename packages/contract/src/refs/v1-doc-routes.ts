// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const v1DocRoutes: RouteRefs<typeof contract.v1DocRoutes> = {
  getV1OpenApiDocument: {
    operationId: 'getV1OpenApiDocument',
    method: 'GET',
    path: '/api/v1/openapi.json',
    scope: 'public',
  },
};
