// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const reportsRoutes: RouteRefs<typeof contract.reportsRoutes> = {
  getOrderHistory: {
    operationId: 'getOrderHistory',
    method: 'GET',
    path: '/api/orders/history',
    scope: 'staff',
  },
  getOverview: {
    operationId: 'getOverview',
    method: 'GET',
    path: '/api/reports/overview',
    scope: 'staff',
  },
  getAnalytics: {
    operationId: 'getAnalytics',
    method: 'GET',
    path: '/api/reports/analytics',
    scope: 'staff',
  },
  getStaffPerformance: {
    operationId: 'getStaffPerformance',
    method: 'GET',
    path: '/api/reports/staff-performance',
    scope: 'staff',
  },
  getSystemOverview: {
    operationId: 'getSystemOverview',
    method: 'GET',
    path: '/api/reports/system',
    scope: 'staff',
  },
  sales: {
    operationId: 'getSalesReport',
    method: 'GET',
    path: '/api/reports/sales',
    scope: 'staff',
  },
  items: {
    operationId: 'getItemsReport',
    method: 'GET',
    path: '/api/reports/items',
    scope: 'staff',
  },
  staff: {
    operationId: 'getStaffReport',
    method: 'GET',
    path: '/api/reports/staff',
    scope: 'staff',
  },
  tables: {
    operationId: 'getTablesReport',
    method: 'GET',
    path: '/api/reports/tables',
    scope: 'staff',
  },
  payments: {
    operationId: 'getPaymentsReport',
    method: 'GET',
    path: '/api/reports/payments',
    scope: 'staff',
  },
  tax: { operationId: 'getTaxReport', method: 'GET', path: '/api/reports/tax', scope: 'staff' },
  voids: {
    operationId: 'getVoidsReport',
    method: 'GET',
    path: '/api/reports/voids',
    scope: 'staff',
  },
};
