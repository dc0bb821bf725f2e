import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { backupsKey } from './get-backups';

export const deleteBackup = ({ id }: { id: string }) =>
  apiRequest<{ deleted: true }>(`/api/backups/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
