import { authRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { twoFactorKey } from './get-two-factor';

/** Confirms the set-up with a first code; answers the recovery codes, shown this once. */
export const enableTwoFactor = ({ code }: { code: string }) =>
  call(authRoutes.enableTwoFactor, { body: { code } });

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
