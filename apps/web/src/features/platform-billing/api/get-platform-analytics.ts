import { platformRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const platformAnalyticsKey = ['platform', 'analytics'] as const;

export const getPlatformAnalytics = (signal?: AbortSignal) =>
  call(platformRoutes.getPlatformAnalytics, {}, { signal });

/** Read again every 30 seconds while on screen (no restaurant's events reach the team). */
export const getPlatformAnalyticsQueryOptions = () =>
  queryOptions({
    queryKey: platformAnalyticsKey,
    queryFn: ({ signal }) => getPlatformAnalytics(signal),
    refetchInterval: 30_000,
  });

export const usePlatformAnalytics = () => useQuery(getPlatformAnalyticsQueryOptions());
