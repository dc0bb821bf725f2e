// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const printersRoutes: RouteRefs<typeof contract.printersRoutes> = {
  listPrinters: {
    operationId: 'listPrinters',
    method: 'GET',
    path: '/api/printers',
    scope: 'staff',
  },
  createPrinter: {
    operationId: 'createPrinter',
    method: 'POST',
    path: '/api/printers',
    scope: 'staff',
  },
  updatePrinter: {
    operationId: 'updatePrinter',
    method: 'PUT',
    path: '/api/printers/:id',
    scope: 'staff',
  },
  deletePrinter: {
    operationId: 'deletePrinter',
    method: 'DELETE',
    path: '/api/printers/:id',
    scope: 'staff',
  },
  setStationPrinters: {
    operationId: 'setStationPrinters',
    method: 'PUT',
    path: '/api/printers/stations/:station',
    scope: 'staff',
  },
  testPrinter: {
    operationId: 'testPrinter',
    method: 'POST',
    path: '/api/printers/:id/test',
    scope: 'staff',
  },
  listPrintJobs: {
    operationId: 'listPrintJobs',
    method: 'GET',
    path: '/api/printers/jobs',
    scope: 'staff',
  },
  reprintTicket: {
    operationId: 'reprintTicket',
    method: 'POST',
    path: '/api/printers/tickets/:id',
    scope: 'staff',
  },
  reprintOrder: {
    operationId: 'reprintOrder',
    method: 'POST',
    path: '/api/printers/orders',
    scope: 'staff',
  },
  printReceipt: {
    operationId: 'printReceipt',
    method: 'POST',
    path: '/api/printers/receipts',
    scope: 'staff',
  },
  printZReport: {
    operationId: 'printZReport',
    method: 'POST',
    path: '/api/printers/z-report',
    scope: 'staff',
  },
  listPrintAgents: {
    operationId: 'listPrintAgents',
    method: 'GET',
    path: '/api/printers/agents',
    scope: 'staff',
  },
  createPrintAgent: {
    operationId: 'createPrintAgent',
    method: 'POST',
    path: '/api/printers/agents',
    scope: 'staff',
  },
  revokePrintAgent: {
    operationId: 'revokePrintAgent',
    method: 'DELETE',
    path: '/api/printers/agents/:id',
    scope: 'staff',
  },
};
