import type { Floor, TableNotificationType, VoidedOrder } from '@tavola/contract';

export type { Floor, FloorOrder, FloorTable } from '@tavola/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const floorKey = ['floor'] as const;

export const floorQuery = () =>
  queryOptions({
    queryKey: floorKey,
    queryFn: ({ signal }) => apiRequest<Floor>('/api/tables/floor', { signal }),
    refetchInterval: 30_000,
  });

export const claimTable = (tableId: string) =>
  apiRequest(`/api/tables/${tableId}/claim`, { method: 'POST' });

export const respond = (tableId: string, type: TableNotificationType, refId: string | null) =>
  apiRequest(`/api/tables/${tableId}/respond`, {
    method: 'POST',
    body: refId ? { type, refId } : { type },
  });

export const markServed = (orderId: string) =>
  apiRequest(`/api/orders/${orderId}/serve`, { method: 'POST' });

export const markPaid = (
  sessionId: string,
  body: { method: 'cash' | 'card'; amount?: number; tip?: number },
) => apiRequest(`/api/sessions/${sessionId}/payments`, { method: 'POST', body });

/** A manager's (or admin's) void of a whole order, with a reason. */
export const voidOrder = (orderId: string, reason: string) =>
  apiRequest<VoidedOrder>(`/api/orders/${orderId}/void`, { method: 'POST', body: { reason } });

/** A manager's (or admin's) void of `quantity` of one order line, with a reason. */
export const voidOrderLine = (orderId: string, itemId: string, quantity: number, reason: string) =>
  apiRequest<VoidedOrder>(`/api/orders/${orderId}/items/${itemId}/void`, {
    method: 'POST',
    body: { quantity, reason },
  });
