import { type CloseTableInput } from '@tavola/contract';
import { diningSessionsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { tablesKey } from './get-tables';

/** Close table: ends a table's dining session and frees it, voiding or settling unpaid orders. */
export const closeTable = ({ id, body }: { id: string; body: CloseTableInput }) =>
  managerCall(diningSessionsRoutes.closeTable, { params: { id }, body });

export function useCloseTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTable,
    // Refreshed when it settles, a refusal included (a guest may have ordered meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesKey }),
  });
}
