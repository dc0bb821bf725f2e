import { tablesRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { tablesKey } from './get-tables';

export const deleteTable = ({ id }: { id: string }) =>
  managerCall(tablesRoutes.deleteTable, { params: { id } });

export function useDeleteTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKey }),
  });
}
