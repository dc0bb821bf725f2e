import type { ReassignedTable } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { tablesKey } from './get-tables';

/** Gives a table to another active waiter. */
export const reassignTable = ({ id, waiterId }: { id: string; waiterId: string }) =>
  managerRequest<ReassignedTable>(`/api/tables/${id}/reassign`, {
    method: 'POST',
    body: { waiterId },
  });

export function useReassignTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reassignTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesKey }),
  });
}
