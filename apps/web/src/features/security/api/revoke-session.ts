import { securityRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { activeSessionsKey } from './get-active-sessions';

export const revokeSession = ({ id }: { id: string }) =>
  call(securityRoutes.revokeSession, { params: { id } });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    // A session already gone (404) leaves the list too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: activeSessionsKey }),
  });
}
