import type { SecuritySettings, SecuritySettingsInput } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { securitySettingsKey } from './get-security-settings';

export const updateSecuritySettings = ({ body }: { body: SecuritySettingsInput }) =>
  apiRequest<SecuritySettings>('/api/security/settings', { method: 'PUT', body });

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: (data) => queryClient.setQueryData(securitySettingsKey, data),
  });
}
