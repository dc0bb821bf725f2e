// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const v1Routes: RouteRefs<typeof contract.v1Routes> = {
  v1ListMenu: { operationId: 'v1ListMenu', method: 'GET', path: '/api/v1/menu', scope: 'api' },
  v1UpdateMenuItem: {
    operationId: 'v1UpdateMenuItem',
    method: 'PATCH',
    path: '/api/v1/menu/items/:id',
    scope: 'api',
  },
  v1ListTables: {
    operationId: 'v1ListTables',
    method: 'GET',
    path: '/api/v1/tables',
    scope: 'api',
  },
  v1ListOrders: {
    operationId: 'v1ListOrders',
    method: 'GET',
    path: '/api/v1/orders',
    scope: 'api',
  },
  v1GetOrder: {
    operationId: 'v1GetOrder',
    method: 'GET',
    path: '/api/v1/orders/:id',
    scope: 'api',
  },
  v1CreateOrder: {
    operationId: 'v1CreateOrder',
    method: 'POST',
    path: '/api/v1/orders',
    scope: 'api',
  },
  v1ListTickets: {
    operationId: 'v1ListTickets',
    method: 'GET',
    path: '/api/v1/tickets',
    scope: 'api',
  },
  v1BumpTicket: {
    operationId: 'v1BumpTicket',
    method: 'POST',
    path: '/api/v1/tickets/:id/bump',
    scope: 'api',
  },
  v1ListPayments: {
    operationId: 'v1ListPayments',
    method: 'GET',
    path: '/api/v1/payments',
    scope: 'api',
  },
  v1GetDailyFigures: {
    operationId: 'v1GetDailyFigures',
    method: 'GET',
    path: '/api/v1/reports/daily',
    scope: 'api',
  },
  v1GetZReport: {
    operationId: 'v1GetZReport',
    method: 'GET',
    path: '/api/v1/reports/z',
    scope: 'api',
  },
};
