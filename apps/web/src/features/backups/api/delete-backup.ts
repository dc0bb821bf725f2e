import { backupsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { backupsKey } from './get-backups';

export const deleteBackup = ({ id }: { id: string }) =>
  call(backupsRoutes.deleteBackup, { params: { id } });

export function useDeleteBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
