import { type BackupSettings } from '@tavola/contract';
import { backupsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { backupsKey } from './get-backups';

export const updateBackupSettings = ({ body }: { body: BackupSettings }) =>
  call(backupsRoutes.updateBackupSettings, { body });

export function useUpdateBackupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBackupSettings,
    // Keeping fewer may remove old backups; the next automatic one moves.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
