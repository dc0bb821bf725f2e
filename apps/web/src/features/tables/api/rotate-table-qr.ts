import type { TableQr } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { tablesKey } from './get-tables';

/** A new code for a table: the printed one stops working. */
export const rotateTableQr = ({ id }: { id: string }) =>
  managerRequest<TableQr>(`/api/tables/${id}/rotate-qr`, { method: 'POST' });

export function useRotateTableQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateTableQr,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKey }),
  });
}
