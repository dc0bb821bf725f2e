import type { ReassignedTable } from '@tavola/contract';
import { apiRequest } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/** Hand over (a waiter's own table) or reassign (a manager's) a table to an active waiter. */
export const reassignTable = ({ tableId, waiterId }: { tableId: string; waiterId: string }) =>
  apiRequest<ReassignedTable>(`/api/tables/${tableId}/reassign`, {
    method: 'POST',
    body: { waiterId },
  });

export const useReassignTable = () => useFloorMutation(reassignTable);
