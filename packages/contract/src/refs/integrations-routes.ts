// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const integrationsRoutes: RouteRefs<typeof contract.integrationsRoutes> = {
  listApiKeys: {
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/api/integrations/api-keys',
    scope: 'staff',
  },
  createApiKey: {
    operationId: 'createApiKey',
    method: 'POST',
    path: '/api/integrations/api-keys',
    scope: 'staff',
  },
  revokeApiKey: {
    operationId: 'revokeApiKey',
    method: 'POST',
    path: '/api/integrations/api-keys/:id/revoke',
    scope: 'staff',
  },
  rollApiKey: {
    operationId: 'rollApiKey',
    method: 'POST',
    path: '/api/integrations/api-keys/:id/roll',
    scope: 'staff',
  },
};
