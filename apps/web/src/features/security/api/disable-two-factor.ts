import { authRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { twoFactorKey } from './get-two-factor';

export const disableTwoFactor = ({ code }: { code: string }) =>
  call(authRoutes.disableTwoFactor, { body: { code } });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (data) => queryClient.setQueryData(twoFactorKey, data),
  });
}
