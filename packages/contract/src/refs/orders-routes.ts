// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const ordersRoutes: RouteRefs<typeof contract.ordersRoutes> = {
  placeOrder: {
    operationId: 'placeOrder',
    method: 'POST',
    path: '/api/orders/public',
    scope: 'guest',
  },
  placeTableOrder: {
    operationId: 'placeTableOrder',
    method: 'POST',
    path: '/api/tables/:id/orders',
    scope: 'staff',
  },
  serveOrder: {
    operationId: 'serveOrder',
    method: 'POST',
    path: '/api/orders/:id/serve',
    scope: 'staff',
  },
  setOrderPriority: {
    operationId: 'setOrderPriority',
    method: 'POST',
    path: '/api/orders/:id/priority',
    scope: 'staff',
  },
  voidOrder: {
    operationId: 'voidOrder',
    method: 'POST',
    path: '/api/orders/:id/void',
    scope: 'staff',
  },
  voidOrderLine: {
    operationId: 'voidOrderLine',
    method: 'POST',
    path: '/api/orders/:id/items/:itemId/void',
    scope: 'staff',
  },
  changeOrderLine: {
    operationId: 'changeOrderLine',
    method: 'PATCH',
    path: '/api/orders/:id/items/:itemId',
    scope: 'staff',
  },
};
