import { ordersRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

export const markServed = ({ orderId }: { orderId: string }) =>
  call(ordersRoutes.serveOrder, { params: { id: orderId } });

export const useMarkServed = () => useFloorMutation(markServed);
