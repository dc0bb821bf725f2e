// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const tablesRoutes: RouteRefs<typeof contract.tablesRoutes> = {
  claimTable: {
    operationId: 'claimTable',
    method: 'POST',
    path: '/api/tables/:id/claim',
    scope: 'staff',
  },
  seatTable: {
    operationId: 'seatTable',
    method: 'POST',
    path: '/api/tables/:id/seat',
    scope: 'staff',
  },
  moveTableBill: {
    operationId: 'moveTableBill',
    method: 'POST',
    path: '/api/tables/:id/move',
    scope: 'staff',
  },
  splitTableBill: {
    operationId: 'splitTableBill',
    method: 'POST',
    path: '/api/tables/:id/split',
    scope: 'staff',
  },
  listTableWaiters: {
    operationId: 'listTableWaiters',
    method: 'GET',
    path: '/api/tables/waiters',
    scope: 'staff',
  },
  reassignTable: {
    operationId: 'reassignTable',
    method: 'POST',
    path: '/api/tables/:id/reassign',
    scope: 'staff',
  },
  reassignWaiterTables: {
    operationId: 'reassignWaiterTables',
    method: 'POST',
    path: '/api/tables/reassign',
    scope: 'staff',
  },
  listTables: { operationId: 'listTables', method: 'GET', path: '/api/tables', scope: 'staff' },
  createTable: { operationId: 'createTable', method: 'POST', path: '/api/tables', scope: 'staff' },
  updateTable: {
    operationId: 'updateTable',
    method: 'PUT',
    path: '/api/tables/:id',
    scope: 'staff',
  },
  deleteTable: {
    operationId: 'deleteTable',
    method: 'DELETE',
    path: '/api/tables/:id',
    scope: 'staff',
  },
  rotateTableQr: {
    operationId: 'rotateTableQr',
    method: 'POST',
    path: '/api/tables/:id/rotate-qr',
    scope: 'staff',
  },
  getTableQrPng: {
    operationId: 'getTableQrPng',
    method: 'GET',
    path: '/api/tables/:id/qr.png',
    scope: 'staff',
  },
  getTableQrSvg: {
    operationId: 'getTableQrSvg',
    method: 'GET',
    path: '/api/tables/:id/qr.svg',
    scope: 'staff',
  },
  getTableQrPdf: {
    operationId: 'getTableQrPdf',
    method: 'GET',
    path: '/api/tables/qr.pdf',
    scope: 'staff',
  },
};
