import { securityRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const securitySettingsKey = ['security', 'settings'] as const;

export const getSecuritySettings = (signal?: AbortSignal) =>
  call(securityRoutes.getSecuritySettings, {}, { signal });

export const getSecuritySettingsQueryOptions = () =>
  queryOptions({
    queryKey: securitySettingsKey,
    queryFn: ({ signal }) => getSecuritySettings(signal),
  });

export const useSecuritySettings = () => useQuery(getSecuritySettingsQueryOptions());
