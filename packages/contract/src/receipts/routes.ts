import { defineRouteContract } from '../common/route.js';
import {
  publicReceiptQuerySchema,
  receiptResponseSchema,
  staffReceiptQuerySchema,
} from './schemas.js';
const tags = ['Receipts'];

/** The guest's receipt of a paid visit, and the staff's reprint. */
export const receiptsRoutes = {
  getGuestReceipt: defineRouteContract({
    method: 'GET',
    path: '/api/receipts/public',
    operationId: 'getGuestReceipt',
    summary: "The receipt of the guest's paid visit, as JSON or PDF",
    tags,
    scope: 'guest',
    query: publicReceiptQuerySchema,
    response: receiptResponseSchema,
    produces: ['application/pdf'],
    responseDescription: 'format=json: the receipt; pdf: the file',
    errors: [403, 404, 503],
  }),
  getReceipt: defineRouteContract({
    method: 'GET',
    path: '/api/receipts',
    operationId: 'getReceipt',
    summary: 'A receipt by its number or by one of its orders, as JSON or PDF (marked COPY)',
    tags,
    scope: 'staff',
    // Whoever records payments (waiters) or reads the order history (managers) may reprint.
    permissions: ['manage_orders', 'view_reports'],
    query: staffReceiptQuerySchema,
    response: receiptResponseSchema,
    produces: ['application/pdf'],
    responseDescription: 'format=json: the receipt; pdf: the file',
    errors: [404, 503],
  }),
};
