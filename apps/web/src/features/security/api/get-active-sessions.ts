import { securityRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const activeSessionsKey = ['security', 'sessions'] as const;

/** Sessions come and go with every sign-in: the list refreshes itself every half minute. */
export const SECURITY_LISTS_REFRESH_MS = 30_000;

export const getActiveSessions = (signal?: AbortSignal) =>
  call(securityRoutes.listActiveSessions, {}, { signal });

export const getActiveSessionsQueryOptions = () =>
  queryOptions({
    queryKey: activeSessionsKey,
    queryFn: ({ signal }) => getActiveSessions(signal),
    refetchInterval: SECURITY_LISTS_REFRESH_MS,
  });

export const useActiveSessions = () => useQuery(getActiveSessionsQueryOptions());
