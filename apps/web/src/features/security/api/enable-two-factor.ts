import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { twoFactorKey } from './get-two-factor';

/** Confirms the set-up with a first code; answers the recovery codes, shown this once. */
export const enableTwoFactor = ({ code }: { code: string }) =>
  apiRequest<{ recoveryCodes: string[] }>('/api/auth/two-factor/enable', {
    method: 'POST',
    body: { code },
  });

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
