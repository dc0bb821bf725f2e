import { type Priority } from '@tavola/contract';
import { ordersRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/** Raises or lowers an order's priority, and with it its open tickets'. */
export const setOrderPriority = ({ orderId, priority }: { orderId: string; priority: Priority }) =>
  call(ordersRoutes.setOrderPriority, { params: { id: orderId }, body: { priority } });

export const useSetOrderPriority = () => useFloorMutation(setOrderPriority);
