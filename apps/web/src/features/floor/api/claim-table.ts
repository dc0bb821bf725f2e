import { apiRequest } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

export const claimTable = ({ tableId }: { tableId: string }) =>
  apiRequest<{ claimed: true }>(`/api/tables/${tableId}/claim`, { method: 'POST' });

export const useClaimTable = () => useFloorMutation(claimTable);
