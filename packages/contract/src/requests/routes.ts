import { defineRouteContract } from '../common/route.js';
import { idParamSchema } from '../common/schemas.js';
import {
  callWaiterInputSchema,
  guestRequestResponseSchema,
  requestPaymentInputSchema,
  respondInputSchema,
  respondResponseSchema,
} from './schemas.js';
const tags = ['Requests'];

/** A guest calls a waiter or asks for the bill; staff answer what a table asked for. */
export const requestsRoutes = {
  callWaiter: defineRouteContract({
    method: 'POST',
    path: '/api/tables/public/call-waiter',
    operationId: 'callWaiter',
    summary: "Call a waiter to the guest's table",
    tags,
    scope: 'guest',
    body: callWaiterInputSchema,
    response: guestRequestResponseSchema,
    errors: [404, 409],
  }),
  requestPayment: defineRouteContract({
    method: 'POST',
    path: '/api/tables/public/request-payment',
    operationId: 'requestPayment',
    summary: 'Ask for the bill',
    tags,
    scope: 'guest',
    body: requestPaymentInputSchema,
    response: guestRequestResponseSchema,
    errors: [404, 409],
  }),
  respondToTable: defineRouteContract({
    method: 'POST',
    path: '/api/tables/:id/respond',
    operationId: 'respondToTable',
    summary: "Answer a table's notification (new table, new order, call, bill)",
    tags,
    scope: 'staff',
    permissions: ['manage_orders'],
    params: idParamSchema,
    body: respondInputSchema,
    response: respondResponseSchema,
    errors: [404, 409],
  }),
};
