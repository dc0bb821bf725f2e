// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const discountsRoutes: RouteRefs<typeof contract.discountsRoutes> = {
  listDiscountReasons: {
    operationId: 'listDiscountReasons',
    method: 'GET',
    path: '/api/discount-reasons',
    scope: 'staff',
  },
  createDiscountReason: {
    operationId: 'createDiscountReason',
    method: 'POST',
    path: '/api/discount-reasons',
    scope: 'staff',
  },
  updateDiscountReason: {
    operationId: 'updateDiscountReason',
    method: 'PATCH',
    path: '/api/discount-reasons/:id',
    scope: 'staff',
  },
  deleteDiscountReason: {
    operationId: 'deleteDiscountReason',
    method: 'DELETE',
    path: '/api/discount-reasons/:id',
    scope: 'staff',
  },
  applyDiscount: {
    operationId: 'applyDiscount',
    method: 'POST',
    path: '/api/sessions/:id/discounts',
    scope: 'staff',
  },
  removeDiscount: {
    operationId: 'removeDiscount',
    method: 'DELETE',
    path: '/api/discounts/:id',
    scope: 'staff',
  },
  setDiscountLimit: {
    operationId: 'setDiscountLimit',
    method: 'PUT',
    path: '/api/staff/:id/discount-limit',
    scope: 'staff',
  },
};
