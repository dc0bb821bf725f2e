import { ordersRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
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
    ? call(ordersRoutes.voidOrderLine, {
        params: { id: orderId, itemId: line.itemId },
        body: { quantity: line.quantity, reason },
      })
    : call(ordersRoutes.voidOrder, { params: { id: orderId }, body: { reason } });

export const useVoidOrder = () => useFloorMutation(voidOrder);
