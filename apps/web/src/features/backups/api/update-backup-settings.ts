import type { BackupSettings } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { backupsKey } from './get-backups';

export const updateBackupSettings = ({ body }: { body: BackupSettings }) =>
  apiRequest<BackupSettings>('/api/backups/settings', { method: 'PUT', body });

export function useUpdateBackupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBackupSettings,
    // Keeping fewer may remove old backups; the next automatic one moves.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
