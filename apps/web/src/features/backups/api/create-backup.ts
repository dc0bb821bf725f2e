import { backupsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { backupsKey } from './get-backups';

/** Create Backup Now: the server answers at once with the backup running. */
export const createBackup = () => call(backupsRoutes.createBackup);

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
