import { tablesRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

export const claimTable = ({ tableId }: { tableId: string }) =>
  call(tablesRoutes.claimTable, { params: { id: tableId } });

export const useClaimTable = () => useFloorMutation(claimTable);
