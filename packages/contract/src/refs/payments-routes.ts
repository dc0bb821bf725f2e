// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const paymentsRoutes: RouteRefs<typeof contract.paymentsRoutes> = {
  recordPayment: {
    operationId: 'recordPayment',
    method: 'POST',
    path: '/api/sessions/:id/payments',
    scope: 'staff',
  },
  getBill: {
    operationId: 'getBill',
    method: 'GET',
    path: '/api/sessions/:id/bill',
    scope: 'staff',
  },
  listPayments: {
    operationId: 'listPayments',
    method: 'GET',
    path: '/api/payments',
    scope: 'staff',
  },
  refundPayment: {
    operationId: 'refundPayment',
    method: 'POST',
    path: '/api/payments/:id/refunds',
    scope: 'staff',
  },
  getGuestBill: {
    operationId: 'getGuestBill',
    method: 'GET',
    path: '/api/sessions/public/bill',
    scope: 'guest',
  },
  payAtTable: {
    operationId: 'payAtTable',
    method: 'POST',
    path: '/api/payments/public',
    scope: 'guest',
  },
  receiveProviderCallback: {
    operationId: 'receiveProviderCallback',
    method: 'POST',
    path: '/api/payments/providers/:provider/callback',
    scope: 'public',
  },
};
