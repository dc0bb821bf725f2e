import { apiRequest } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

export const markServed = ({ orderId }: { orderId: string }) =>
  apiRequest<{ served: true }>(`/api/orders/${orderId}/serve`, { method: 'POST' });

export const useMarkServed = () => useFloorMutation(markServed);
