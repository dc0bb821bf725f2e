import type { TableInput } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { tablesKey } from './get-tables';

/** Adds a table (no id) or edits one. */
export const saveTable = ({ id, body }: { id: string | null; body: TableInput }) =>
  managerRequest<unknown>(id ? `/api/tables/${id}` : '/api/tables', {
    method: id ? 'PUT' : 'POST',
    body,
  });

export function useSaveTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKey }),
  });
}
