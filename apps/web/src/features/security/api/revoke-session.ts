import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { activeSessionsKey } from './get-active-sessions';

export const revokeSession = ({ id }: { id: string }) =>
  apiRequest<{ revoked: true }>(`/api/security/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    // A session already gone (404) leaves the list too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: activeSessionsKey }),
  });
}
