import { tablesRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/** Hand over (a waiter's own table) or reassign (a manager's) a table to an active waiter. */
export const reassignTable = ({ tableId, waiterId }: { tableId: string; waiterId: string }) =>
  call(tablesRoutes.reassignTable, { params: { id: tableId }, body: { waiterId } });

export const useReassignTable = () => useFloorMutation(reassignTable);
