import type { Receipt } from '@tavola/contract';
import { apiRequest } from '@/lib/api-client';

const enc = encodeURIComponent;

/** The receipt's address for the paid visit: only this page knows the table's code and session. */
export const receiptPath = (token: string, sessionId: string, format: 'json' | 'pdf') =>
  `/api/receipts/public?token=${enc(token)}&sessionId=${enc(sessionId)}&format=${format}`;

/** The receipt of the visit just paid for (a plain call, like the page's other requests). */
export const getReceipt = (token: string, sessionId: string, signal?: AbortSignal) =>
  apiRequest<Receipt>(receiptPath(token, sessionId, 'json'), { auth: false, signal });
