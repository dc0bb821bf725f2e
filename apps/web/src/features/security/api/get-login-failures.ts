import type { LoginFailure } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SECURITY_LISTS_REFRESH_MS } from './get-active-sessions';

export const loginFailuresKey = ['security', 'login-failures'] as const;

export const getLoginFailures = (signal?: AbortSignal) =>
  apiRequest<LoginFailure[]>('/api/security/login-failures', { signal });

export const getLoginFailuresQueryOptions = () =>
  queryOptions({
    queryKey: loginFailuresKey,
    queryFn: ({ signal }) => getLoginFailures(signal),
    refetchInterval: SECURITY_LISTS_REFRESH_MS,
  });

export const useLoginFailures = () => useQuery(getLoginFailuresQueryOptions());
