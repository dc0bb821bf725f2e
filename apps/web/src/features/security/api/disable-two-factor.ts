import type { TwoFactorStatus } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { twoFactorKey } from './get-two-factor';

export const disableTwoFactor = ({ code }: { code: string }) =>
  apiRequest<TwoFactorStatus>('/api/auth/two-factor/disable', { method: 'POST', body: { code } });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (data) => queryClient.setQueryData(twoFactorKey, data),
  });
}
