import { receiptsRoutes } from '@tavola/contract/refs';
import { call, routeUrl } from '@/lib/api-client';

/** The receipt's address for the paid visit: only this page knows the table's code and session. */
export const receiptPath = (token: string, sessionId: string, format: 'json' | 'pdf') =>
  routeUrl(receiptsRoutes.getGuestReceipt, { query: { token, sessionId, format } });

/** The receipt of the visit just paid for (a plain call, like the page's other requests). */
export const getReceipt = (token: string, sessionId: string, signal?: AbortSignal) =>
  call(receiptsRoutes.getGuestReceipt, { query: { token, sessionId, format: 'json' } }, { signal });
