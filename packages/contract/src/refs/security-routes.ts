// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const securityRoutes: RouteRefs<typeof contract.securityRoutes> = {
  getSecuritySettings: {
    operationId: 'getSecuritySettings',
    method: 'GET',
    path: '/api/security/settings',
    scope: 'staff',
  },
  updateSecuritySettings: {
    operationId: 'updateSecuritySettings',
    method: 'PUT',
    path: '/api/security/settings',
    scope: 'staff',
  },
  listActiveSessions: {
    operationId: 'listActiveSessions',
    method: 'GET',
    path: '/api/security/sessions',
    scope: 'staff',
  },
  revokeSession: {
    operationId: 'revokeSession',
    method: 'DELETE',
    path: '/api/security/sessions/:id',
    scope: 'staff',
  },
  listLoginFailures: {
    operationId: 'listLoginFailures',
    method: 'GET',
    path: '/api/security/login-failures',
    scope: 'staff',
  },
};
