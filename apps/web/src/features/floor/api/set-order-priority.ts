import type { OrderPriority, Priority } from '@tavola/contract';
import { apiRequest } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/** Raises or lowers an order's priority, and with it its open tickets' (spec §4's priorities). */
export const setOrderPriority = ({ orderId, priority }: { orderId: string; priority: Priority }) =>
  apiRequest<OrderPriority>(`/api/orders/${orderId}/priority`, {
    method: 'POST',
    body: { priority },
  });

export const useSetOrderPriority = () => useFloorMutation(setOrderPriority);
