import { defineRouteContract } from '../common/route.js';
import { expoBumpResponseSchema, expoListResponseSchema } from './expo.js';
import { idParamSchema } from '../common/schemas.js';
import {
  priorityInputSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketResponseSchema,
  ticketTransitionInputSchema,
} from './schemas.js';
const tags = ['Tickets'];

/** The stations' tickets. */
export const ticketsRoutes = {
  listTickets: defineRouteContract({
    method: 'GET',
    path: '/api/tickets',
    operationId: 'listTickets',
    summary: "A station's open tickets and those it may still recall",
    tags,
    scope: 'staff',
    permissions: ['view_kitchen', 'view_bar'],
    query: ticketListQuerySchema,
    response: ticketListResponseSchema,
  }),
  transitionTicket: defineRouteContract({
    method: 'POST',
    path: '/api/tickets/:id/transition',
    operationId: 'transitionTicket',
    summary: 'Move a ticket: start, ready, back, served or recall',
    tags,
    scope: 'staff',
    permissions: ['manage_tickets'],
    params: idParamSchema,
    body: ticketTransitionInputSchema,
    response: ticketResponseSchema,
    errors: [404, 409],
  }),
  listExpo: defineRouteContract({
    method: 'GET',
    path: '/api/expo',
    operationId: 'listExpo',
    summary: "The expeditor's display: each open order across its stations, cooking or ready",
    tags,
    scope: 'staff',
    permissions: ['view_kitchen'],
    response: expoListResponseSchema,
  }),
  bumpExpoOrder: defineRouteContract({
    method: 'POST',
    path: '/api/expo/orders/:id/bump',
    operationId: 'bumpExpoOrder',
    summary: 'Send an order whose every station is ready to its waiter (it leaves the expo)',
    tags,
    scope: 'staff',
    permissions: ['manage_tickets'],
    params: idParamSchema,
    response: expoBumpResponseSchema,
    errors: [404, 409],
  }),
  setTicketPriority: defineRouteContract({
    method: 'POST',
    path: '/api/tickets/:id/priority',
    operationId: 'setTicketPriority',
    summary: "Set a ticket's priority: low, normal, high or urgent (table's waiter or manager)",
    tags,
    scope: 'staff',
    permissions: ['manage_orders'],
    params: idParamSchema,
    body: priorityInputSchema,
    response: ticketResponseSchema,
    errors: [404, 409],
  }),
};
