import type { SecuritySettings } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const securitySettingsKey = ['security', 'settings'] as const;

export const getSecuritySettings = (signal?: AbortSignal) =>
  apiRequest<SecuritySettings>('/api/security/settings', { signal });

export const getSecuritySettingsQueryOptions = () =>
  queryOptions({
    queryKey: securitySettingsKey,
    queryFn: ({ signal }) => getSecuritySettings(signal),
  });

export const useSecuritySettings = () => useQuery(getSecuritySettingsQueryOptions());
