import { tablesRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { tablesKey } from './get-tables';

/** A new code for a table: the printed one stops working. */
export const rotateTableQr = ({ id }: { id: string }) =>
  managerCall(tablesRoutes.rotateTableQr, { params: { id } });

export function useRotateTableQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateTableQr,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKey }),
  });
}
