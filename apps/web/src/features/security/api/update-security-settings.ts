import { type SecuritySettingsInput } from '@tavola/contract';
import { securityRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { securitySettingsKey } from './get-security-settings';

export const updateSecuritySettings = ({ body }: { body: SecuritySettingsInput }) =>
  call(securityRoutes.updateSecuritySettings, { body });

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: (data) => queryClient.setQueryData(securitySettingsKey, data),
  });
}
