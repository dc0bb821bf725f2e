import type { VoidedOrder } from '@tavola/contract';
import { apiRequest } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/** A manager's (or admin's) void of a whole order, or of `quantity` of one line, with a reason. */
export const voidOrder = ({
  orderId,
  line,
  reason,
}: {
  orderId: string;
  line?: { itemId: string; quantity: number };
  reason: string;
}) =>
  line
    ? apiRequest<VoidedOrder>(`/api/orders/${orderId}/items/${line.itemId}/void`, {
        method: 'POST',
        body: { quantity: line.quantity, reason },
      })
    : apiRequest<VoidedOrder>(`/api/orders/${orderId}/void`, { method: 'POST', body: { reason } });

export const useVoidOrder = () => useFloorMutation(voidOrder);
