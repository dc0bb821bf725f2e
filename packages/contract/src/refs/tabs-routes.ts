// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const tabsRoutes: RouteRefs<typeof contract.tabsRoutes> = {
  openTab: { operationId: 'openTab', method: 'POST', path: '/api/tabs', scope: 'staff' },
  listTabs: { operationId: 'listTabs', method: 'GET', path: '/api/tabs', scope: 'staff' },
  getTab: { operationId: 'getTab', method: 'GET', path: '/api/tabs/:id', scope: 'staff' },
  placeTabOrder: {
    operationId: 'placeTabOrder',
    method: 'POST',
    path: '/api/tabs/:id/orders',
    scope: 'staff',
  },
  closeTab: {
    operationId: 'closeTab',
    method: 'POST',
    path: '/api/tabs/:id/close',
    scope: 'staff',
  },
};
