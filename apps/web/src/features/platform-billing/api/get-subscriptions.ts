import { platformRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const subscriptionsKey = ['platform', 'subscriptions'] as const;

export const getSubscriptions = (signal?: AbortSignal) =>
  call(platformRoutes.listSubscriptions, {}, { signal });

/**
 * The team's socket carries platform events, not each restaurant's payments: the month's figures
 * are read again every 30 seconds while the tab is open (and when the window regains focus).
 */
export const getSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionsKey,
    queryFn: ({ signal }) => getSubscriptions(signal),
    refetchInterval: 30_000,
  });

export const useSubscriptions = () => useQuery(getSubscriptionsQueryOptions());
