import { type TableInput } from '@tavola/contract';
import { tablesRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { tablesKey } from './get-tables';

/** Adds a table (no id) or edits one. */
export const saveTable = ({ id, body }: { id: string | null; body: TableInput }) =>
  id
    ? managerCall(tablesRoutes.updateTable, { params: { id }, body })
    : managerCall(tablesRoutes.createTable, { body });

export function useSaveTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKey }),
  });
}
