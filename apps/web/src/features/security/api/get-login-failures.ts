import { securityRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { SECURITY_LISTS_REFRESH_MS } from './get-active-sessions';

export const loginFailuresKey = ['security', 'login-failures'] as const;

export const getLoginFailures = (signal?: AbortSignal) =>
  call(securityRoutes.listLoginFailures, {}, { signal });

export const getLoginFailuresQueryOptions = () =>
  queryOptions({
    queryKey: loginFailuresKey,
    queryFn: ({ signal }) => getLoginFailures(signal),
    refetchInterval: SECURITY_LISTS_REFRESH_MS,
  });

export const useLoginFailures = () => useQuery(getLoginFailuresQueryOptions());
