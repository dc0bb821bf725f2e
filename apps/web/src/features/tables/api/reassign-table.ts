import { tablesRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { tablesKey } from './get-tables';

/** Gives a table to another active waiter. */
export const reassignTable = ({ id, waiterId }: { id: string; waiterId: string }) =>
  managerCall(tablesRoutes.reassignTable, { params: { id }, body: { waiterId } });

export function useReassignTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reassignTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesKey }),
  });
}
