import type { ActiveSession } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const activeSessionsKey = ['security', 'sessions'] as const;

/** Sessions come and go with every sign-in: the list refreshes itself every half minute. */
export const SECURITY_LISTS_REFRESH_MS = 30_000;

export const getActiveSessions = (signal?: AbortSignal) =>
  apiRequest<ActiveSession[]>('/api/security/sessions', { signal });

export const getActiveSessionsQueryOptions = () =>
  queryOptions({
    queryKey: activeSessionsKey,
    queryFn: ({ signal }) => getActiveSessions(signal),
    refetchInterval: SECURITY_LISTS_REFRESH_MS,
  });

export const useActiveSessions = () => useQuery(getActiveSessionsQueryOptions());
