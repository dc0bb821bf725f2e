import { receiptsRoutes } from '@tavola/contract/refs';
import { routeUrl } from '@/lib/api-client';

/**
 * A paid order's receipt as a PDF (the server marks a reprint COPY): by the order's number, as
 * the history lists it. Fetched with the staff token through `download`.
 */
export const receiptPdfPath = (orderNumber: number) =>
  routeUrl(receiptsRoutes.getReceipt, { query: { orderNumber, format: 'pdf' } });
