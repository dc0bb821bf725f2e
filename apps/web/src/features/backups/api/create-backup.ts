import type { Backup } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { backupsKey } from './get-backups';

/** Create Backup Now: the server answers at once with the backup running. */
export const createBackup = () => apiRequest<Backup>('/api/backups', { method: 'POST' });

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
