import { defineRouteContract } from '../common/route.js';
import { idParamSchema } from '../common/schemas.js';
import {
  dayPaymentsResponseSchema,
  listPaymentsQuerySchema,
  providerCallbackResponseSchema,
  providerParamSchema,
  recordPaymentInputSchema,
  recordPaymentResponseSchema,
  refundPaymentInputSchema,
  refundPaymentResponseSchema,
} from './schemas.js';
import {
  guestBillQuerySchema,
  guestBillResponseSchema,
  guestPayHeadersSchema,
  guestPayInputSchema,
  guestPaymentResponseSchema,
  staffBillResponseSchema,
} from './guest.js';

const tags = ['Payments'];

/** Taking payment for a bill, giving money back, and what payment providers tell us. */
export const paymentsRoutes = {
  recordPayment: defineRouteContract({
    method: 'POST',
    path: '/api/sessions/:id/payments',
    operationId: 'recordPayment',
    summary: "Record Payment: settle a table's bill and close its dining session",
    tags,
    scope: 'staff',
    permissions: ['manage_orders'],
    params: idParamSchema,
    body: recordPaymentInputSchema,
    response: recordPaymentResponseSchema,
    status: 201,
    errors: [404, 409],
  }),
  getBill: defineRouteContract({
    method: 'GET',
    path: '/api/sessions/:id/bill',
    operationId: 'getBill',
    summary:
      'A bill itemised for taking payment: each line with what is paid and what remains, and the payments so far',
    tags,
    scope: 'staff',
    permissions: ['manage_orders'],
    params: idParamSchema,
    response: staffBillResponseSchema,
    errors: [404],
  }),
  listPayments: defineRouteContract({
    method: 'GET',
    path: '/api/payments',
    operationId: 'listPayments',
    summary:
      "The payments captured in a business day (today's by default), each with what was given back of it",
    tags,
    scope: 'staff',
    permissions: ['view_reports'],
    query: listPaymentsQuerySchema,
    response: dayPaymentsResponseSchema,
    errors: [400],
  }),
  // Giving money back is a manager's call, as taking items off a bill is.
  refundPayment: defineRouteContract({
    method: 'POST',
    path: '/api/payments/:id/refunds',
    operationId: 'refundPayment',
    summary: "Refund part or all of a captured payment, dated in today's business day",
    tags,
    scope: 'staff',
    permissions: ['void_orders'],
    params: idParamSchema,
    body: refundPaymentInputSchema,
    response: refundPaymentResponseSchema,
    status: 201,
    errors: [404, 409],
  }),
  getGuestBill: defineRouteContract({
    method: 'GET',
    path: '/api/sessions/public/bill',
    operationId: 'getGuestBill',
    summary:
      "The table's itemised bill: each line with what is paid and what remains, and the payments so far",
    tags,
    scope: 'guest',
    query: guestBillQuerySchema,
    response: guestBillResponseSchema,
    errors: [404],
  }),
  payAtTable: defineRouteContract({
    method: 'POST',
    path: '/api/payments/public',
    operationId: 'payAtTable',
    summary:
      "A guest pays all or part of the table's bill (201; a retry with the same Idempotency-Key: 200, the same payment)",
    description:
      'The split is laid on the bill under its lock: a line (or the units of it asked for) already paid, or an amount above what remains, is refused with 409 and the new balance. The demo provider moves no money and completes at once.',
    tags,
    scope: 'guest',
    body: guestPayInputSchema,
    headers: guestPayHeadersSchema,
    response: guestPaymentResponseSchema,
    status: [200, 201],
    errors: [404, 409, 422],
  }),
  receiveProviderCallback: defineRouteContract({
    method: 'POST',
    path: '/api/payments/providers/:provider/callback',
    operationId: 'receiveProviderCallback',
    summary: "A payment provider's signed notification about one of its payments",
    description:
      'The body is read as raw bytes, whatever its media type, and handed to the provider unchanged: its signature is computed over exactly those bytes. A provider that takes no callbacks (the manual one) answers 404.',
    tags,
    scope: 'public',
    params: providerParamSchema,
    response: providerCallbackResponseSchema,
    errors: [404, 409, 413],
  }),
};
