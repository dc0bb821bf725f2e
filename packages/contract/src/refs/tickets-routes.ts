// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const ticketsRoutes: RouteRefs<typeof contract.ticketsRoutes> = {
  listTickets: { operationId: 'listTickets', method: 'GET', path: '/api/tickets', scope: 'staff' },
  transitionTicket: {
    operationId: 'transitionTicket',
    method: 'POST',
    path: '/api/tickets/:id/transition',
    scope: 'staff',
  },
  listExpo: { operationId: 'listExpo', method: 'GET', path: '/api/expo', scope: 'staff' },
  bumpExpoOrder: {
    operationId: 'bumpExpoOrder',
    method: 'POST',
    path: '/api/expo/orders/:id/bump',
    scope: 'staff',
  },
  setTicketPriority: {
    operationId: 'setTicketPriority',
    method: 'POST',
    path: '/api/tickets/:id/priority',
    scope: 'staff',
  },
};
