import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { tablesKey } from './get-tables';

export const deleteTable = ({ id }: { id: string }) =>
  managerRequest<{ deleted: true }>(`/api/tables/${id}`, { method: 'DELETE' });

export function useDeleteTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKey }),
  });
}
